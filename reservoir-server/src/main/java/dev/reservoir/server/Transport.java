package dev.reservoir.server;

/** A way to reach a server, such as stdio or HTTP. */
public interface Transport {

    /** Serves the server until the transport ends (stdin closes, the HTTP server stops). */
    void serve(McpServer server) throws Exception;
}
