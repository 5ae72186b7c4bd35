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

    /** The error to send in the given wire format. */
    public JsonRpcError error(WireFormat wire) {
        return error;
    }
}
