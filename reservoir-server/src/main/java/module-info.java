/**
 * The MCP server engine: {@code McpServer} and its builder, the provider SPI, the transport SPI,
 * the notification bus. The engine itself ({@code dev.reservoir.server.internal} and any package
 * below it) is not exported.
 */
module dev.reservoir.server {
    requires transitive dev.reservoir.core;
    requires jdk.management; // the file descriptor limit (com.sun.management), and java.management
    requires org.slf4j;

    exports dev.reservoir.server;
    exports dev.reservoir.server.bus;
    exports dev.reservoir.server.memory;
    exports dev.reservoir.server.spi;
    exports dev.reservoir.server.transport;

    // Provider kinds (folders, git, databases...) register a ResourceProviderFactory.
    uses dev.reservoir.server.spi.ResourceProviderFactory;
}
