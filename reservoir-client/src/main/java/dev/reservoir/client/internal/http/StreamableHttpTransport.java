package dev.reservoir.client.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.internal.Call;
import dev.reservoir.client.internal.ClientTransport;
import dev.reservoir.client.internal.Messages;
import dev.reservoir.client.internal.Protocol;
import dev.reservoir.client.internal.Rpc;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.Cancellation;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streamable HTTP on {@code java.net.http}, for both eras. Every message is a POST to the endpoint;
 * an answer is a JSON body or an SSE stream, read on a virtual thread per request.
 *
 * <ul>
 *   <li>A request whose params carry the stateless era's {@code _meta} (2026-07-28) gets
 *       {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} headers from its body,
 *       no session, and is cancelled by closing its stream.
 *   <li>Otherwise (session era) it gets {@code Mcp-Session-Id} (from the initialize answer) and the
 *       negotiated {@code MCP-Protocol-Version}; a stream that breaks before the answer is resumed
 *       with a GET carrying {@code Last-Event-ID}, after the server's {@code retry}; a GET stream
 *       carries the server's own notifications; cancelling sends {@code notifications/cancelled};
 *       closing sends DELETE.
 * </ul>
 */
public final class StreamableHttpTransport implements ClientTransport {

    private static final Logger log = LoggerFactory.getLogger(StreamableHttpTransport.class);
    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();
    static final String SESSION_ID = "Mcp-Session-Id";
    static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";
    static final String LAST_EVENT_ID = "Last-Event-ID";
    private static final String ACCEPT_BOTH = "application/json, text/event-stream";
    static final long DEFAULT_RETRY_MILLIS = 1000;
    private static final int MAX_RESUMES = 10;

    private final HttpClient http;
    private final URI endpoint;
    private final Map<String, String> headers;
    final Set<InputStream> open = ConcurrentHashMap.newKeySet();
    private volatile Rpc rpc;
    private volatile String sessionId;
    private volatile String negotiatedVersion;
    volatile boolean closed;
    private volatile Thread listener;
    private volatile Runnable sessionLost;
    private final Object renewLock = new Object();
    /** While a new session is being started: the one it replaces, and the outcome. */
    private String renewing;

    private CompletableFuture<Boolean> renewal;

    /**
     * @param headers extra headers on every request (Authorization, say)
     */
    public StreamableHttpTransport(HttpClient http, URI endpoint, Map<String, String> headers) {
        this.http = http;
        this.endpoint = endpoint;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public TransportKind kind() {
        return TransportKind.STREAMABLE_HTTP;
    }

    public URI endpoint() {
        return endpoint;
    }

    /** The session the server assigned at initialize, or null. */
    public String sessionId() {
        return sessionId;
    }

    @Override
    public void start(Rpc rpc) {
        this.rpc = rpc;
    }

    /**
     * What to run when the server ends the session-era session (HTTP 404 to a request that
     * carried it): start a new session and subscribe again. The request that met the 404 is then
     * sent once more, in the new session.
     */
    public void onSessionLost(Runnable renew) {
        this.sessionLost = renew;
    }

    /**
     * Starts a new session in place of {@code lost}, once however many requests met the 404; the
     * others wait for it. Returns whether there is a new session to retry in.
     */
    boolean renewSession(String lost) {
        CompletableFuture<Boolean> outcome;
        synchronized (renewLock) {
            if (closed || sessionLost == null) {
                return false;
            }
            if (renewal != null) {
                if (!lost.equals(renewing)) {
                    return false; // the new session was lost while it was being set up: give up
                }
                outcome = renewal;
            } else if (!lost.equals(sessionId)) {
                return sessionId != null; // already replaced
            } else {
                renewing = lost;
                renewal = new CompletableFuture<>();
                outcome = null;
            }
        }
        if (outcome != null) {
            return outcome.join();
        }
        boolean renewed = false;
        try {
            Thread old = listener;
            listener = null; // the new session gets its own GET stream once negotiated
            if (old != null && old != Thread.currentThread()) {
                old.interrupt();
            }
            sessionLost.run();
            renewed = sessionId != null && !lost.equals(sessionId);
        } catch (RuntimeException e) {
            log.warn("Could not start a new session after the server ended {}: {}", lost, e.toString());
        } finally {
            CompletableFuture<Boolean> done;
            synchronized (renewLock) {
                done = renewal;
                renewal = null;
                renewing = null;
            }
            done.complete(renewed);
        }
        return renewed;
    }

    @Override
    public void send(Call<?> call) {
        Thread.ofVirtual().name("mcp-http-" + call.method()).start(() -> {
            try {
                exchange(call);
            } catch (RuntimeException e) {
                // Whatever goes wrong, the call fails now rather than waiting out its deadline.
                rpc.fail(call, new McpClientException("could not send " + call.method() + ": " + e.getMessage(), e));
            }
        });
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        HttpRequest request = post(message, false).build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending", e);
        }
        if (response.statusCode() >= 300) {
            throw new HttpStatusException(
                    "the server refused a message", response.statusCode(), null, Http.snippet(response.body()));
        }
    }

    @Override
    public void cancel(Call<?> call, String reason) {
        if (!call.stateless()) {
            // Session era: a closed stream is not a cancellation, so say it (then stop reading).
            Thread.ofVirtual().start(() -> {
                try {
                    send(Cancellation.notification(call.id(), reason));
                } catch (IOException | RuntimeException e) {
                    log.debug("Could not send notifications/cancelled for {}", call.id(), e);
                }
            });
        }
        call.abortStream(); // 2026-07-28: closing the request's stream is the cancellation
    }

    @Override
    public void negotiated(ProtocolRevision revision) {
        negotiatedVersion = revision.id();
        if (!revision.isStateless() && listener == null && !closed) {
            listener = Thread.ofVirtual().name("mcp-http-get-stream").start(new GetStream(this));
        }
    }

    private HttpRequest.Builder post(JsonRpcMessage message, boolean stateless) {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", ACCEPT_BOTH)
                .POST(HttpRequest.BodyPublishers.ofByteArray(CODEC.encode(message)));
        headers.forEach(b::header);
        if (stateless && message instanceof dev.reservoir.core.jsonrpc.JsonRpcRequest request) {
            b.header(PROTOCOL_VERSION, Protocol.statelessVersion(request.params()));
            b.header(METHOD, request.method());
            String name = nameOf(request.method(), request.params());
            if (name != null) {
                b.header(NAME, HeaderValues.encode(name));
            }
        } else if (message instanceof dev.reservoir.core.jsonrpc.JsonRpcRequest request
                && request.method().equals(McpMethod.INITIALIZE.wire())) {
            // A new session starts without one (also when the server ended the old one).
            String version = negotiatedVersion;
            if (version != null) {
                b.header(PROTOCOL_VERSION, version);
            }
        } else {
            sessionHeaders(b);
        }
        return b;
    }

    /** The value Mcp-Name mirrors: params.uri for resources/read, params.name for tools/call and prompts/get. */
    static String nameOf(String method, ObjectNode params) {
        if (params == null) {
            return null;
        }
        String field = McpMethod.fromWire(method).map(McpMethod::nameField).orElse(null);
        JsonNode source = field == null ? null : params.get(field);
        return source != null && source.isTextual() ? source.textValue() : null;
    }

    private void sessionHeaders(HttpRequest.Builder b) {
        String session = sessionId;
        if (session != null) {
            b.header(SESSION_ID, session);
        }
        String version = negotiatedVersion;
        if (version != null) {
            b.header(PROTOCOL_VERSION, version);
        }
    }

    private void exchange(Call<?> call) {
        exchange(call, false);
    }

    private void exchange(Call<?> call, boolean retried) {
        boolean stateless = call.stateless();
        String sentSession = stateless ? null : sessionId;
        CompletableFuture<HttpResponse<InputStream>> pending =
                http.sendAsync(post(call.request(), stateless).build(), HttpResponse.BodyHandlers.ofInputStream());
        AtomicReference<InputStream> body = new AtomicReference<>();
        call.onAbort(() -> {
            pending.cancel(true);
            Http.closeQuietly(body.get());
        });
        HttpResponse<InputStream> response;
        try {
            response = pending.get();
        } catch (CancellationException e) {
            return; // given up
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (ExecutionException e) {
            String why = "could not reach " + endpoint + ": " + Http.describe(e.getCause(), endpoint);
            rpc.fail(
                    call,
                    e.getCause() instanceof HttpConnectTimeoutException
                            ? new McpTimeoutException(
                                    why, call.method(), http.connectTimeout().orElse(Duration.ZERO))
                            : new McpClientException(why, e.getCause()));
            return;
        }
        InputStream in = response.body();
        body.set(in);
        open.add(in);
        try {
            if (call.isDone()) {
                return;
            }
            if (call.method().equals(McpMethod.INITIALIZE.wire())) {
                response.headers().firstValue(SESSION_ID).ifPresent(id -> sessionId = id);
            }
            if (response.statusCode() == 404
                    && sentSession != null
                    && !retried
                    && !call.method().equals(McpMethod.INITIALIZE.wire())
                    && renewSession(sentSession)) {
                Http.finish(in);
                if (!call.isDone()) {
                    exchange(call, true); // in the new session
                }
                return;
            }
            answer(call, response, stateless);
        } catch (IOException | RuntimeException e) {
            if (!call.isDone()) {
                rpc.fail(
                        call,
                        new McpClientException(
                                "reading the answer to " + call.method() + " failed: " + Http.describe(e, endpoint),
                                e));
            }
        } finally {
            Http.finish(in);
            open.remove(in);
        }
    }

    private void answer(Call<?> call, HttpResponse<InputStream> response, boolean stateless) throws IOException {
        int status = response.statusCode();
        String type = Http.contentType(response);
        InputStream body = response.body();
        if (status / 100 == 2) {
            if (type.equals("text/event-stream")) {
                readStream(call, body, stateless);
            } else if (type.equals("application/json")) {
                Messages.readJson(body, rpc);
                if (!call.isDone()) {
                    rpc.fail(call, new McpClientException("the server's answer held no response to " + call.method()));
                }
            } else {
                rpc.fail(
                        call,
                        new HttpStatusException(
                                "the server answered " + call.method() + " with " + (type.isEmpty() ? "no body" : type),
                                status,
                                null,
                                null));
            }
            return;
        }
        if (status == 404 && !stateless && sessionId != null && !call.method().equals(McpMethod.INITIALIZE.wire())) {
            rpc.fail(
                    call,
                    new McpClientException("the server ended the session (HTTP 404 for session " + sessionId
                            + ") and a new one could not be started"));
            return;
        }
        ErrorBody error = ErrorBody.read(body, type);
        if (error.response() != null && call.id().equals(error.response().id())) {
            rpc.accept(error.response());
            if (!call.isDone()) {
                rpc.fail(
                        call,
                        new HttpStatusException(
                                call.method(), status, error.response().error(), null));
            }
            return;
        }
        rpc.fail(call, new HttpStatusException(call.method(), status, error.error(), error.text()));
    }

    /**
     * Reads an SSE answer until the call is answered, then to the stream's end (what else comes is
     * still heard; {@link Http#finish} says why the end matters); resumes a broken session-era
     * stream. The body the exchange opened is the exchange's to finish; resumed ones are finished
     * here.
     */
    private void readStream(Call<?> call, InputStream body, boolean stateless) {
        InputStream stream = body;
        SseReader sse = new SseReader(body);
        String lastId = null;
        long retry = DEFAULT_RETRY_MILLIS;
        try {
            for (int resumes = 0; ; resumes++) {
                try {
                    readEvents(sse, call);
                } catch (IOException e) {
                    log.debug("The SSE stream for {} broke: {}", call.method(), e.toString());
                }
                lastId = sse.lastEventId() != null ? sse.lastEventId() : lastId;
                retry = sse.retryMillis() >= 0 ? sse.retryMillis() : retry;
                if (closed) {
                    return;
                }
                if (call.isDone()) {
                    SseReader answered = sse;
                    Http.withinLimit(stream, () -> readEvents(answered, null));
                    return;
                }
                if (stateless || lastId == null || resumes >= MAX_RESUMES) {
                    rpc.fail(
                            call,
                            new McpClientException("the server closed the stream before answering " + call.method()
                                    + (stateless || lastId == null
                                            ? ""
                                            : " (gave up after " + MAX_RESUMES + " resumptions)")));
                    return;
                }
                Http.sleep(retry);
                HttpResponse<InputStream> resumed = get(lastId, call);
                if (resumed == null) {
                    return;
                }
                if (resumed.statusCode() / 100 != 2
                        || !Http.contentType(resumed).equals("text/event-stream")) {
                    Http.finish(resumed.body());
                    rpc.fail(
                            call,
                            new HttpStatusException(
                                    "resuming the stream of " + call.method() + " with Last-Event-ID " + lastId,
                                    resumed.statusCode(),
                                    null,
                                    null));
                    return;
                }
                if (stream != body) {
                    Http.finish(stream);
                    open.remove(stream);
                }
                InputStream next = resumed.body();
                stream = next;
                open.add(next);
                call.onAbort(() -> Http.closeQuietly(next));
                sse = new SseReader(next);
            }
        } finally {
            if (stream != body) {
                Http.finish(stream);
                open.remove(stream);
            }
        }
    }

    void readEvents(SseReader sse, Call<?> call) throws IOException {
        for (SseReader.Event event; (event = sse.next()) != null; ) {
            String text = Messages.readEvent(event, rpc, 64 * 1024);
            if (text != null && !text.isEmpty()) {
                log.debug("Ignoring a non-JSON SSE event ({}): {}", event.type(), Http.snippet(text));
            }
            if (call != null && call.isDone()) {
                return;
            }
        }
    }

    /** A GET on the endpoint for SSE: the resumption of a stream, or the server's own notification stream. */
    HttpResponse<InputStream> get(String lastEventId, Call<?> call) {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .header("Accept", "text/event-stream")
                .GET();
        headers.forEach(b::header);
        sessionHeaders(b);
        if (lastEventId != null) {
            b.header(LAST_EVENT_ID, lastEventId);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            if (call != null) {
                rpc.fail(call, new McpClientException("could not resume the stream: " + Http.describe(e, endpoint), e));
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Thread l = listener;
        if (l != null) {
            l.interrupt();
        }
        open.forEach(Http::closeQuietly);
        String session = sessionId;
        if (session != null) {
            HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                    .timeout(Duration.ofSeconds(2))
                    .DELETE();
            headers.forEach(b::header);
            sessionHeaders(b);
            try {
                http.send(b.build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                log.debug("DELETE of the session failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (rpc != null) {
            rpc.closed(new McpClientException("the client closed the connection"));
        }
    }
}
