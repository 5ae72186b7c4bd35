package dev.reservoir.transport.http.internal;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open sessions, with their budget (per client and in total), and the budget of SSE streams
 * (per session, per client and in total). When sessions are at their limit a new one takes the
 * place of the oldest idle one (half-open ones, whose client never followed up its initialize,
 * first), so clients that open sessions and walk away cannot lock others out. Session ids are 192
 * random bits from {@link SecureRandom}, Base64url: visible ASCII, unguessable. Thread-safe.
 */
final class Sessions {

    private static final Logger log = LoggerFactory.getLogger(Sessions.class);

    /** Why a new session could not have a place. */
    enum Refusal {
        /** Every session of this client is busy, and it has its most. */
        CLIENT_FULL,
        /** Every session is busy, and the server has its most. */
        SERVER_FULL
    }

    private final SecureRandom random = new SecureRandom();
    private final Map<String, Session> open = new ConcurrentHashMap<>();
    private final Map<String, Integer> sessionsByClient = new ConcurrentHashMap<>();
    private final Map<String, Integer> streamsByClient = new ConcurrentHashMap<>();
    private final AtomicInteger streams = new AtomicInteger();
    /** Makes room for one newcomer at a time, so two cannot both end the same idle session. */
    private final ReentrantLock admission = new ReentrantLock();

    private final HttpSettings.Limits limits;

    Sessions(HttpSettings.Limits limits) {
        this.limits = limits;
    }

    /** A new, unregistered session (it is registered once initialize succeeds). */
    Session create(String principal, String client) {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return new Session(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), principal, client, limits);
    }

    /**
     * Makes room for one more session of a client before its initialize is served, ending the
     * oldest idle session of that client, or of the server, when either is at its limit. Returns
     * null, or why there is no room (every session in the way is busy). Initializes served at the
     * same instant may each find room: the limits can be passed by as many, no more.
     */
    Refusal makeRoom(String client) {
        admission.lock();
        try {
            if (sessionsByClient.getOrDefault(client, 0) >= limits.maxSessionsPerClient() && !evictOldestIdle(client)) {
                return Refusal.CLIENT_FULL;
            }
            if (open.size() >= limits.maxSessions() && !evictOldestIdle(null)) {
                return Refusal.SERVER_FULL;
            }
            return null;
        } finally {
            admission.unlock();
        }
    }

    /** Registers a session whose initialize succeeded. */
    void register(Session session) {
        open.put(session.id, session);
        sessionsByClient.merge(session.client, 1, Integer::sum);
    }

    /** Ends the oldest idle session (of one client, or of any when null); false when none is idle. */
    private boolean evictOldestIdle(String client) {
        Session oldest = open.values().stream()
                .filter(s -> (client == null || s.client.equals(client)) && s.idleNow())
                .min(Comparator.comparing((Session s) -> !s.halfOpen()).thenComparingLong(Session::lastActive))
                .orElse(null);
        if (oldest == null) {
            return false;
        }
        log.info(
                "Sessions are at their limit; ending the oldest idle one{}",
                oldest.halfOpen() ? " (its client never followed up its initialize)" : "");
        end(oldest.id);
        return true;
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
        sessionsByClient.computeIfPresent(s.client, (k, n) -> n <= 1 ? null : n - 1);
        s.close();
        return true;
    }

    int count() {
        return open.size();
    }

    /** Ends sessions idle for longer than the idle timeout (or the half-open one). */
    void expire() {
        long now = System.nanoTime();
        for (Session s : List.copyOf(open.values())) {
            if (s.expired(now)) {
                log.debug("Session {}; ending it", s.halfOpen() ? "never followed up its initialize" : "idle");
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
     * Takes one stream from the budget of a client, and of its session (null for a stream outside
     * sessions). False when the session, the client or the server has its most streams open.
     */
    boolean acquireStream(String client, Session session) {
        if (streams.incrementAndGet() > limits.maxStreams()) {
            streams.decrementAndGet();
            return false;
        }
        boolean[] taken = {false};
        streamsByClient.compute(client, (k, n) -> {
            int now = n == null ? 0 : n;
            taken[0] = now < limits.maxStreamsPerClient();
            return taken[0] ? now + 1 : n;
        });
        if (!taken[0]) {
            streams.decrementAndGet();
            return false;
        }
        if (session != null && session.openStreams.incrementAndGet() > limits.maxStreamsPerSession()) {
            session.openStreams.decrementAndGet();
            releaseClientStream(client);
            streams.decrementAndGet();
            return false;
        }
        return true;
    }

    /**
     * A stream without event ids (not resumable), for an SSE answer outside a session's numbered
     * streams, taken from the client's and the total budget; null when one is spent. Give it back
     * with {@code releaseStream(client, null)}.
     */
    EventStream openUnnumberedStream(String client) {
        return acquireStream(client, null) ? new EventStream(-1, limits.replayEvents(), limits.replayBytes()) : null;
    }

    /**
     * Gives a stream back, in the reverse order of {@link #acquireStream}: the total comes back last,
     * so whoever sees {@link #openStreams()} at zero finds every budget free (a client reopening at
     * once is not refused by a count of its own still held).
     */
    void releaseStream(String client, Session session) {
        if (session != null) {
            session.openStreams.decrementAndGet();
        }
        releaseClientStream(client);
        streams.decrementAndGet();
    }

    private void releaseClientStream(String client) {
        streamsByClient.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
    }

    /** SSE streams open now (for tests and metrics). */
    int openStreams() {
        return streams.get();
    }
}
