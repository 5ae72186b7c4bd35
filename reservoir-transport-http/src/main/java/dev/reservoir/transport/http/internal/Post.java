package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.RequestedRevision;
import dev.reservoir.transport.http.exchange.HttpExchange;

/**
 * A POST to the MCP endpoint, read and decoded: its frame, the headers that route it, and what
 * its client accepts. Once the engine has the frame, {@link #release()} lets its JSON go: a listen
 * stream's request (ten thousand URIs, say) would otherwise stay in memory as long as the stream,
 * held by the frames of the thread that serves it.
 */
final class Post {

    private Decoded frame;
    private JsonRpcRequest single;
    private final RequestId id;
    private final String sessionId;
    private final String version;
    private final boolean json;
    private final boolean sse;
    /** The era its {@code _meta} asks for, read once (null when the frame is not one request). */
    private final RequestedRevision requested;

    /**
     * @param single the frame's request when it is one request, else null
     * @param version the {@code MCP-Protocol-Version} header, or null
     */
    Post(Decoded frame, JsonRpcRequest single, String sessionId, String version, boolean json, boolean sse) {
        this.frame = frame;
        this.single = single;
        this.id = single == null ? null : single.id();
        this.sessionId = sessionId;
        this.version = version;
        this.json = json;
        this.sse = sse;
        this.requested = single == null ? null : ProtocolRevision.requested(single.params());
    }

    Decoded frame() {
        return frame;
    }

    /** The frame's request when it is one request, else null. */
    JsonRpcRequest single() {
        return single;
    }

    String sessionId() {
        return sessionId;
    }

    /** The {@code MCP-Protocol-Version} header, or null. */
    String version() {
        return version;
    }

    /** Whether the client accepts a JSON answer. */
    boolean json() {
        return json;
    }

    /** Whether the client accepts an SSE answer. */
    boolean sse() {
        return sse;
    }

    /** Drops the frame (the engine has it); only the id and headers are left. */
    void release() {
        frame = null;
        single = null;
    }

    /**
     * Reads a POST: checks Accept (406) and Content-Type (415) and the size of the body (413).
     * Returns null when it answered the request itself.
     */
    static Post read(HttpExchange exchange, int maxBytes) {
        String accept = exchange.header(Http.ACCEPT);
        boolean json = Http.accepts(accept, Http.JSON);
        boolean sse = Http.accepts(accept, Http.EVENT_STREAM);
        if (!json && !sse) {
            Http.fail(exchange, 406, null, "Not acceptable: accept application/json or text/event-stream");
            return null;
        }
        String contentType = exchange.header(Http.CONTENT_TYPE);
        if (contentType != null && !contentType.split(";")[0].trim().equalsIgnoreCase(Http.JSON)) {
            Http.fail(exchange, 415, null, "Unsupported media type: send application/json");
            return null;
        }
        Decoded frame = Requests.readFrame(exchange, maxBytes);
        if (frame == null) {
            return null;
        }
        return new Post(
                frame,
                frame instanceof Decoded.Single(JsonRpcRequest r) ? r : null,
                exchange.header(Http.SESSION_ID),
                exchange.header(Http.PROTOCOL_VERSION),
                json,
                sse);
    }

    /** The era the request's {@code _meta} asks for, or null when the frame is not one request. */
    RequestedRevision requested() {
        return requested;
    }

    /** The id of the request, or null when the frame is not one request. */
    RequestId id() {
        return id;
    }

    boolean isInitialize() {
        return single != null && single.method().equals(McpMethod.INITIALIZE.wire());
    }

    /**
     * Whether the stateless era serves it: its {@code _meta} names such a version, or it has no
     * {@code _meta} version, no session, and a header that names one (then the engine answers the
     * missing field).
     */
    boolean stateless() {
        if (single == null) {
            return false;
        }
        if (requested.stateless()) {
            return true;
        }
        return sessionId == null && requested.named().isEmpty() && !isInitialize() && statelessHeader();
    }

    /** Whether the {@code MCP-Protocol-Version} header names a 2026-07-28 (or later) revision. */
    boolean statelessHeader() {
        return version != null
                && ProtocolRevision.parse(version.trim())
                        .map(ProtocolRevision::isStateless)
                        .orElse(false);
    }
}
