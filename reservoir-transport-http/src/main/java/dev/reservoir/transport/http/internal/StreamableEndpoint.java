package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.ServerConnection;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * The Streamable HTTP endpoint for both eras. A POST of the stateless era goes to
 * {@link StatelessPosts}. Any other POST belongs to a session: {@code initialize} opens one (its
 * id goes back in {@code Mcp-Session-Id} once the handshake succeeded), later requests name it,
 * GET reads its notification stream or resumes a stream with {@code Last-Event-ID}, DELETE ends
 * it. A request without a session that needs one gets 400, an unknown or ended session 404.
 */
final class StreamableEndpoint {

    private final McpServer server;
    private final HttpSettings settings;
    private final Sessions sessions;
    private final StatelessPosts stateless;
    private final SlowAnswers slow;
    /** Continues an exchange on a thread that may block (see {@link HttpExchange#mayBlock}). */
    private final BiConsumer<HttpExchange, McpHandler.Step> later;

    StreamableEndpoint(
            McpServer server,
            HttpSettings settings,
            Sessions sessions,
            SlowAnswers slow,
            BiConsumer<HttpExchange, McpHandler.Step> later) {
        this.later = later;
        this.server = server;
        this.settings = settings;
        this.sessions = sessions;
        this.slow = slow;
        this.stateless = new StatelessPosts(server, settings, sessions, slow, later);
    }

    void post(HttpExchange exchange, Caller caller) throws Exception {
        Post post = Post.read(exchange, settings.limits().maxRequestBytes());
        if (post == null) {
            return;
        }
        if (post.stateless()) {
            // 2026-07-28 has no sessions: an Mcp-Session-Id header is ignored.
            stateless.serve(exchange, post, caller);
            return;
        }
        String principal = caller.principal();
        if (post.version() != null && !supported(post.version())) {
            Http.error(exchange, 400, post.id(), unsupportedVersion(post.version()));
            return;
        }
        if (post.sessionId() == null) {
            if (!exchange.mayBlock() && post.isInitialize()) {
                later.accept(exchange, x -> withoutSession(x, post, caller));
                return;
            }
            withoutSession(exchange, post, caller);
            return;
        }
        Session session = find(post.sessionId(), principal);
        if (session == null) {
            Http.fail(exchange, 404, post.id(), "Session not found: it ended or never existed; initialize again");
            return;
        }
        if (!exchange.mayBlock() && !session.connection().answersAtOnce(post.frame())) {
            later.accept(exchange, x -> serve(x, post, session));
            return;
        }
        serve(exchange, post, session);
    }

    /** Serves a POST of a session (on a thread that must not block, only what is answered at once). */
    private void serve(HttpExchange exchange, Post post, Session session) throws InterruptedException {
        session.busy();
        session.established();
        try {
            answer(
                            exchange,
                            post,
                            sessionHooks(session, post.version()),
                            exchange.mayBlock() ? slow : null,
                            options(post.version()))
                    .serve(session.connection(), post);
        } finally {
            session.idle();
        }
    }

    private void withoutSession(HttpExchange exchange, Post post, Caller caller) throws InterruptedException {
        if (post.isInitialize()) {
            initialize(exchange, post, caller);
        } else if (post.single() == null && post.frame() instanceof Decoded.Single && post.statelessHeader()) {
            // A 2026-07-28 client's notification or response: nothing in that era answers one.
            Http.empty(exchange, 202);
        } else if (post.frame() instanceof Decoded.Invalid invalid) {
            Http.unreadable(exchange, invalid);
        } else {
            Http.fail(
                    exchange,
                    400,
                    post.id(),
                    "Bad request: the " + Http.SESSION_ID
                            + " header is required; send initialize first, or use protocol 2026-07-28 with its _meta");
        }
    }

    void get(HttpExchange exchange, Caller caller) throws Exception {
        if (!Http.accepts(exchange.header(Http.ACCEPT), Http.EVENT_STREAM)) {
            Http.fail(exchange, 406, null, "Not acceptable: a GET opens an SSE stream; accept text/event-stream");
            return;
        }
        Session session = session(exchange, caller.principal());
        if (session == null) {
            return;
        }
        session.established();
        String version = exchange.header(Http.PROTOCOL_VERSION);
        if (version != null && !supported(version)) {
            Http.error(exchange, 400, null, unsupportedVersion(version));
            return;
        }
        String lastEventId = exchange.header(Http.LAST_EVENT_ID);
        EventStream stream = lastEventId == null ? session.notifications() : session.streamOf(lastEventId.trim());
        if (stream == null) {
            Http.fail(
                    exchange,
                    400,
                    null,
                    "Bad request: Last-Event-ID '" + lastEventId + "' names no stream this session still has");
            return;
        }
        if (!sessions.acquireStream(session.client, session)) {
            Http.fail(
                    exchange,
                    429,
                    null,
                    "Too many requests: the session, the client or the server has its most SSE"
                            + " streams open; close one or retry later");
            return;
        }
        session.busy();
        try {
            pump(exchange, stream, lastEventId, version);
        } finally {
            session.idle();
            sessions.releaseStream(session.client, session);
        }
    }

    private void pump(HttpExchange exchange, EventStream stream, String lastEventId, String version) {
        EventStream.Reader reader =
                stream.attach(lastEventId == null ? null : lastEventId.trim(), Requests.aborter(exchange));
        if (reader == null) {
            Http.fail(exchange, 404, null, "Session not found: it ended");
            return;
        }
        SsePump.startResponse(exchange);
        byte[] priming = resumable(version) ? PostExchange.primingEvent(reader, retryMillis()) : null;
        SsePump.end(exchange, SsePump.run(stream, reader, exchange, priming, options(version)));
    }

    /** Ends the stateless POSTs still served (the endpoint closes; sessions end through {@link Sessions}). */
    void closeAll() {
        stateless.closeAll();
    }

    void delete(HttpExchange exchange, Caller caller) {
        Session session = session(exchange, caller.principal());
        if (session == null) {
            return;
        }
        if (!sessions.end(session.id)) {
            Http.fail(exchange, 404, null, "Session not found: it ended or never existed");
            return;
        }
        Http.empty(exchange, 200);
    }

    /** The session a GET or DELETE names; null when it answered 400 (no header) or 404. */
    private Session session(HttpExchange exchange, String principal) {
        String sessionId = exchange.header(Http.SESSION_ID);
        if (sessionId == null) {
            Http.fail(exchange, 400, null, "Bad request: the " + Http.SESSION_ID + " header is required");
            return null;
        }
        Session session = find(sessionId, principal);
        if (session == null) {
            Http.fail(exchange, 404, null, "Session not found: it ended or never existed; initialize again");
        }
        return session;
    }

    private void initialize(HttpExchange exchange, Post post, Caller caller) throws InterruptedException {
        Sessions.Refusal full = sessions.makeRoom(caller.client());
        if (full != null) {
            Http.fail(
                    exchange,
                    full == Sessions.Refusal.CLIENT_FULL ? 429 : 503,
                    post.id(),
                    full == Sessions.Refusal.CLIENT_FULL
                            ? "Too many requests: this client has its most sessions open, all busy; end one (DELETE)"
                            : "Service unavailable: the server has its most sessions open, all busy; retry later");
            return;
        }
        Session session = sessions.create(caller.principal(), caller.client());
        ServerConnection connection =
                server.connect(session.notificationSink(), ConnectionInfo.http(session.id, caller.client()));
        session.connected(connection);
        AtomicBoolean registered = new AtomicBoolean();
        PostExchange.Hooks hooks = new PostExchange.Hooks() {
            @Override
            public void beforeCommit(HttpExchange x) {
                // The handshake succeeded before its answer is written: only then is there a session.
                if (connection.initialized() && registered.compareAndSet(false, true)) {
                    sessions.register(session);
                    x.setHeader(Http.SESSION_ID, session.id);
                }
            }

            @Override
            public EventStream openStream() {
                return sessions.openUnnumberedStream(caller.client());
            }

            @Override
            public void streamDone(EventStream stream) {
                sessions.releaseStream(caller.client(), null);
            }
        };
        session.busy();
        try {
            answer(exchange, post, hooks, null, new SsePump.Options(settings.keepAlive(), null, null, true))
                    .serve(connection, post);
        } finally {
            session.idle();
            if (!registered.get()) {
                connection.close();
            }
        }
    }

    /** The answer to a POST of the session era (no header checks of the stateless era apply). */
    private static PostExchange answer(
            HttpExchange exchange, Post post, PostExchange.Hooks hooks, SlowAnswers slow, SsePump.Options options) {
        return new PostExchange(
                exchange, false, false, post.json(), post.sse(), hooks, slow, options, Requests.aborter(exchange));
    }

    private PostExchange.Hooks sessionHooks(Session session, String version) {
        boolean resumable = resumable(version);
        return new PostExchange.Hooks() {
            @Override
            public EventStream openStream() {
                return sessions.acquireStream(session.client, session) ? session.newPostStream() : null;
            }

            @Override
            public void streamDone(EventStream stream) {
                sessions.releaseStream(session.client, session);
            }

            @Override
            public byte[] priming(EventStream.Reader reader) {
                return resumable ? PostExchange.primingEvent(reader, retryMillis()) : null;
            }
        };
    }

    private Session find(String id, String principal) {
        Session session = sessions.find(id.trim());
        // A session belongs to the token that opened it; to any other it does not exist.
        return session == null || !session.principal.equals(principal) ? null : session;
    }

    /** SSE polling and priming events, for a client whose MCP-Protocol-Version header names a revision that has them. */
    private static boolean resumable(String version) {
        return version != null
                && ProtocolRevision.parse(version.trim())
                        .map(ProtocolRevision::hasResumableSse)
                        .orElse(false);
    }

    private SsePump.Options options(String version) {
        return resumable(version)
                ? new SsePump.Options(settings.keepAlive(), settings.ssePollInterval(), retryMillis(), true)
                : new SsePump.Options(settings.keepAlive(), null, null, true);
    }

    private long retryMillis() {
        return settings.sseRetry().toMillis();
    }

    private boolean supported(String version) {
        return ProtocolRevision.parse(version.trim())
                .filter(server.revisions()::contains)
                .isPresent();
    }

    private JsonRpcError unsupportedVersion(String requested) {
        return Errors.unsupportedVersion(requested.trim(), server.revisions(), Http.PROTOCOL_VERSION);
    }
}
