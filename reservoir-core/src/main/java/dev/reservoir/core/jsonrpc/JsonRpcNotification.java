package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A one-way message; the receiver never answers it.
 *
 * @param method never null
 * @param params the params object, or null when the notification has none
 */
public record JsonRpcNotification(String method, ObjectNode params) implements JsonRpcMessage {
    public JsonRpcNotification {
        Objects.requireNonNull(method, "method");
    }
}
