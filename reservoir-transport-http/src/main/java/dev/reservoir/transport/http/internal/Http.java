package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.sse.SseEncoder;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** Header names, media types, and the small bodies the HTTP layer writes itself. */
final class Http {

    static final String SESSION_ID = "Mcp-Session-Id";
    static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";
    static final String LAST_EVENT_ID = "Last-Event-ID";
    static final String CONTENT_TYPE = "Content-Type";
    static final String CONNECTION = "Connection";
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
        if (event == null && message instanceof JsonRpcNotification) {
            // One change is one notification object shared by every subscriber (the engine's
            // ResourceUpdate): encode it once for all their streams, not once per stream. The
            // bytes are never changed after this (streams copy them into their own buffers).
            Encoded last = LAST_NOTIFICATION.get();
            if (last != null && last.message() == message) {
                return last.bytes();
            }
            byte[] bytes = eventBody(null, out -> CODEC.write(message, out));
            LAST_NOTIFICATION.set(new Encoded(message, bytes));
            return bytes;
        }
        return eventBody(event, out -> CODEC.write(message, out));
    }

    private record Encoded(JsonRpcMessage message, byte[] bytes) {}

    private static final AtomicReference<Encoded> LAST_NOTIFICATION = new AtomicReference<>();

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

    /**
     * Whether an Accept header admits a media type (absent admits everything). As RFC 9110
     * (12.5.1) says, the most specific range that matches decides: <code>&#42;/&#42;,
     * application/json;q=0</code> refuses JSON. Read in place, without splitting: every POST asks
     * this twice.
     */
    static boolean accepts(String accept, String mediaType) {
        if (accept == null || accept.isBlank()) {
            return true;
        }
        int best = -1;
        boolean admitted = false;
        int n = accept.length();
        for (int start = 0; start < n; ) {
            int end = accept.indexOf(',', start);
            end = end < 0 ? n : end;
            int semicolon = accept.indexOf(';', start);
            int typeEnd = semicolon >= 0 && semicolon < end ? semicolon : end;
            int specificity =
                    specificity(accept, trimStart(accept, start, typeEnd), trimEnd(accept, start, typeEnd), mediaType);
            if (specificity > best) {
                best = specificity;
                admitted = !refused(accept, typeEnd, end);
            }
            start = end + 1;
        }
        return admitted;
    }

    /**
     * How closely {@code accept[from, to)} names the media type: 2 exactly, 1 its family
     * (<code>type/&#42;</code>), 0 <code>&#42;/&#42;</code>, -1 not at all.
     */
    private static int specificity(String accept, int from, int to, String mediaType) {
        int length = to - from;
        if (length == mediaType.length() && accept.regionMatches(true, from, mediaType, 0, length)) {
            return 2;
        }
        int slash = mediaType.indexOf('/');
        if (length == slash + 2
                && accept.charAt(to - 1) == '*'
                && accept.regionMatches(true, from, mediaType, 0, slash + 1)) {
            return 1;
        }
        return length == 3 && accept.startsWith("*/*", from) ? 0 : -1;
    }

    /** Whether the parameters {@code accept[from, to)} (each after a ';') hold {@code q=0}. */
    private static boolean refused(String accept, int from, int to) {
        for (int at = from; at < to; ) {
            int next = accept.indexOf(';', at + 1);
            next = next < 0 || next > to ? to : next;
            int s = trimStart(accept, at + 1, next);
            int e = trimEnd(accept, s, next);
            if (e - s >= 2 && (accept.charAt(s) == 'q' || accept.charAt(s) == 'Q') && accept.charAt(s + 1) == '=') {
                try {
                    return Double.parseDouble(accept.substring(s + 2, e)) <= 0;
                } catch (NumberFormatException ignored) {
                    return false;
                }
            }
            at = next;
        }
        return false;
    }

    private static int trimStart(String text, int from, int to) {
        while (from < to && (text.charAt(from) == ' ' || text.charAt(from) == '\t')) {
            from++;
        }
        return from;
    }

    private static int trimEnd(String text, int from, int to) {
        while (to > from && (text.charAt(to - 1) == ' ' || text.charAt(to - 1) == '\t')) {
            to--;
        }
        return to;
    }
}
