package dev.reservoir.core;

import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.protocol.WireFormat;
import java.util.Objects;

/**
 * A failure that has a meaning in the protocol, so the peer gets its code and message. Anything
 * else thrown by a handler or provider becomes "Internal error" on the wire (and a log entry).
 */
public class McpException extends RuntimeException {

    private final JsonRpcError error;

    public McpException(JsonRpcError error) {
        super(Objects.requireNonNull(error, "error").message());
        this.error = error;
    }

    protected McpException(String message) {
        super(message);
        this.error = null;
    }

    /** An invalid-params error (-32602) whose message names the parameter and what is wrong. */
    public static McpException invalidParams(String message) {
        return new McpException(new JsonRpcError(ErrorCodes.INVALID_PARAMS, message, null));
    }

    /** An invalid-params error (-32602) about a URI the client sent: data is {@code {uri}}, as for not found. */
    public static McpException invalidParams(String message, String uri) {
        var data = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        data.put("uri", uri);
        return new McpException(new JsonRpcError(ErrorCodes.INVALID_PARAMS, message, data));
    }

    /** The content of a resource is larger than the read limit: code -31000, data {uri, size, limit}. */
    public static McpException contentTooLarge(String uri, long size, long limit) {
        var data = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        data.put("uri", uri).put("size", size).put("limit", limit);
        return new McpException(new JsonRpcError(
                ErrorCodes.CONTENT_TOO_LARGE,
                "Resource " + uri + " is " + size + " bytes, more than the read limit of " + limit + " bytes",
                data));
    }

    /** The server may not read the resource (permission denied): code -31001, data {uri}. */
    public static McpException accessDenied(String uri) {
        var data = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        data.put("uri", uri);
        return new McpException(
                new JsonRpcError(ErrorCodes.ACCESS_DENIED, "Permission denied: the server may not read " + uri, data));
    }

    /**
     * The error to send in the given wire format. Here the same in every format; a subclass whose
     * error differs between revisions (not found) overrides it.
     */
    public JsonRpcError error(WireFormat wire) {
        return error;
    }
}
