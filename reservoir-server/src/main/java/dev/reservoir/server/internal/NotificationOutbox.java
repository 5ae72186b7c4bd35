package dev.reservoir.server.internal;

import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.server.transport.MessageSink;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notifications waiting for one sink, sent in order by a virtual thread. A notification whose key
 * is already pending is dropped (an {@code updated} for a URI that is already queued says nothing
 * new), so a slow reader costs at most one entry per subscribed URI; beyond {@code maxPending}
 * distinct entries the newest are dropped and logged. Thread-safe; {@link #offer} never blocks.
 */
final class NotificationOutbox {

    private static final Logger log = LoggerFactory.getLogger(NotificationOutbox.class);

    private final MessageSink sink;
    /** What {@link MessageSink#queues()} said, asked once: one object less to read per change. */
    private final boolean sinkQueues;

    private final int maxPending;
    private final Runnable onBroken;
    private final ReentrantLock lock = new ReentrantLock();
    /**
     * What waits, or null when nothing does (nearly always, for a sink that queues): a change to
     * 10,000 subscribers then reads no map of theirs, nor makes an iterator for one.
     */
    private LinkedHashMap<Object, JsonRpcNotification> pending;

    private boolean draining;
    private boolean held;
    private boolean closed;
    private long dropped;

    /**
     * @param onBroken run once when the sink fails (the peer is gone)
     */
    NotificationOutbox(MessageSink sink, int maxPending, Runnable onBroken) {
        this.sink = sink;
        this.sinkQueues = sink.queues();
        this.maxPending = maxPending;
        this.onBroken = onBroken;
    }

    /**
     * Queues a notification unless one with the same key is already waiting. When the sink only
     * queues, this thread sends it (and whatever else waits) itself; otherwise a virtual thread
     * does.
     */
    void offer(Object key, JsonRpcNotification notification) {
        boolean drainHere;
        boolean sendFirst = false;
        lock.lock();
        try {
            if (closed || (pending != null && pending.containsKey(key))) {
                return;
            }
            if (pending != null && pending.size() >= maxPending) {
                if (dropped++ % 1000 == 0) {
                    log.warn("Client is not reading notifications; dropped {} so far", dropped);
                }
                return;
            }
            if (pending == null && !draining && !held && sinkQueues) {
                // Nothing waits and the sink only queues: sent at once, without a trip through
                // the map (one change to ten thousand subscribers touches ten thousand outboxes).
                draining = true;
                sendFirst = true;
                drainHere = true;
            } else {
                if (pending == null) {
                    pending = new LinkedHashMap<>();
                }
                pending.put(key, notification);
                drainHere = startDraining();
            }
        } finally {
            lock.unlock();
        }
        if (drainHere) {
            drain(sendFirst ? notification : null);
        }
    }

    /** Queues without sending until {@link #release()}: for an acknowledgement that must go out only once what it acknowledges is in place. */
    void hold() {
        lock.lock();
        try {
            held = true;
        } finally {
            lock.unlock();
        }
    }

    /** Sends what {@link #hold()} kept back, in order. */
    void release() {
        boolean drainHere = false;
        lock.lock();
        try {
            held = false;
            if (pending != null) {
                drainHere = startDraining();
            }
        } finally {
            lock.unlock();
        }
        if (drainHere) {
            drain(null);
        }
    }

    /**
     * Called with the lock held. Returns true when the caller is to run {@link #drain} itself
     * (after releasing the lock): the sink only queues, so sending cannot block it.
     */
    private boolean startDraining() {
        if (draining || held) {
            return false;
        }
        draining = true;
        if (sinkQueues) {
            return true;
        }
        Thread.ofVirtual().name("mcp-notify").start(() -> drain(null));
        return false;
    }

    /** Stops sending; pending notifications are dropped. */
    void close() {
        lock.lock();
        try {
            closed = true;
            pending = null;
        } finally {
            lock.unlock();
        }
    }

    /** How many notifications wait (for tests and metrics). */
    int pendingCount() {
        lock.lock();
        try {
            return pending == null ? 0 : pending.size();
        } finally {
            lock.unlock();
        }
    }

    /** Sends {@code first} (when not null), then whatever waits, until nothing does. */
    private void drain(JsonRpcNotification first) {
        JsonRpcNotification next = first;
        while (true) {
            if (next == null) {
                lock.lock();
                try {
                    if (closed || held || pending == null) {
                        draining = false;
                        return;
                    }
                    Iterator<Map.Entry<Object, JsonRpcNotification>> it =
                            pending.entrySet().iterator();
                    next = it.next().getValue();
                    it.remove();
                    if (!it.hasNext()) {
                        pending = null;
                    }
                } finally {
                    lock.unlock();
                }
            }
            try {
                sink.send(next);
            } catch (IOException | RuntimeException e) {
                log.debug("Notification sink failed; closing it", e);
                close();
                lock.lock();
                try {
                    draining = false;
                } finally {
                    lock.unlock();
                }
                onBroken.run();
                return;
            }
            next = null;
        }
    }
}
