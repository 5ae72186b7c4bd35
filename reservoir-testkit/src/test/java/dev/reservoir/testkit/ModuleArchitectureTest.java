package dev.reservoir.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The testkit's packages, and those of core and server (which cannot depend on the testkit that
 * depends on them), form no cycle and use no internal package of another module.
 */
class ModuleArchitectureTest {

    @Test
    void coreFormsNoCycleAndUsesNoOtherModulesInternals() {
        ModuleArchitecture.check("dev.reservoir.core");
    }

    @Test
    void serverFormsNoCycleAndUsesNoOtherModulesInternals() {
        ModuleArchitecture.check("dev.reservoir.server");
    }

    @Test
    void testkitFormsNoCycleAndUsesNoOtherModulesInternals() {
        ModuleArchitecture.check("dev.reservoir.testkit");
    }

    /**
     * The server's JSON-RPC engine ({@code internal.rpc}) knows nothing of MCP: no protocol, no model,
     * no session, no provider SPI; the protocol reaches it only through its one seam, RpcHandler.
     */
    @Test
    void theJsonRpcEngineKnowsNoMcp() {
        noClasses()
                .that()
                .resideInAPackage("dev.reservoir.server.internal.rpc..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.reservoir.core.protocol..",
                        "dev.reservoir.core.model..",
                        "dev.reservoir.server",
                        "dev.reservoir.server.internal",
                        "dev.reservoir.server.spi..",
                        "dev.reservoir.server.memory..",
                        "dev.reservoir.server.bus..")
                .as("the JSON-RPC engine (server.internal.rpc) uses no MCP package")
                .check(new ClassFileImporter()
                        .withImportOption(new ImportOption.DoNotIncludeTests())
                        .importPackages("dev.reservoir.server"));
    }
}
