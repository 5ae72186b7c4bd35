package dev.reservoir.server.internal;

import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.RequestObserver;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The server: settings, routing, subscriptions and the open connections. */
public final class ServerImpl implements AutoCloseable, RequestObserver.Counts {

    private final ServerSettings settings;
    private final Features features;
    private final Router router;
    private final Cursors cursors;
    private final SubscriptionHub hub;
    private final SubscriptionBudget budget;
    private final Dispatcher dispatcher;
    private final StreamBudget streams;
    private final MessageCap messageCap;
    private final ScheduledExecutorService scheduler;
    private final Set<ConnectionImpl> connections = ConcurrentHashMap.newKeySet();
    private final Set<InFlight> timed = ConcurrentHashMap.newKeySet();
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
        this.dispatcher = new Dispatcher(this);
        this.streams = new StreamBudget(
                settings.maxOpenStreams() > 0 ? settings.maxOpenStreams() : StreamBudget.defaultSize());
        this.messageCap = new MessageCap(settings.maxMessageBytes());
        // One platform thread for deadlines only; requests themselves run on virtual threads.
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "reservoir-deadlines");
            t.setDaemon(true);
            return t;
        });
        long sweep = Math.max(10, Math.min(250, settings.requestTimeout().toMillis() / 4));
        scheduler.scheduleWithFixedDelay(this::expire, sweep, sweep, TimeUnit.MILLISECONDS);
        try {
            this.providers = new ProviderLifecycle(router.providers(), hub);
        } catch (RuntimeException e) {
            scheduler.shutdownNow();
            throw e;
        }
        if (settings.observer() != null) {
            settings.observer().attached(this);
        }
    }

    ServerSettings settings() {
        return settings;
    }

    Features features() {
        return features;
    }

    Router router() {
        return router;
    }

    Cursors cursors() {
        return cursors;
    }

    SubscriptionHub hub() {
        return hub;
    }

    SubscriptionBudget budget() {
        return budget;
    }

    Dispatcher dispatcher() {
        return dispatcher;
    }

    /** The places for content streams open at once, shared by every connection. */
    StreamBudget streams() {
        return streams;
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

    /** A request with a deadline, for the sweeper (requests in flight only: a few, not every connection). */
    void track(InFlight call) {
        timed.add(call);
    }

    void untrack(InFlight call) {
        timed.remove(call);
    }

    /**
     * Times out the requests whose deadline has passed: one pass a few times a second over the
     * requests in flight, instead of a scheduled task per request (which cost every request a trip
     * through a shared, locked queue).
     */
    private void expire() {
        long now = System.nanoTime();
        for (InFlight call : timed) {
            if (now - call.deadline > 0 && call.state() == InFlight.State.RUNNING) {
                timed.remove(call);
                Thread.startVirtualThread(call.onDeadline);
            }
        }
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
        scheduler.shutdownNow();
        providers.close();
    }
}
