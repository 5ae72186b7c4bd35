package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.sse.SseEncoder;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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

    HttpSseEndpoint(McpServer server, HttpSettings settings, Sessions budget) {
        this.server = server;
        this.settings = settings;
        this.budget = budget;
    }

    void open(HttpExchange exchange, Caller caller) {
        if (!Http.accepts(exchange.header(Http.ACCEPT), Http.EVENT_STREAM)) {
            Http.fail(exchange, 406, null, "Not acceptable: accept text/event-stream");
            return;
        }
        if (channels.size() + budget.count() >= settings.limits().maxSessions()) {
            Http.fail(exchange, 503, null, "Service unavailable: too many sessions open");
            return;
        }
        if (!budget.acquireStream(caller.client(), null)) {
            Http.fail(
                    exchange, 429, null, "Too many requests: this client or the server has its most SSE streams open");
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
            EventStream.Reader reader = stream.attach(null, Requests.aborter(exchange));
            SsePump.startResponse(exchange);
            byte[] endpoint =
                    SseEncoder.event(null, "endpoint", settings.httpSseMessagePath() + "?sessionId=" + id, null);
            SsePump.end(
                    exchange,
                    SsePump.run(
                            stream,
                            reader,
                            exchange,
                            endpoint,
                            new SsePump.Options(settings.keepAlive(), null, null, true)));
        } finally {
            channels.remove(id);
            connection.close();
            stream.close();
            budget.releaseStream(caller.client(), null);
        }
    }

    void post(HttpExchange exchange, Caller caller) {
        String id = parameter(exchange.query(), "sessionId");
        if (id == null) {
            Http.fail(exchange, 400, null, "Bad request: the sessionId parameter is required");
            return;
        }
        Channel channel = channels.get(id);
        if (channel == null || !channel.principal().equals(caller.principal())) {
            Http.fail(exchange, 404, null, "Session not found: open the SSE stream again");
            return;
        }
        Decoded frame = Requests.readFrame(exchange, settings.limits().maxRequestBytes());
        if (frame == null) {
            return;
        }
        if (frame instanceof Decoded.Invalid invalid && !invalid.notification()) {
            Http.unreadable(exchange, invalid);
            return;
        }
        // Blocks while the connection has its most requests in flight: the client's POSTs slow down.
        channel.connection().receive(frame, channel.sink());
        exchange.status(202);
        exchange.setHeader(Http.CONTENT_TYPE, "text/plain");
        Http.body(exchange, "Accepted".getBytes(StandardCharsets.US_ASCII), true);
    }

    /** The first value of a query parameter, decoded, or null. */
    static String parameter(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (decode(key).equals(name)) {
                return eq < 0 ? "" : decode(pair.substring(eq + 1));
            }
        }
        return null;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // a malformed escape: taken as written, so it names no channel
        }
    }

    /** Ends every open channel (the transport stops). */
    void closeAll() {
        for (Channel c : List.copyOf(channels.values())) {
            c.connection().close();
        }
    }
}
