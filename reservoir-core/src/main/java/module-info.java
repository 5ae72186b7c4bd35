/** The JSON-RPC envelope and codec, the MCP model records, and URIs and URI templates. */
module dev.reservoir.core {
    requires transitive com.fasterxml.jackson.databind;

    exports dev.reservoir.core;
    exports dev.reservoir.core.io;
    exports dev.reservoir.core.jsonrpc;
    exports dev.reservoir.core.model;
    exports dev.reservoir.core.protocol;
    exports dev.reservoir.core.sse;
    exports dev.reservoir.core.uri;
}
