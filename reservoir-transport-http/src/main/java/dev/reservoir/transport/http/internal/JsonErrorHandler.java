package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.protocol.Errors;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Answers the errors Jetty makes itself (a request it could not parse, a head too large, a
 * failure before our handler ran) with a JSON-RPC error body, as every other answer of this server
 * is, instead of Jetty's HTML page: no markup, no stack trace, no server version. The id is null:
 * no request could be read.
 */
final class JsonErrorHandler extends ErrorHandler {

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus() >= 400 ? response.getStatus() : 500;
        if (request.getAttribute(ERROR_STATUS) instanceof Integer code) {
            status = code;
        }
        String reason = request.getAttribute(ERROR_MESSAGE) instanceof String text ? text : null;
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Http.JSON);
        response.getHeaders().put(ERROR_CACHE_CONTROL);
        response.write(true, ByteBuffer.wrap(body(status, reason)), callback);
        return true;
    }

    /** The body of an answer Jetty writes on its own, before there is a request to hand us. */
    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(new HttpField(HttpHeader.CONTENT_TYPE, Http.JSON));
        return ByteBuffer.wrap(body(status, reason));
    }

    static byte[] body(int status, String reason) {
        String message = describe(status, reason);
        // The codec asked for here, not kept in a constant: this class is loaded when the server is
        // made, and its start would then start the JSON machinery on the main thread before the port
        // opens (the warm-up thread starts it beside; see HeaderDeadline.Answer).
        return JsonRpcCodec.standard().encode(new JsonRpcErrorResponse(null, Errors.httpRefusal(status, message)));
    }

    private static String describe(int status, String reason) {
        String name = HttpStatus.getMessage(status);
        return switch (status) {
            case 431 ->
                name + ": the request's headers are too large for this server (a resource URI, in Mcp-Name"
                        + " or anywhere, is at most 8192 characters)";
            case 408 -> name + ": the request did not arrive in time";
            case 500 -> name + ": the server failed; its log has the details";
            default -> reason == null || reason.isBlank() || reason.equals(name) ? name : name + ": " + reason;
        };
    }
}
