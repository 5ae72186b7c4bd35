package dev.reservoir.core.protocol;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.RequestId;

/** {@code notifications/cancelled}, as both ends write and read it. */
public final class Cancellation {

    private Cancellation() {}

    /** The notification that a request was given up, with a reason for the other side's log. */
    public static JsonRpcNotification notification(RequestId id, String reason) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.set("requestId", id.toJson());
        params.put("reason", reason);
        return new JsonRpcNotification(McpMethods.NOTIFICATION_CANCELLED, params);
    }

    /** The id a cancellation names, or null when its params name none (or no valid one). */
    public static RequestId requestId(ObjectNode params) {
        return params == null ? null : RequestId.fromJson(params.get("requestId"));
    }
}
