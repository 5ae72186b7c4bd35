package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ResourceListener;
import dev.reservoir.client.Subscription;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The subscriptions the pages asked for, as one subscription on the server covering every watched
 * URI plus list changes. A change of the set opens the new subscription before closing the old one
 * (the client counts per URI, so nothing is unsubscribed in between), and a reconnection subscribes
 * again. Thread-safe.
 */
final class Watches {

    private static final Logger log = LoggerFactory.getLogger(Watches.class);
    /** A subscription the server ends this soon after it opened is not opened again at once. */
    private static final long QUICK_END_NANOS = 2_000_000_000L;

    private final Link link;
    private final EventHub events;
    private final Runnable onListChanged;
    private final ReentrantLock lock = new ReentrantLock();
    private final Set<String> watched = new LinkedHashSet<>();
    private Subscription subscription;
    private long openedAt;
    private String problem;

    Watches(Link link, EventHub events, Runnable onListChanged) {
        this.link = link;
        this.events = events;
        this.onListChanged = onListChanged;
    }

    /** Subscribes on a fresh connection to everything watched. */
    void connected(McpClient client) {
        lock.lock();
        try {
            subscription = null;
            resubscribe(client);
        } finally {
            lock.unlock();
        }
    }

    /** Adds URIs to the watched set; answers what the server agreed to. */
    ObjectNode watch(Collection<String> uris) {
        return change(uris, true);
    }

    /** Removes URIs from the watched set. */
    ObjectNode unwatch(Collection<String> uris) {
        return change(uris, false);
    }

    private ObjectNode change(Collection<String> uris, boolean add) {
        McpClient client = link.current();
        lock.lock();
        try {
            boolean changed = add ? watched.addAll(uris) : watched.removeAll(uris);
            if (changed || subscription == null || !subscription.isOpen()) {
                resubscribe(client);
            }
            ObjectNode now = state();
            events.publish("watches", now);
            return now;
        } finally {
            lock.unlock();
        }
    }

    /** What is watched, what the server agreed to, and whether list changes are heard. */
    ObjectNode state() {
        lock.lock();
        try {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            ArrayNode wanted = node.putArray("watched");
            watched.forEach(wanted::add);
            ArrayNode agreed = node.putArray("agreed");
            if (subscription != null) {
                subscription.uris().forEach(agreed::add);
            }
            node.put("listChanges", subscription != null && subscription.listChanged());
            if (problem != null) {
                node.put("problem", problem);
            }
            return node;
        } finally {
            lock.unlock();
        }
    }

    /** Replaces the subscription with one for the current set. Call with the lock held. */
    private void resubscribe(McpClient client) {
        Subscription old = subscription;
        try {
            subscription = link.call(c -> client.subscribe(List.copyOf(watched), true, listener(client)));
            openedAt = System.nanoTime();
            problem = null;
        } catch (RuntimeException e) {
            problem = "the server refused the subscription: " + e.getMessage();
            log.debug("Subscribing failed: {}", e.toString());
        }
        if (old != null && old != subscription) {
            old.close();
        }
    }

    private ResourceListener listener(McpClient owner) {
        return new ResourceListener() {
            @Override
            public void updated(String uri) {
                if (link.isCurrent(owner)) {
                    events.publish(
                            "updated", JsonNodeFactory.instance.objectNode().put("uri", uri));
                }
            }

            @Override
            public void listChanged() {
                if (link.isCurrent(owner)) {
                    onListChanged.run();
                    events.publish("list_changed", JsonNodeFactory.instance.objectNode());
                }
            }

            @Override
            public void closed(Throwable cause) {
                if (link.isCurrent(owner)) {
                    Thread.ofVirtual().name("console-resubscribe").start(() -> ended(owner, cause));
                }
            }
        };
    }

    /** The server (or the connection) ended the subscription: check the link, and open it again. */
    private void ended(McpClient owner, Throwable cause) {
        link.suspect();
        lock.lock();
        try {
            if (!link.isCurrent(owner)) {
                return;
            }
            if (System.nanoTime() - openedAt < QUICK_END_NANOS) {
                problem = "the server ended the subscription: "
                        + (cause == null ? "no reason given" : cause.getMessage());
                events.publish("watches", state());
                return;
            }
            resubscribe(owner);
        } finally {
            lock.unlock();
        }
    }
}
