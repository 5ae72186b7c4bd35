package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;

/**
 * The HTTP status of a response whose body is one JSON-RPC message: the one place that maps
 * protocol errors to statuses. In the session era every answer is 200 except a frame that could
 * not be read (400). In the stateless era the transport page gives 404 for an unknown method and
 * 400 for an unsupported version, a header mismatch, a missing client capability, and a request
 * whose {@code _meta} lacks what every request carries; other errors (a resource that does not
 * exist, a failed read) are answers like any other, with 200. One of Reservoir's own is a refusal
 * for load, and says so to intermediaries as well: a subscription budget spent is 429.
 */
final class Statuses {

    private Statuses() {}

    /**
     * @param stateless whether the request was served in the stateless era
     * @param metaIncomplete whether that request's {@code _meta} lacked its required fields
     */
    static int of(JsonRpcMessage message, boolean stateless, boolean metaIncomplete) {
        if (!(message instanceof JsonRpcErrorResponse error)) {
            return 200;
        }
        int code = error.error().code();
        if (error.id() == null && (code == ErrorCodes.PARSE_ERROR || code == ErrorCodes.INVALID_REQUEST)) {
            return 400;
        }
        if (!stateless) {
            return 200;
        }
        return switch (code) {
            case ErrorCodes.METHOD_NOT_FOUND -> 404;
            case ErrorCodes.PARSE_ERROR,
                    ErrorCodes.INVALID_REQUEST,
                    ErrorCodes.HEADER_MISMATCH,
                    ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
                    ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION -> 400;
            case ErrorCodes.INVALID_PARAMS -> metaIncomplete ? 400 : 200;
            case ErrorCodes.SUBSCRIPTION_LIMIT -> 429;
            default -> 200;
        };
    }
}
