/** A web console for browsing an MCP server's resources. */
module dev.reservoir.console {
    requires transitive dev.reservoir.client;
    requires org.eclipse.jetty.server;
    requires org.slf4j;

    exports dev.reservoir.console;
}
