package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.InFlight;
import dev.reservoir.server.internal.rpc.RpcConnection;
import dev.reservoir.server.transport.MessageSink;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The MCP state of one connection: what initialize negotiated (session era), the logging level,
 * subscriptions and listen streams, and the notifications they feed to the client.
 */
final class Session {

    /** What initialize settled. */
    record Negotiated(WireFormat wire, JsonNode clientCapabilities, Implementation clientInfo) {}

    private static final Object LIST_KEY = new Object();

    private final ServerSettings settings;
    private final SubscriptionHub hub;
    private final SubscriptionBudget budget;
    /** Whose subscription budget this session spends: the transport's name for the client, or its own. */
    private final Object client;

    private final NotificationOutbox outbox;
    private final Subscriber feed = new Feed();
    private final AtomicReference<Negotiated> negotiated = new AtomicReference<>();
    private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
    private final AtomicInteger listens = new AtomicInteger();
    /** The level the client asked for with logging/setLevel; null: send no log messages. */
    private volatile LoggingLevel logLevel;

    /**
     * @param notifications the connection's channel for what the session era sends unasked
     * @param client whose subscription budget this session spends, or null for a budget of its own
     */
    Session(
            ServerSettings settings,
            SubscriptionHub hub,
            SubscriptionBudget budget,
            MessageSink notifications,
            Object client) {
        this.settings = settings;
        this.hub = hub;
        this.budget = budget;
        this.client = client == null ? this : client;
        this.outbox = new NotificationOutbox(notifications, settings.maxSubscriptions() + 16, () -> {});
    }

    /** Whose subscription budget this session spends. */
    Object client() {
        return client;
    }

    boolean initialized() {
        return negotiated.get() != null;
    }

    /** What initialize settled, or null before it. */
    Negotiated negotiated() {
        return negotiated.get();
    }

    /** The negotiated revision, or null before initialize. */
    ProtocolRevision revision() {
        Negotiated n = negotiated.get();
        return n == null ? null : n.wire().revision();
    }

    /** Records the handshake; false if initialize already happened on this connection. */
    boolean initialize(Negotiated value) {
        if (!negotiated.compareAndSet(null, value)) {
            return false;
        }
        hub.subscribeList(feed);
        return true;
    }

    void setLogLevel(LoggingLevel level) {
        logLevel = level;
    }

    void subscribe(String uri) {
        if (!subscriptions.contains(uri) && subscriptions.size() >= settings.maxSubscriptions()) {
            throw McpException.invalidParams("Invalid params: this session already has " + settings.maxSubscriptions()
                    + " subscriptions, the most allowed");
        }
        if (subscriptions.add(uri)) {
            try {
                budget.take(client, SubscriptionBudget.cost(uri));
            } catch (RuntimeException spent) {
                subscriptions.remove(uri);
                throw spent;
            }
            hub.subscribe(uri, feed);
        }
    }

    void unsubscribe(String uri) {
        if (subscriptions.remove(uri)) {
            hub.unsubscribe(uri, feed);
            budget.give(client, SubscriptionBudget.cost(uri));
        }
    }

    /**
     * Turns a listen request into a stream: acknowledged, then fed until cancelled or closed.
     *
     * @param units what the caller took from this session's client's subscription budget for
     *     the stream; given back when the stream ends (or here, if it cannot start)
     */
    void listen(InFlight call, boolean listChanged, List<String> uris, int units) {
        if (listens.incrementAndGet() > settings.maxListens()) {
            listens.decrementAndGet();
            budget.give(client, units);
            throw McpException.invalidParams("Invalid params: this connection already has " + settings.maxListens()
                    + " listen streams, the most allowed");
        }
        NotificationOutbox streamOutbox =
                new NotificationOutbox(call.replies(), settings.maxSubscriptions() + 16, call::cancelRequest);
        ListenStream stream = new ListenStream(call.id(), listChanged, uris, streamOutbox, hub);
        AtomicBoolean ended = new AtomicBoolean();
        Runnable onEnd = () -> {
            // A cancel racing with the detach below may run this twice; it counts once.
            if (ended.compareAndSet(false, true)) {
                stream.stop();
                listens.decrementAndGet();
                budget.give(client, units);
            }
        };
        if (!call.detach(onEnd)) {
            onEnd.run();
            return;
        }
        stream.start();
    }

    /**
     * Tells the client something with a log message, if it asked for log messages: in the
     * stateless era on the request's own channel (its _meta named {@code requestLevel}), in the
     * session era on the session's (logging/setLevel).
     */
    void clientLog(MessageSink request, boolean stateless, LoggingLevel requestLevel, LoggingLevel level, String text) {
        LoggingLevel threshold = stateless ? requestLevel : logLevel;
        if (threshold == null || !level.atLeast(threshold) || (!stateless && !initialized())) {
            return;
        }
        ObjectNode params = JsonNodeFactory.instance
                .objectNode()
                .put("level", level.wire())
                .put("logger", "reservoir")
                .put("data", text);
        JsonRpcNotification message = new JsonRpcNotification(McpMethods.NOTIFICATION_MESSAGE, params);
        if (stateless) {
            RpcConnection.sendQuietly(request, message);
        } else {
            outbox.offer(new Object(), message);
        }
    }

    /** Ends the session: its subscriptions are given back and nothing more is sent. */
    void close() {
        for (String uri : List.copyOf(subscriptions)) {
            unsubscribe(uri);
        }
        if (negotiated.get() != null) { // the list's subscription comes with the handshake (none without one)
            hub.unsubscribeList(feed);
        }
        outbox.close();
    }

    /** Feeds the session era's notifications to the connection's notification channel. */
    private final class Feed implements Subscriber {
        @Override
        public void updated(ResourceUpdate update) {
            Negotiated n = negotiated.get();
            if (n == null) {
                return;
            }
            outbox.offer(update.uri(), update.forSession(n.wire()));
        }

        @Override
        public void listChanged() {
            outbox.offer(LIST_KEY, new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, null));
        }
    }
}
