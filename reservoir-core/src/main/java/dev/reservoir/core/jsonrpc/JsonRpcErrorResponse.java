package dev.reservoir.core.jsonrpc;

import java.util.Objects;

/**
 * An error response.
 *
 * @param id the request's id, or null when it could not be read (parse errors, invalid requests)
 * @param error never null
 */
public record JsonRpcErrorResponse(RequestId id, JsonRpcError error) implements JsonRpcResponse {
    public JsonRpcErrorResponse {
        Objects.requireNonNull(error, "error");
    }
}
