package dev.reservoir.transport.http.internal;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open sessions, and the budget of SSE streams (per session and in total). Session ids are 192
 * random bits from {@link SecureRandom}, Base64url: visible ASCII, unguessable. Thread-safe.
 */
final class Sessions {

    private static final Logger log = LoggerFactory.getLogger(Sessions.class);

    private final SecureRandom random = new SecureRandom();
    private final Map<String, Session> open = new ConcurrentHashMap<>();
    private final AtomicInteger streams = new AtomicInteger();
    private final HttpSettings.Limits limits;

    Sessions(HttpSettings.Limits limits) {
        this.limits = limits;
    }

    /** A new, unregistered session (it is registered once initialize succeeds). */
    Session create(String principal) {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return new Session(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), principal, limits);
    }

    boolean full() {
        return open.size() >= limits.maxSessions();
    }

    void register(Session session) {
        open.put(session.id, session);
    }

    /** The open session with this id, or null. */
    Session find(String id) {
        Session s = open.get(id);
        return s == null || s.closed() ? null : s;
    }

    /** Ends a session; false if it was not open. */
    boolean end(String id) {
        Session s = open.remove(id);
        if (s == null) {
            return false;
        }
        s.close();
        return true;
    }

    int count() {
        return open.size();
    }

    /** Ends sessions idle for longer than the idle timeout. */
    void expire() {
        long now = System.nanoTime();
        for (Session s : List.copyOf(open.values())) {
            if (s.expired(now)) {
                log.debug("Session idle for {}; ending it", limits.sessionIdleTimeout());
                end(s.id);
            }
        }
    }

    /** Ends every session. */
    void closeAll() {
        for (String id : List.copyOf(open.keySet())) {
            end(id);
        }
    }

    /**
     * Takes one stream from the budget, for a session (or null for a stream outside sessions).
     * False when the session or the server has its most streams open.
     */
    boolean acquireStream(Session session) {
        if (streams.incrementAndGet() > limits.maxStreams()) {
            streams.decrementAndGet();
            return false;
        }
        if (session != null) {
            if (session.openStreams.incrementAndGet() > limits.maxStreamsPerSession()) {
                session.openStreams.decrementAndGet();
                streams.decrementAndGet();
                return false;
            }
        }
        return true;
    }

    /**
     * A stream without event ids (not resumable), for an SSE answer outside a session's numbered
     * streams, taken from the total budget; null when it is spent. Give it back with
     * {@code releaseStream(null)}.
     */
    EventStream openUnnumberedStream() {
        return acquireStream(null) ? new EventStream(-1, limits.replayEvents(), limits.replayBytes()) : null;
    }

    void releaseStream(Session session) {
        streams.decrementAndGet();
        if (session != null) {
            session.openStreams.decrementAndGet();
        }
    }

    /** SSE streams open now (for tests and metrics). */
    int openStreams() {
        return streams.get();
    }
}
