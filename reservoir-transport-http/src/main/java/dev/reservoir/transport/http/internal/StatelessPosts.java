package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The stateless era: every POST is served on an engine connection of its own, closed when the
 * exchange ends; a client that closes its response stream cancels the request (or ends its
 * {@code subscriptions/listen} stream). Headers must agree with the body first (400 -32020).
 */
final class StatelessPosts {

    /** In this era every notification belongs to a request and goes out on its answer: none comes here. */
    private static final MessageSink NO_NOTIFICATIONS = new MessageSink() {
        @Override
        public void send(JsonRpcMessage message) {}

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) {}

        @Override
        public boolean finishEndsStream() {
            return true;
        }
    };

    private static final Duration REQUEST_KEEP_ALIVE = Duration.ofSeconds(1);

    private final McpServer server;
    private final HttpSettings settings;
    private final Sessions budget;
    private final SlowAnswers slow;
    /** Continues an exchange on a thread that may block (see {@link HttpExchange#mayBlock}). */
    private final BiConsumer<HttpExchange, McpHandler.Step> later;
    /** The connections of POSTs being served, so that closing the endpoint ends their streams cleanly. */
    private final Set<ServerConnection> open = ConcurrentHashMap.newKeySet();

    StatelessPosts(
            McpServer server,
            HttpSettings settings,
            Sessions budget,
            SlowAnswers slow,
            BiConsumer<HttpExchange, McpHandler.Step> later) {
        this.later = later;
        this.server = server;
        this.settings = settings;
        this.budget = budget;
        this.slow = slow;
    }

    void serve(HttpExchange exchange, Post post, Caller caller) throws InterruptedException {
        Optional<JsonRpcError> mismatch = HeaderChecks.verify(
                post.single(),
                post.requested(),
                post.version(),
                exchange.header(Http.METHOD),
                exchange.header(Http.NAME));
        if (mismatch.isPresent()) {
            Http.error(exchange, 400, post.id(), mismatch.get());
            return;
        }
        // Closing the response stream is the cancellation signal in this era. A web server does
        // not watch a connection while its request is handled, so a client that leaves is noticed
        // when its stream is: an answer still pending after sseAfter becomes an SSE stream, whose
        // hang-up watch and keep-alives (every second at most) find out, and the connection closes.
        boolean listen = post.single().method().equals(McpMethod.SUBSCRIPTIONS_LISTEN.wire());
        Duration keepAlive = listen ? settings.keepAlive() : min(settings.keepAlive(), REQUEST_KEEP_ALIVE);
        ServerConnection connection = server.connect(NO_NOTIFICATIONS, ConnectionInfo.http(null, caller.client()));
        if (!exchange.mayBlock() && !connection.answersAtOnce(post.frame())) {
            later.accept(exchange, x -> serve(x, post, caller, connection, listen, keepAlive));
            return;
        }
        serve(exchange, post, caller, connection, listen, keepAlive);
    }

    /** Serves the POST on its engine connection, and closes that (on a thread that must not block, only what is answered at once). */
    private void serve(
            HttpExchange exchange,
            Post post,
            Caller caller,
            ServerConnection connection,
            boolean listen,
            Duration keepAlive)
            throws InterruptedException {
        open.add(connection);
        try {
            new PostExchange(
                            exchange,
                            true,
                            HeaderChecks.metaIncomplete(post.single()),
                            post.json(),
                            post.sse(),
                            hooks(caller.client(), connection),
                            listen || !exchange.mayBlock() ? null : slow,
                            new SsePump.Options(keepAlive, null, null, true),
                            Requests.aborter(exchange))
                    .serve(connection, post);
        } finally {
            open.remove(connection);
            connection.close();
        }
    }

    /**
     * Ends every POST still served (the endpoint closes): a listen stream ends with its last event,
     * as a clean end of its body, before the web server stops.
     */
    void closeAll() {
        for (ServerConnection c : List.copyOf(open)) {
            c.close();
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private PostExchange.Hooks hooks(String client, ServerConnection connection) {
        return new PostExchange.Hooks() {
            @Override
            public void leftDuringRequest() {
                connection.close(); // cancels the request, whose thread then completes the exchange
            }

            @Override
            public EventStream openStream() {
                // No event ids: streams of this era are not resumable.
                return budget.openUnnumberedStream(client);
            }

            @Override
            public void streamDone(EventStream stream) {
                budget.releaseStream(client, null);
            }
        };
    }
}
