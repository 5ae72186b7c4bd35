package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A request that expects a response.
 *
 * @param id never null
 * @param method never null
 * @param params the params object, or null when the request has none
 */
public record JsonRpcRequest(RequestId id, String method, ObjectNode params) implements JsonRpcMessage {
    public JsonRpcRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(method, "method");
    }
}
