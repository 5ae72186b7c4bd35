package dev.reservoir.core.jsonrpc;

/** A response to a request: a result or an error. */
public sealed interface JsonRpcResponse extends JsonRpcMessage permits JsonRpcResult, JsonRpcErrorResponse {

    /** The id of the request answered, or null for an error about a message whose id could not be read. */
    RequestId id();
}
