package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonRpcResponse;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.Cancellation;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.spi.RequestObserver;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection: in-flight requests (each on its own virtual thread, with a deadline), the
 * stateful session if the client initialized one, and its subscriptions.
 */
final class ConnectionImpl implements ServerConnection {

    private static final Logger log = LoggerFactory.getLogger(ConnectionImpl.class);
    private static final Object LIST_KEY = new Object();
    private static final java.util.Set<String> INLINE = java.util.Set.of(
            McpMethods.INITIALIZE,
            McpMethods.PING,
            McpMethods.LOGGING_SET_LEVEL,
            McpMethods.RESOURCES_SUBSCRIBE,
            McpMethods.RESOURCES_UNSUBSCRIBE,
            McpMethods.SUBSCRIPTIONS_LISTEN);

    private static final JsonRpcError SHUTTING_DOWN = new JsonRpcError(
            ErrorCodes.INTERNAL_ERROR,
            "Server shutting down: it finishes the answers in progress and takes no new requests",
            null);

    private final ServerImpl server;
    private final MessageSink notifications;
    private final ConnectionInfo info;
    private final Semaphore permits;
    private final Map<RequestId, InFlight> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger listens = new AtomicInteger();
    private final LegacySession session = new LegacySession();
    private final NotificationOutbox outbox;
    private final SessionSubscriber sessionSubscriber = new SessionSubscriber();
    /** Whose subscription budget this connection spends: the transport's name for the client, or itself. */
    private final Object client;

    private volatile boolean closed;

    /** @param info what the transport knows; its client names the client, or null for a client of its own */
    ConnectionImpl(ServerImpl server, MessageSink notifications, ConnectionInfo info) {
        this.server = server;
        this.notifications = notifications;
        this.info = info;
        this.client = info.client() == null ? this : info.client();
        this.permits = new Semaphore(server.settings().maxConcurrentRequests());
        this.outbox = new NotificationOutbox(notifications, server.settings().maxSubscriptions() + 16, () -> {});
    }

    ServerImpl server() {
        return server;
    }

    /** Whose subscription budget this connection spends. */
    Object client() {
        return client;
    }

    @Override
    public boolean initialized() {
        return session.initialized();
    }

    LegacySession.Negotiated negotiated() {
        return session.negotiated();
    }

    @Override
    public void receive(Decoded frame, MessageSink replies) {
        switch (frame) {
            case Decoded.Single(JsonRpcRequest request) -> start(request, replies);
            case Decoded.Single(JsonRpcNotification notification) -> {
                onNotification(notification);
                replies.finish();
            }
            case Decoded.Single(JsonRpcResponse response) -> {
                log.debug("Ignoring a response from the client (this server sends no requests): id {}", response.id());
                replies.finish();
            }
            case Decoded.Invalid invalid -> {
                if (!invalid.notification()) {
                    sendQuietly(replies, invalid.error());
                }
                replies.finish();
            }
            case Decoded.Batch batch -> receiveBatch(batch, replies);
        }
    }

    private void receiveBatch(Decoded.Batch batch, MessageSink replies) {
        ProtocolRevision revision = session.revision();
        if (revision == null || !revision.allowsBatches()) {
            String why = revision == null
                    ? "a batch needs a session initialized with protocol 2025-03-26"
                    : "protocol " + revision + " does not allow JSON-RPC batches";
            sendQuietly(
                    replies, new JsonRpcErrorResponse(null, JsonRpcError.invalidRequest("Invalid request: " + why)));
            replies.finish();
            return;
        }
        JsonRpcErrorResponse tooLong =
                BatchCollector.refusal(batch, server.settings().maxBatchLength());
        if (tooLong != null) {
            sendQuietly(replies, tooLong);
            replies.finish();
            return;
        }
        BatchCollector collector = new BatchCollector(replies, replies.capsMessageSize() ? server.messageCap() : null);
        for (Decoded item : batch.items()) {
            switch (item) {
                case Decoded.Single(JsonRpcRequest request) -> start(request, collector.slot());
                case Decoded.Single(JsonRpcNotification notification) -> onNotification(notification);
                case Decoded.Single(JsonRpcResponse response) -> log.debug("Ignoring a response in a batch");
                case Decoded.Invalid invalid -> {
                    if (!invalid.notification()) {
                        collector.add(invalid.error());
                    }
                }
                case Decoded.Batch nested -> throw new IllegalStateException("batches do not nest");
            }
        }
        collector.allStarted();
    }

    private void start(JsonRpcRequest request, MessageSink replies) {
        if (closed) {
            replies.finish();
            return;
        }
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            replies.finish();
            return;
        }
        if (server.draining()) {
            // Sent while holding a permit, so that a drain waits for the refusal to be written too.
            sendQuietly(replies, new JsonRpcErrorResponse(request.id(), SHUTTING_DOWN));
            permits.release();
            replies.finish();
            return;
        }
        InFlight call = new InFlight(request.id(), request.method(), replies);
        if (inFlight.putIfAbsent(request.id(), call) != null) {
            permits.release();
            sendQuietly(
                    replies,
                    new JsonRpcErrorResponse(
                            request.id(),
                            JsonRpcError.invalidRequest("Invalid request: id " + request.id()
                                    + " is already used by a request in flight")));
            replies.finish();
            return;
        }
        if (INLINE.contains(request.method())) {
            // Methods that change the session run in arrival order, before the next message is
            // read: a client may send initialize and then resources/list without waiting, or
            // subscribe and then unsubscribe, and must see them take effect in that order.
            run(request, call, true);
        } else {
            Thread.ofVirtual().name("mcp-" + request.method()).start(() -> run(request, call, false));
        }
    }

    private void run(JsonRpcRequest request, InFlight call, boolean inline) {
        RequestObserver observer = server.settings().observer();
        if (observer == null) {
            answer(request, call, inline);
            return;
        }
        String id = request.id() instanceof RequestId.Str text
                ? text.value()
                : request.id().toString();
        RequestObserver.Observation observation;
        try {
            observation = observer.started(new RequestObserver.Request(
                    request.method(), id, request.params(), info.sessionId(), info.transport()));
        } catch (RuntimeException e) {
            log.warn("The request observer failed; {} is answered without it", request.method(), e);
            answer(request, call, inline);
            return;
        }
        JsonRpcError error = null;
        try {
            error = answer(request, call, inline);
        } finally {
            try {
                observation.ended(outcome(call, error));
            } catch (RuntimeException e) {
                log.warn("The request observer failed at the end of {}", request.method(), e);
            }
        }
    }

    private static RequestObserver.Outcome outcome(InFlight call, JsonRpcError error) {
        ProtocolRevision revision = call.wire == null ? null : call.wire.revision();
        return switch (call.state()) {
            case CANCELLED -> new RequestObserver.Outcome(RequestObserver.Outcome.Kind.CANCELLED, 0, null, revision);
            case TIMED_OUT ->
                new RequestObserver.Outcome(
                        RequestObserver.Outcome.Kind.TIMED_OUT, ErrorCodes.INTERNAL_ERROR, "timed out", revision);
            default ->
                error == null
                        ? new RequestObserver.Outcome(RequestObserver.Outcome.Kind.ANSWERED, 0, null, revision)
                        : new RequestObserver.Outcome(
                                RequestObserver.Outcome.Kind.FAILED, error.code(), error.message(), revision);
        };
    }

    /** Answers a request; returns the error it was answered with, or null. */
    private JsonRpcError answer(JsonRpcRequest request, InFlight call, boolean inline) {
        if (!inline) {
            // Inline calls are quick session changes: they get no deadline and are never
            // interrupted (their thread is the transport's reader).
            call.thread = Thread.currentThread();
            call.deadline =
                    System.nanoTime() + server.settings().requestTimeout().toNanos();
            call.onDeadline = () -> onTimeout(call);
            server.track(call);
        }
        JsonRpcResponse response;
        JsonRpcError error = null;
        try {
            JsonWritable result = server.dispatcher().dispatch(request, call, this);
            if (result == Dispatcher.DETACHED) {
                return null;
            }
            response = new JsonRpcResult(request.id(), result);
        } catch (Throwable t) {
            if (call.state() != InFlight.State.RUNNING) {
                return null; // cancelled or timed out: the interrupt was ours, and nothing more is sent
            }
            error = ErrorMapper.toError(t, call.wire, request.method());
            if (error.code() == ErrorCodes.INTERNAL_ERROR) {
                clientLog(
                        call,
                        LoggingLevel.ERROR,
                        request.method() + " failed with an internal error; the server's log has the details");
            }
            response = new JsonRpcErrorResponse(request.id(), error);
        }
        if (call.finish()) {
            // Free the id before the answer goes out: a client may reuse it as soon as it has the
            // answer. Free the permit only after: a transport waiting for the connection to be
            // idle (stdin closed) must not close its output while this answer is being written.
            forget(call);
            sendQuietly(
                    call.replies,
                    call.replies.capsMessageSize() ? server.messageCap().fit(response) : response);
            end(call);
            call.replies.finish();
        }
        return error;
    }

    /** Frees the request's id and deadline (the id may be used again at once). */
    private void forget(InFlight call) {
        inFlight.remove(call.id, call);
        server.untrack(call);
    }

    /** Frees what the request held (its id, its deadline, its permit). */
    private void end(InFlight call) {
        forget(call);
        if (call.releasePermit()) {
            permits.release();
        }
    }

    private void onTimeout(InFlight call) {
        if (!call.timeOut()) {
            return;
        }
        call.interrupt();
        log.warn(
                "{} (id {}) timed out after {}",
                call.method,
                call.id,
                server.settings().requestTimeout());
        clientLog(
                call,
                LoggingLevel.WARNING,
                call.method + " timed out after "
                        + server.settings().requestTimeout().toMillis() + " ms");
        forget(call);
        sendQuietly(
                call.replies,
                new JsonRpcErrorResponse(
                        call.id,
                        new JsonRpcError(
                                ErrorCodes.INTERNAL_ERROR,
                                "Request timed out: the server did not answer " + call.method + " within "
                                        + server.settings().requestTimeout().toMillis() + " ms",
                                null)));
        end(call);
        call.replies.finish();
    }

    private void onNotification(JsonRpcNotification notification) {
        switch (notification.method()) {
            case McpMethods.NOTIFICATION_INITIALIZED -> session.markInitializedNotified();
            case McpMethods.NOTIFICATION_CANCELLED -> {
                RequestId requestId = Cancellation.requestId(notification.params());
                if (requestId != null) {
                    cancel(requestId);
                }
            }
            default -> log.debug("Ignoring notification {}", notification.method());
        }
    }

    /** Cancels a request in flight: its thread is interrupted and nothing more is sent for it. */
    void cancel(RequestId id) {
        InFlight call = inFlight.get(id);
        if (call == null || !call.cancel()) {
            return;
        }
        end(call);
        call.interrupt();
        Runnable onEnd = call.onEnd;
        if (onEnd != null) {
            onEnd.run();
        }
        call.replies.finish();
    }

    void setLogLevel(LoggingLevel level) {
        session.logLevel = level;
    }

    /**
     * Tells the client about a failure with a log message, if it asked for log messages: in the
     * stateless era on the request's own channel (its _meta named a level), in the stateful era on
     * the session's (logging/setLevel). The server's log has the details; the client gets a sentence.
     */
    private void clientLog(InFlight call, LoggingLevel level, String text) {
        boolean stateless = call.wire != null && call.wire.revision().isStateless();
        LoggingLevel threshold = stateless ? call.logLevel : session.logLevel;
        if (threshold == null || !level.atLeast(threshold) || (!stateless && !session.initialized())) {
            return;
        }
        ObjectNode params = JsonNodeFactory.instance
                .objectNode()
                .put("level", level.wire())
                .put("logger", "reservoir")
                .put("data", text);
        JsonRpcNotification message = new JsonRpcNotification(McpMethods.NOTIFICATION_MESSAGE, params);
        if (stateless) {
            sendQuietly(call.replies, message);
        } else {
            outbox.offer(new Object(), message);
        }
    }

    boolean initialize(LegacySession.Negotiated negotiated) {
        if (!session.initialize(negotiated)) {
            return false;
        }
        server.hub().subscribeList(sessionSubscriber);
        return true;
    }

    void subscribe(String uri) {
        if (!session.subscriptions.contains(uri)
                && session.subscriptions.size() >= server.settings().maxSubscriptions()) {
            throw McpException.invalidParams("Invalid params: this session already has "
                    + server.settings().maxSubscriptions() + " subscriptions, the most allowed");
        }
        if (session.subscriptions.add(uri)) {
            try {
                server.budget().take(client, SubscriptionBudget.cost(uri));
            } catch (RuntimeException spent) {
                session.subscriptions.remove(uri);
                throw spent;
            }
            server.hub().subscribe(uri, sessionSubscriber);
        }
    }

    void unsubscribe(String uri) {
        if (session.subscriptions.remove(uri)) {
            server.hub().unsubscribe(uri, sessionSubscriber);
            server.budget().give(client, SubscriptionBudget.cost(uri));
        }
    }

    /**
     * Turns a listen request into a stream: acknowledged, then fed until cancelled or closed.
     *
     * @param units what the caller took from this connection's client's subscription budget for
     *     the stream; given back when the stream ends (or here, if it cannot start)
     */
    void listen(InFlight call, boolean listChanged, List<String> uris, int units) {
        if (listens.incrementAndGet() > server.settings().maxListens()) {
            listens.decrementAndGet();
            server.budget().give(client, units);
            throw McpException.invalidParams("Invalid params: this connection already has "
                    + server.settings().maxListens() + " listen streams, the most allowed");
        }
        if (call.releasePermit()) {
            permits.release(); // a stream is not a request in progress: it must not block others
        }
        NotificationOutbox streamOutbox =
                new NotificationOutbox(call.replies, server.settings().maxSubscriptions() + 16, () -> cancel(call.id));
        ListenStream stream = new ListenStream(call.id, listChanged, uris, streamOutbox, server.hub());
        java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
        call.onEnd = () -> {
            // A cancel racing with the detach below may run this twice; it counts once.
            if (ended.compareAndSet(false, true)) {
                stream.stop();
                listens.decrementAndGet();
                server.budget().give(client, units);
            }
        };
        if (!call.detach()) {
            call.onEnd.run();
            return;
        }
        stream.start();
    }

    @Override
    public boolean awaitIdle(java.time.Duration timeout) throws InterruptedException {
        int all = server.settings().maxConcurrentRequests();
        if (!permits.tryAcquire(all, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        permits.release(all);
        return true;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (InFlight call : List.copyOf(inFlight.values())) {
            boolean stream = call.state() == InFlight.State.DETACHED;
            cancel(call.id);
            if (stream && !call.replies.finishEndsStream()) {
                tellStreamEnded(call);
            }
        }
        for (String uri : List.copyOf(session.subscriptions)) {
            unsubscribe(uri);
        }
        server.hub().unsubscribeList(sessionSubscriber);
        outbox.close();
        server.forget(this);
    }

    /** On a shared channel (stdio), the server ends a listen stream with notifications/cancelled. */
    private static void tellStreamEnded(InFlight call) {
        sendQuietly(call.replies, Cancellation.notification(call.id, "server shutting down"));
    }

    static void sendQuietly(MessageSink sink, JsonRpcMessage message) {
        try {
            sink.send(message);
        } catch (IOException | RuntimeException e) {
            if (!AnswerBrokenException.reported(e, sink, message)) {
                log.debug("Could not send to the client (it may be gone)", e);
            }
        }
    }

    /** Feeds the stateful session's notifications to the connection's notification channel. */
    private final class SessionSubscriber implements Subscriber {
        @Override
        public void updated(String uri, Supplier<String> title) {
            LegacySession.Negotiated negotiated = session.negotiated();
            if (negotiated == null) {
                return;
            }
            ObjectNode params = JsonNodeFactory.instance.objectNode().put("uri", uri);
            if (negotiated.wire().revision().hasTitleInUpdatedNotification()) {
                String t = title.get();
                if (t != null) {
                    params.put("title", t);
                }
            }
            outbox.offer(uri, new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, params));
        }

        @Override
        public void listChanged() {
            outbox.offer(LIST_KEY, new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, null));
        }
    }
}
