package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The error object of an error response.
 *
 * @param code the JSON-RPC error code (see {@link ErrorCodes})
 * @param message a short sentence for people; never internal detail such as a stack trace
 * @param data optional structured detail, or null
 */
public record JsonRpcError(int code, String message, JsonNode data) {
    public JsonRpcError {
        Objects.requireNonNull(message, "message");
    }

    public static JsonRpcError parseError(String message) {
        return new JsonRpcError(ErrorCodes.PARSE_ERROR, message, null);
    }

    public static JsonRpcError invalidRequest(String message) {
        return new JsonRpcError(ErrorCodes.INVALID_REQUEST, message, null);
    }

    public static JsonRpcError methodNotFound(String method) {
        return new JsonRpcError(ErrorCodes.METHOD_NOT_FOUND, "Method not found: " + method, null);
    }

    public static JsonRpcError invalidParams(String message) {
        return new JsonRpcError(ErrorCodes.INVALID_PARAMS, message, null);
    }

    /** A request whose id a request in flight already uses. */
    public static JsonRpcError duplicateId(RequestId id) {
        return invalidRequest("Invalid request: id " + id + " is already used by a request in flight");
    }

    /** A request the server did not answer in time. */
    public static JsonRpcError requestTimedOut(String method, java.time.Duration timeout) {
        return new JsonRpcError(
                ErrorCodes.INTERNAL_ERROR,
                "Request timed out: the server did not answer " + method + " within " + timeout.toMillis() + " ms",
                null);
    }

    /** A request that arrived while the server drains. */
    public static JsonRpcError shuttingDown() {
        return new JsonRpcError(
                ErrorCodes.INTERNAL_ERROR,
                "Server shutting down: it finishes the answers in progress and takes no new requests",
                null);
    }

    /** An answer stopped half-way on purpose, on a channel that goes on after it (the client is told why). */
    public static JsonRpcError answerCutShort(String why) {
        return new JsonRpcError(ErrorCodes.INTERNAL_ERROR, "Internal error: the answer was cut short: " + why, null);
    }

    /** A batch longer than the server takes. */
    public static JsonRpcError batchTooLong(int length, int max) {
        return invalidRequest("Invalid request: this batch holds " + length + " messages; this server takes at most "
                + max + " in one batch, so send it in smaller batches");
    }

    /** The error sent for a failure inside the server; the detail goes to the server's log only. */
    public static JsonRpcError internalError() {
        return new JsonRpcError(ErrorCodes.INTERNAL_ERROR, "Internal error", null);
    }
}
