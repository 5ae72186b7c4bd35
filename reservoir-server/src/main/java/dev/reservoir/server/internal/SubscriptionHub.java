package dev.reservoir.server.internal;

import dev.reservoir.server.bus.Change;
import dev.reservoir.server.bus.NotificationBus;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who is subscribed to what, across all connections, and the provider watches that feed it. A
 * provider watch is opened for a URI when its first subscriber comes and closed when the last one
 * leaves. What the watches report goes out on the notification bus, and what the bus hands back
 * reaches the subscribers here ({@link #deliver}): with a bus shared by replicas, a change one
 * replica detects reaches the subscribers of all. Thread-safe.
 */
final class SubscriptionHub implements ChangeListener, NotificationBus.Delivery {

    private static final Logger log = LoggerFactory.getLogger(SubscriptionHub.class);

    /**
     * Subscribers one thread hands a change to before another thread is worth starting (a virtual
     * thread costs a few microseconds to start; a write to an HTTP stream, 10-20 µs of CPU).
     */
    static final int SUBSCRIBERS_PER_THREAD = 256;

    /**
     * Subscribers a delivering thread takes at a time (half a millisecond of socket writes): few
     * enough that the threads finish together, enough that they seldom meet on the counter.
     */
    static final int SUBSCRIBERS_PER_CLAIM = 32;

    private final class Topic {
        final String uri;
        final Set<Subscriber> subscribers = ConcurrentHashMap.newKeySet();
        Watch watch = Watch.NONE;

        Topic(String uri) {
            this.uri = uri;
        }
    }

    private final Map<String, Topic> topics = new ConcurrentHashMap<>();
    private final Set<Subscriber> listSubscribers = ConcurrentHashMap.newKeySet();
    private final Function<String, Router.Target> resolver;
    private final AtomicInteger subscriptions = new AtomicInteger();
    private final NotificationBus bus;
    private final ChangeVersions versions;
    /** How many threads at most hand one change to its subscribers. */
    private final int deliveryThreads;

    SubscriptionHub(Router router, NotificationBus bus) {
        this(router, bus, Runtime.getRuntime().availableProcessors());
    }

    /** @param deliveryThreads how many threads at most hand one change to its subscribers */
    SubscriptionHub(Router router, NotificationBus bus, int deliveryThreads) {
        this.resolver = router::resolve;
        this.bus = bus;
        this.versions = new ChangeVersions(router);
        this.deliveryThreads = Math.max(1, deliveryThreads);
        bus.start(this);
    }

    NotificationBus bus() {
        return bus;
    }

    /**
     * Adds a subscriber to a URI. Returns the hub's own copy of the URI, which subscribers keep
     * instead of theirs: ten thousand listen streams on one URI then hold one string, not ten
     * thousand.
     */
    String subscribe(String uri, Subscriber subscriber) {
        Topic subscribed = topics.compute(uri, (key, topic) -> {
            Topic t = topic == null ? new Topic(key) : topic;
            if (t.subscribers.add(subscriber)) {
                subscriptions.incrementAndGet();
                if (t.subscribers.size() == 1) {
                    t.watch = openWatch(key);
                }
            }
            return t;
        });
        return subscribed.uri;
    }

    void unsubscribe(String uri, Subscriber subscriber) {
        topics.computeIfPresent(uri, (key, topic) -> {
            if (!topic.subscribers.remove(subscriber)) {
                return topic;
            }
            subscriptions.decrementAndGet();
            if (topic.subscribers.isEmpty()) {
                closeQuietly(topic.watch);
                return null;
            }
            return topic;
        });
    }

    void subscribeList(Subscriber subscriber) {
        listSubscribers.add(subscriber);
    }

    void unsubscribeList(Subscriber subscriber) {
        listSubscribers.remove(subscriber);
    }

    /** Subscriptions held: (URI, subscriber) pairs over every session and listen stream. */
    int subscriptionCount() {
        return subscriptions.get();
    }

    /** A watch saw a resource change: published, and delivered when the bus hands it back. */
    @Override
    public void resourceUpdated(URI uri) {
        bus.publish(new Change.ResourceUpdated(uri.toString()));
    }

    /** A watch saw the list change: published, and delivered when the bus hands it back. */
    @Override
    public void resourceListChanged() {
        bus.publish(Change.LIST_CHANGED);
    }

    @Override
    public void deliver(Change change) {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (change instanceof Change.ResourceUpdated updated) {
            updated(updated.uri());
        } else if (change instanceof Change.ListChanged) {
            listChanged();
        } else {
            throw new IllegalStateException("unknown change " + change);
        }
    }

    @Override
    public String version(Change change) {
        return versions.version(change);
    }

    private void updated(String uri) {
        Topic topic = topics.get(uri);
        if (topic == null || topic.subscribers.isEmpty()) {
            return;
        }
        ResourceUpdate update = new ResourceUpdate(topic.uri, new TitleLookup(uri));
        fanOut(topic.subscribers, subscriber -> subscriber.updated(update));
    }

    private void listChanged() {
        fanOut(listSubscribers, Subscriber::listChanged);
    }

    /**
     * Hands a change to every subscriber. Handing it over writes to the subscriber's connection
     * when nothing waits there (an HTTP stream is written at once, without blocking): for ten
     * thousand subscribers that is ten thousand socket writes, most of their time in the kernel.
     * Above {@link #SUBSCRIBERS_PER_THREAD} subscribers, the writes are shared among up to one
     * thread per core, this one and virtual threads, so that a change reaches everyone in a
     * fraction of the time one thread takes. Each thread takes the next {@link #SUBSCRIBERS_PER_CLAIM}
     * subscribers not yet taken, until none are left, rather than a fixed share: a thread the
     * machine runs late (the clients, the collector and the web server's threads want the same
     * cores) then leaves its work to the others, instead of the whole change waiting for its last
     * share. Returns once every subscriber has it, so a source's changes are handed over in the
     * order it made them.
     */
    private void fanOut(Set<Subscriber> subscribers, Consumer<Subscriber> hand) {
        int parts = Math.min(deliveryThreads, subscribers.size() / SUBSCRIBERS_PER_THREAD);
        if (parts <= 1) {
            for (Subscriber subscriber : subscribers) {
                handQuietly(subscriber, hand);
            }
            return;
        }
        Subscriber[] all = subscribers.toArray(Subscriber[]::new);
        AtomicInteger claimed = new AtomicInteger();
        Thread[] helpers = new Thread[parts - 1];
        for (int part = 1; part < parts; part++) {
            helpers[part - 1] = Thread.ofVirtual().name("mcp-fan-out").start(() -> handClaims(all, claimed, hand));
        }
        handClaims(all, claimed, hand);
        boolean interrupted = false;
        for (Thread helper : helpers) {
            while (true) {
                try {
                    helper.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the helpers finish anyway: wait for them, then say so
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Hands the change to the next {@link #SUBSCRIBERS_PER_CLAIM} subscribers not yet taken, until none are left. */
    private static void handClaims(Subscriber[] subscribers, AtomicInteger claimed, Consumer<Subscriber> hand) {
        while (true) {
            int from = claimed.getAndAdd(SUBSCRIBERS_PER_CLAIM);
            if (from >= subscribers.length) {
                return;
            }
            int to = Math.min(subscribers.length, from + SUBSCRIBERS_PER_CLAIM);
            for (int i = from; i < to; i++) {
                handQuietly(subscribers[i], hand);
            }
        }
    }

    /** One subscriber that fails must not keep the change from the others. */
    private static void handQuietly(Subscriber subscriber, Consumer<Subscriber> hand) {
        try {
            hand.accept(subscriber);
        } catch (RuntimeException e) {
            log.warn("A subscriber failed to take a change", e);
        }
    }

    void closeAll() {
        topics.values().forEach(topic -> closeQuietly(topic.watch));
        topics.clear();
        subscriptions.set(0);
        listSubscribers.clear();
    }

    private Watch openWatch(String uri) {
        try {
            return resolver.apply(uri).watch(this);
        } catch (RuntimeException e) {
            // The subscription still stands; programmatic updates (McpServer.resourceUpdated) reach it.
            log.warn("Could not watch {}: {}", uri, e.toString());
            return Watch.NONE;
        }
    }

    private static void closeQuietly(Watch watch) {
        try {
            watch.close();
        } catch (RuntimeException e) {
            log.debug("Closing a watch failed", e);
        }
    }

    /** Looks the title up once, on first use, and never fails. */
    private final class TitleLookup implements Supplier<String> {
        private final String uri;
        private final ReentrantLock lock = new ReentrantLock();
        private volatile boolean done;
        private volatile String title;

        TitleLookup(String uri) {
            this.uri = uri;
        }

        @Override
        public String get() {
            if (!done) {
                lock.lock();
                try {
                    if (!done) {
                        title = lookup();
                        done = true;
                    }
                } finally {
                    lock.unlock();
                }
            }
            return title;
        }

        private String lookup() {
            try {
                Optional<Metadata> metadata = resolver.apply(uri).metadata(CallContext.NONE);
                return metadata.map(m -> m.resource().title()).orElse(null);
            } catch (RuntimeException e) {
                return null;
            }
        }
    }
}
