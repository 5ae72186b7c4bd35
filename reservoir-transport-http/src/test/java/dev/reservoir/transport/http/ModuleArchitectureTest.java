package dev.reservoir.transport.http;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.reservoir.testkit.ModuleArchitecture;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** This module's packages form no cycle and it uses no internal package of another module. */
class ModuleArchitectureTest {

    /** The classes that run Reservoir's own Jetty; everything else is the server-neutral endpoint. */
    private static final Set<String> JETTY_SIDE = Set.of(
            "dev.reservoir.transport.http.HttpTransport",
            "dev.reservoir.transport.http.internal.JettyServers",
            "dev.reservoir.transport.http.internal.JettyExchange",
            "dev.reservoir.transport.http.internal.HeaderDeadline",
            "dev.reservoir.transport.http.internal.Hangups",
            "dev.reservoir.transport.http.internal.JsonErrorHandler");

    @Test
    void packagesFormNoCycleAndUseNoOtherModulesInternals() {
        ModuleArchitecture.check("dev.reservoir.transport.http");
    }

    /**
     * So that the endpoint can be mounted on a web server that is not Jetty (Tomcat under Spring
     * MVC, Netty under WebFlux) without loading a Jetty class, or minding which Jetty version the
     * application pins.
     */
    @Test
    void theEndpointLogicUsesNoJettyType() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("dev.reservoir.transport.http");
        noClasses()
                .that(DescribedPredicate.not(onTheJettySide()))
                .should()
                .dependOnClassesThat(resideInAPackage("org.eclipse.jetty.."))
                .as("the endpoint logic (all but " + JETTY_SIDE + ") uses no org.eclipse.jetty type")
                .check(classes);
    }

    private static DescribedPredicate<JavaClass> onTheJettySide() {
        return DescribedPredicate.describe("on the Jetty side", c -> {
            String name = c.getName();
            int nested = name.indexOf('$');
            return JETTY_SIDE.contains(nested < 0 ? name : name.substring(0, nested));
        });
    }
}
