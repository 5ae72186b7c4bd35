/** The stdio transport: newline-delimited JSON-RPC on a process's stdin and stdout. */
module dev.reservoir.transport.stdio {
    requires transitive dev.reservoir.server;
    requires org.slf4j;

    exports dev.reservoir.transport.stdio;
}
