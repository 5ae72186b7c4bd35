package dev.reservoir.client.internal.http;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.core.jsonrpc.JsonRpcError;

/**
 * The server answered a POST or GET with an HTTP error status, and not with a JSON-RPC response to
 * the request (the era probe inspects these).
 */
public final class HttpStatusException extends McpClientException {

    private final int status;
    private final JsonRpcError error;

    public HttpStatusException(String what, int status, JsonRpcError error, String body) {
        super(what + ": HTTP " + status
                + (error != null
                        ? " (" + error.code() + " " + error.message() + ")"
                        : body == null || body.isBlank() ? "" : ": " + body));
        this.status = status;
        this.error = error;
    }

    public int status() {
        return status;
    }

    /** The JSON-RPC error in the body (one without an id, or one about another request), or null. */
    public JsonRpcError error() {
        return error;
    }
}
