package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.sse.SseEncoder;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;

/** Header names, media types, and the small bodies the HTTP layer writes itself. */
final class Http {

    static final String SESSION_ID = "Mcp-Session-Id";
    static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";
    static final String LAST_EVENT_ID = "Last-Event-ID";
    static final String CONTENT_TYPE = "Content-Type";
    static final String CONTENT_LENGTH = "Content-Length";
    static final String CACHE_CONTROL = "Cache-Control";
    static final String ALLOW = "Allow";
    static final String ACCEPT = "Accept";
    static final String JSON = "application/json";
    static final String EVENT_STREAM = "text/event-stream";

    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();

    private Http() {}

    /** An SSE event body (no id) carrying one message as its data; {@code event} may be null. */
    static byte[] event(String event, JsonRpcMessage message) {
        return eventBody(event, out -> CODEC.write(message, out));
    }

    /** An SSE event body (no id) carrying a batch of responses. */
    static byte[] event(String event, List<? extends JsonRpcMessage> batch) {
        return eventBody(event, out -> CODEC.writeBatch(batch, out));
    }

    private interface Json {
        void write(ByteArrayOutputStream out) throws IOException;
    }

    private static byte[] eventBody(String event, Json json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try {
            SseEncoder.writeFields(out, null, event, null);
            // Compact JSON has no raw CR or LF (they are escaped in strings): one data line.
            SseEncoder.startData(out);
            json.write(out);
            SseEncoder.endData(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Answers with a JSON-RPC error body and a status, completing the exchange. */
    static void error(HttpExchange exchange, int status, RequestId id, JsonRpcError error) {
        exchange.status(status);
        exchange.setHeader(CONTENT_TYPE, JSON);
        body(exchange, CODEC.encode(new JsonRpcErrorResponse(id, error)), true);
    }

    /** Answers with a transport-level error: an invalid-request error without an id unless given. */
    static void fail(HttpExchange exchange, int status, RequestId id, String message) {
        error(exchange, status, id, JsonRpcError.invalidRequest(message));
    }

    /** Answers a frame that could not be decoded: 400 with the decoder's error (and its id, if it had one). */
    static void unreadable(HttpExchange exchange, Decoded.Invalid invalid) {
        error(exchange, 400, invalid.error().id(), invalid.error().error());
    }

    /** Answers with a status and no body. */
    static void empty(HttpExchange exchange, int status) {
        exchange.status(status);
        exchange.complete();
    }

    /**
     * Sends a whole body with its length (its bytes only when {@code send}: a HEAD request's answer
     * has the length alone) and completes the exchange; a failed write fails it.
     */
    static void body(HttpExchange exchange, byte[] body, boolean send) {
        exchange.setHeader(CONTENT_LENGTH, Integer.toString(body.length));
        try {
            if (send) {
                exchange.write(ByteBuffer.wrap(body));
            }
            exchange.complete();
        } catch (IOException | RuntimeException e) {
            exchange.fail(e);
        }
    }

    /** Whether an Accept header admits a media type (absent admits everything). */
    static boolean accepts(String accept, String mediaType) {
        if (accept == null || accept.isBlank()) {
            return true;
        }
        String wanted = mediaType.toLowerCase(Locale.ROOT);
        String family = wanted.substring(0, wanted.indexOf('/')) + "/*";
        for (String part : accept.toLowerCase(Locale.ROOT).split(",")) {
            String[] fields = part.split(";");
            String type = fields[0].trim();
            if (type.equals(wanted) || type.equals(family) || type.equals("*/*")) {
                return !refused(fields);
            }
        }
        return false;
    }

    /** A {@code q=0} parameter refuses the type. */
    private static boolean refused(String[] fields) {
        for (int i = 1; i < fields.length; i++) {
            String f = fields[i].trim();
            if (f.startsWith("q=")) {
                try {
                    return Double.parseDouble(f.substring(2)) <= 0;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }
}
