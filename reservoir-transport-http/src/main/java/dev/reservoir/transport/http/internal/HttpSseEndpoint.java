package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.sse.SseEncoder;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The 2024-11-05 HTTP+SSE transport: a GET on the SSE path opens a connection whose first event
 * ({@code endpoint}) names the POST path to send messages to; everything the server says, answers
 * included, comes back as {@code message} events on that one stream. The connection ends when the
 * stream does. Bound to the token that opened it, like sessions.
 */
final class HttpSseEndpoint {

    private record Channel(String principal, ServerConnection connection, MessageSink sink) {}

    private final McpServer server;
    private final HttpSettings settings;
    private final Sessions budget;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private final Hangups hangups;

    HttpSseEndpoint(McpServer server, HttpSettings settings, Sessions budget, Hangups hangups) {
        this.server = server;
        this.settings = settings;
        this.budget = budget;
        this.hangups = hangups;
    }

    void open(Request request, Response response, Callback callback, Caller caller) {
        if (!Http.accepts(Requests.header(request, HttpHeader.ACCEPT.asString()), Http.EVENT_STREAM)) {
            Http.fail(response, callback, 406, null, "Not acceptable: accept text/event-stream");
            return;
        }
        if (channels.size() + budget.count() >= settings.limits().maxSessions()) {
            Http.fail(response, callback, 503, null, "Service unavailable: too many sessions open");
            return;
        }
        if (!budget.acquireStream(caller.client(), null)) {
            Http.fail(
                    response,
                    callback,
                    429,
                    null,
                    "Too many requests: this client or the server has its most SSE streams open");
            return;
        }
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        EventStream stream = new EventStream(
                -1, settings.limits().replayEvents(), settings.limits().replayBytes());
        MessageSink sink = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) {
                stream.append(Http.event("message", message));
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {
                stream.append(Http.event("message", messages));
            }
            // One stream carries every answer, as on stdio: finish() does not end it.
        };
        ServerConnection connection = server.connect(sink, ConnectionInfo.http(null, caller.client()));
        channels.put(id, new Channel(caller.principal(), connection, sink));
        try {
            EventStream.Reader reader = stream.attach(null, Requests.aborter(request));
            SsePump.startResponse(response);
            byte[] endpoint =
                    SseEncoder.event(null, "endpoint", settings.httpSseMessagePath() + "?sessionId=" + id, null);
            SsePump.Outcome outcome = SsePump.run(
                    stream, reader, response, endpoint, new SsePump.Options(settings.keepAlive(), null, null, hangups));
            if (outcome == SsePump.Outcome.ENDED) {
                callback.succeeded();
            } else {
                callback.failed(new EofException("SSE stream " + outcome));
            }
        } finally {
            channels.remove(id);
            connection.close();
            stream.close();
            budget.releaseStream(caller.client(), null);
        }
    }

    void post(Request request, Response response, Callback callback, Caller caller) {
        Fields query = Request.extractQueryParameters(request);
        String id = query.getValue("sessionId");
        if (id == null) {
            Http.fail(response, callback, 400, null, "Bad request: the sessionId parameter is required");
            return;
        }
        Channel channel = channels.get(id);
        if (channel == null || !channel.principal().equals(caller.principal())) {
            Http.fail(response, callback, 404, null, "Session not found: open the SSE stream again");
            return;
        }
        Decoded frame = Requests.readFrame(
                request, response, callback, settings.limits().maxRequestBytes());
        if (frame == null) {
            return;
        }
        if (frame instanceof Decoded.Invalid invalid && !invalid.notification()) {
            Http.unreadable(response, callback, invalid);
            return;
        }
        // Blocks while the connection has its most requests in flight: the client's POSTs slow down.
        channel.connection().receive(frame, channel.sink());
        response.setStatus(202);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
        response.write(
                true,
                java.nio.ByteBuffer.wrap("Accepted".getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
                callback);
    }

    /** Ends every open channel (the transport stops). */
    void closeAll() {
        for (Channel c : List.copyOf(channels.values())) {
            c.connection().close();
        }
    }
}
