package dev.reservoir.testkit;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The architecture rules every Reservoir module keeps, checked by a test in each module: its
 * packages form no cycle, and none of its classes uses an {@code internal} package of another
 * module. A module's root package is its JPMS name ({@code dev.reservoir.server}, ...).
 */
public final class ModuleArchitecture {

    private ModuleArchitecture() {}

    /**
     * Checks the main classes of the module whose root package is {@code module} (test classes are
     * left out); throws {@link AssertionError} listing every cycle and every use of another module's
     * internals.
     */
    public static void check(String module) {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages(module);
        slices().matching("dev.reservoir.(**)")
                .as("the packages of " + module)
                .should()
                .beFreeOfCycles()
                .check(classes);
        noClasses()
                .should()
                .dependOnClassesThat(
                        resideInAPackage("dev.reservoir..internal..").and(not(resideInAPackage(module + ".."))))
                .as("no class of " + module + " uses an internal package of another module")
                .check(classes);
    }
}
