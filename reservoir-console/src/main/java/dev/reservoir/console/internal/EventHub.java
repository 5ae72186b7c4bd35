package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Live events for the pages that are open: each page's event stream has its own queue. A page
 * that falls far behind loses its stream (it reconnects and refreshes what it shows). Thread-safe.
 */
final class EventHub {

    /** One event as the page's EventSource sees it. */
    record Event(long id, String type, String json) {}

    /** Events a stream may have waiting before it is dropped. */
    private static final int BACKLOG = 1000;

    /** One open stream. */
    final class Listener implements AutoCloseable {
        private final BlockingQueue<Event> queue = new LinkedBlockingQueue<>(BACKLOG);
        private volatile boolean overflowed;

        /** The next event, or null when none came within the wait. */
        Event next(long waitMillis) throws InterruptedException {
            return queue.poll(waitMillis, TimeUnit.MILLISECONDS);
        }

        boolean overflowed() {
            return overflowed;
        }

        @Override
        public void close() {
            listeners.remove(this);
        }
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();

    Listener open() {
        Listener listener = new Listener();
        listeners.add(listener);
        return listener;
    }

    void publish(String type, ObjectNode data) {
        Event event = new Event(ids.incrementAndGet(), type, data.toString());
        for (Listener listener : listeners) {
            if (!listener.queue.offer(event)) {
                listener.overflowed = true;
                listeners.remove(listener);
            }
        }
    }
}
