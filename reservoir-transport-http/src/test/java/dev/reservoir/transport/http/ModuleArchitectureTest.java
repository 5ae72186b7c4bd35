package dev.reservoir.transport.http;

import dev.reservoir.testkit.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/** This module's packages form no cycle and it uses no internal package of another module. */
class ModuleArchitectureTest {

    @Test
    void packagesFormNoCycleAndUseNoOtherModulesInternals() {
        ModuleArchitecture.check("dev.reservoir.transport.http");
    }
}
