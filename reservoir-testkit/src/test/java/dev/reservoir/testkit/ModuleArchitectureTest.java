package dev.reservoir.testkit;

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
}
