package dev.reservoir.spring;

import dev.reservoir.server.McpServerBuilder;

/** Changes the starter's server before it is built: declare one as a bean. */
@FunctionalInterface
public interface ReservoirServerCustomizer {
    void customize(McpServerBuilder builder);
}
