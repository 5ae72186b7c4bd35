package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One session-era session ({@code Mcp-Session-Id}): its engine connection, the stream for
 * notifications that belong to no request (stream 0, read with GET), and the streams of POSTs that
 * were answered with SSE (kept a while after they end, for resumption). Bound to the token that
 * created it. Thread-safe.
 */
final class Session {

    /** Finished POST streams kept for resumption, beyond which the oldest are dropped. */
    private static final int RETAINED_STREAMS = 16;

    final String id;
    final String principal;
    /** Whose budgets the session spends (see {@link ClientIdentity}). */
    final String client;

    private final HttpSettings.Limits limits;
    private final EventStream notifications;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Integer, EventStream> postStreams = new LinkedHashMap<>();
    private final AtomicInteger nextStream = new AtomicInteger(1);
    private final AtomicInteger busy = new AtomicInteger();
    /** SSE streams of this session open now (the budget is kept by {@link Sessions}). */
    final AtomicInteger openStreams = new AtomicInteger();

    private volatile ServerConnection connection;
    private volatile long lastActive = System.nanoTime();
    /** Whether the client sent anything after initialize; until then the session is half-open. */
    private volatile boolean established;

    private volatile boolean closed;

    Session(String id, String principal, String client, HttpSettings.Limits limits) {
        this.id = id;
        this.principal = principal;
        this.client = client;
        this.limits = limits;
        this.notifications = new EventStream(0, limits.replayEvents(), limits.replayBytes());
    }

    /** Where the engine sends this session's notifications: stream 0, read with GET. */
    MessageSink notificationSink() {
        return new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) {
                notifications.append(Http.event(null, message));
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {
                notifications.append(Http.event(null, messages));
            }

            @Override
            public boolean finishEndsStream() {
                return true;
            }

            /** Appending to the stream's buffer never waits for the client; its pump writes. */
            @Override
            public boolean queues() {
                return true;
            }
        };
    }

    void connected(ServerConnection c) {
        this.connection = c;
    }

    ServerConnection connection() {
        return connection;
    }

    EventStream notifications() {
        return notifications;
    }

    /** A new numbered stream for a POST answered with SSE. */
    EventStream newPostStream() {
        int number = nextStream.getAndIncrement();
        EventStream stream = new EventStream(number, limits.replayEvents(), limits.replayBytes());
        lock.lock();
        try {
            postStreams.put(number, stream);
            if (postStreams.size() > RETAINED_STREAMS) {
                Iterator<EventStream> it = postStreams.values().iterator();
                while (postStreams.size() > RETAINED_STREAMS && it.hasNext()) {
                    EventStream oldest = it.next();
                    if (oldest.finished() && !oldest.attached()) {
                        it.remove();
                    }
                }
            }
        } finally {
            lock.unlock();
        }
        return stream;
    }

    /** The stream an event id belongs to, or null. */
    EventStream streamOf(String eventId) {
        if (notifications.owns(eventId)) {
            return notifications;
        }
        lock.lock();
        try {
            for (EventStream s : postStreams.values()) {
                if (s.owns(eventId)) {
                    return s;
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** Marks activity: a request or stream starts. Pair with {@link #idle()}. */
    void busy() {
        busy.incrementAndGet();
        lastActive = System.nanoTime();
    }

    void idle() {
        busy.decrementAndGet();
        lastActive = System.nanoTime();
    }

    /** The client sent something after initialize (notifications/initialized, a request, a GET). */
    void established() {
        established = true;
    }

    boolean halfOpen() {
        return !established;
    }

    /** Whether nothing is in flight on this session and no stream of it is open. */
    boolean idleNow() {
        return busy.get() == 0;
    }

    long lastActive() {
        return lastActive;
    }

    /**
     * Whether nothing happened on this session for the idle timeout, or, while its client has sent
     * nothing since initialize, for the (short) half-open timeout.
     */
    boolean expired(long now) {
        Duration timeout = established ? limits.sessionIdleTimeout() : limits.halfOpenTimeout();
        return busy.get() == 0 && now - lastActive > timeout.toNanos();
    }

    boolean closed() {
        return closed;
    }

    /** Ends the session: cancels what is in flight and ends its streams. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        ServerConnection c = connection;
        if (c != null) {
            c.close();
        }
        notifications.close();
        List<EventStream> streams;
        lock.lock();
        try {
            streams = new ArrayList<>(postStreams.values());
            postStreams.clear();
        } finally {
            lock.unlock();
        }
        streams.forEach(EventStream::close);
    }
}
