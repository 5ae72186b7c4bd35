package dev.reservoir.server.internal;

import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.internal.rpc.Deadlines;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.RequestObserver;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The server: settings, routing, subscriptions and the open connections. */
public final class ServerImpl implements AutoCloseable, RequestObserver.Counts {

    private final ServerSettings settings;
    private final Features features;
    private final Router router;
    private final Cursors cursors;
    private final SubscriptionHub hub;
    private final SubscriptionBudget budget;
    private final Map<McpMethod, Dispatcher.Handler> methods;
    private final StreamBudget streams;
    private final MessageCap messageCap;
    private final Deadlines deadlines;
    private final Set<ConnectionImpl> connections = ConcurrentHashMap.newKeySet();
    private final ProviderLifecycle providers;
    private volatile boolean closed;
    private volatile boolean draining;

    /**
     * Routes to the builder's static resources, then its templates and providers; starts the
     * providers. Throws IllegalArgumentException when providers overlap, IllegalStateException when
     * one cannot start (each message names the provider and the fix).
     */
    public ServerImpl(
            ServerSettings settings,
            InMemoryProvider statics,
            List<ResourceProvider> providers,
            List<TemplateRegistration> templates) {
        this(settings, statics, providers, templates, Features.NONE);
    }

    /** The same, with the opt-in features (tools bridge, skills, directory reads). */
    public ServerImpl(
            ServerSettings settings,
            InMemoryProvider statics,
            List<ResourceProvider> providers,
            List<TemplateRegistration> templates,
            Features features) {
        this.settings = settings;
        this.features = features;
        this.router = new Router(statics, providers, templates);
        this.cursors = new Cursors(settings.cursorKey());
        this.hub = new SubscriptionHub(router, settings.bus());
        this.budget = new SubscriptionBudget(settings.maxSubscriptionsPerClient(), settings.maxSubscriptionsTotal());
        this.streams = new StreamBudget(
                settings.maxOpenStreams() > 0 ? settings.maxOpenStreams() : StreamBudget.defaultSize());
        this.methods = methods(settings, features, router, cursors, budget, streams);
        this.messageCap = new MessageCap(settings.maxMessageBytes());
        this.deadlines = new Deadlines(settings.requestTimeout());
        try {
            this.providers = new ProviderLifecycle(router.providers(), hub);
        } catch (RuntimeException e) {
            deadlines.close();
            throw e;
        }
        if (settings.observer() != null) {
            settings.observer().attached(this);
        }
    }

    /** The handlers, each given what it works with (the server itself is no handler's collaborator). */
    private static Map<McpMethod, Dispatcher.Handler> methods(
            ServerSettings settings,
            Features features,
            Router router,
            Cursors cursors,
            SubscriptionBudget budget,
            StreamBudget streams) {
        ResourceMethods resources = new ResourceMethods(router, cursors, settings, streams);
        ResourceTools tools = new ResourceTools(settings, router, resources, new ToolReader(router, settings, streams));
        return Dispatcher.table(
                features,
                new Lifecycle(settings, features),
                resources,
                new SubscriptionMethods(router, settings, budget),
                new ToolMethods(settings, tools),
                new SkillMethods(settings, cursors, features.skills(), resources));
    }

    ServerSettings settings() {
        return settings;
    }

    SubscriptionHub hub() {
        return hub;
    }

    SubscriptionBudget budget() {
        return budget;
    }

    /** The method table, shared by every connection's dispatcher. */
    Map<McpMethod, Dispatcher.Handler> methods() {
        return methods;
    }

    /** The deadline sweeper, shared by every connection. */
    Deadlines deadlines() {
        return deadlines;
    }

    /** Fits answers to the message size clients that read messages whole accept (stdio). */
    MessageCap messageCap() {
        return messageCap;
    }

    public ServerConnection connect(MessageSink notifications) {
        return connect(notifications, ConnectionInfo.UNKNOWN);
    }

    public ServerConnection connect(MessageSink notifications, ConnectionInfo info) {
        if (closed) {
            throw new IllegalStateException("the server is closed");
        }
        ConnectionImpl connection = new ConnectionImpl(this, notifications, info);
        connections.add(connection);
        return connection;
    }

    public boolean drain(java.time.Duration grace) throws InterruptedException {
        draining = true;
        long deadline = System.nanoTime() + grace.toNanos();
        boolean idle = true;
        for (ConnectionImpl connection : List.copyOf(connections)) {
            long left = Math.max(0, deadline - System.nanoTime());
            idle &= connection.awaitIdle(java.time.Duration.ofNanos(left));
        }
        return idle;
    }

    /** Whether {@link #drain} was called: new requests are refused. */
    public boolean draining() {
        return draining;
    }

    void forget(ConnectionImpl connection) {
        connections.remove(connection);
    }

    public void resourceUpdated(String uri) {
        hub.bus().publish(new dev.reservoir.server.bus.Change.ResourceUpdated(uri));
    }

    public void resourceListChanged() {
        hub.resourceListChanged();
    }

    @Override
    public int sessions() {
        int open = 0;
        for (ConnectionImpl connection : connections) {
            if (connection.initialized()) {
                open++;
            }
        }
        return open;
    }

    @Override
    public int subscriptions() {
        return hub.subscriptionCount();
    }

    public Implementation serverInfo() {
        return settings.serverInfo();
    }

    /** How the notification bus is doing. */
    public dev.reservoir.server.bus.BusStatus busStatus() {
        return hub.bus().status();
    }

    public Set<ProtocolRevision> revisions() {
        return settings.revisions();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List.copyOf(connections).forEach(ConnectionImpl::close);
        hub.bus().close();
        hub.closeAll();
        deadlines.close();
        providers.close();
    }
}
