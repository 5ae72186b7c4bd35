package dev.reservoir.client.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.RequestId;

/** One message from the server, its result already decoded by the waiting call's decoder. */
public sealed interface Inbound {

    /**
     * A response: exactly one of result, error and failure is set.
     *
     * @param failure the result arrived but could not be decoded (or stored), so the call fails
     */
    record Response(RequestId id, Object result, JsonRpcError error, Throwable failure) implements Inbound {}

    record Notification(String method, ObjectNode params) implements Inbound {}

    /** A request from the server (ping, or anything this client does not serve). */
    record Request(RequestId id, String method, ObjectNode params) implements Inbound {}
}
