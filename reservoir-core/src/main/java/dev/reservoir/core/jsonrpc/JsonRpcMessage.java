package dev.reservoir.core.jsonrpc;

/** One JSON-RPC 2.0 message: a request, a notification or a response. Immutable. */
public sealed interface JsonRpcMessage permits JsonRpcRequest, JsonRpcNotification, JsonRpcResponse {}
