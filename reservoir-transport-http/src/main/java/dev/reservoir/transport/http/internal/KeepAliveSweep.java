package dev.reservoir.transport.http.internal;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells SSE streams' readers when a keep-alive is due, from one thread, so that a reader's own
 * thread can wait without a time limit. A pump that waited for its keep-alive interval with a
 * timer woke every interval even when events kept reaching its stream (written for it by the
 * appenders): with 10,000 streams, 667 wake-ups a second, each a timer set and fired, a virtual
 * thread thawed and parked again, and the JDK's timer thread woken. That was 4-5% of the server's
 * CPU in fan-out to 10,000 (PROFILE.md, thirty-ninth pass). This thread reads one field per reader
 * every tick and wakes only the readers whose stream has had nothing written for the interval,
 * less a tick: a keep-alive comes a tick early at most, never late, so a keep-alive interval
 * shorter than the connections' idle timeout still keeps them open.
 *
 * <p>The thread starts with the first reader watched and then sleeps between ticks for as long
 * as the process runs (a daemon: one wake-up a second with nothing to do costs nothing worth a
 * lifecycle of its own). Thread-safe.
 */
final class KeepAliveSweep {

    private static final Logger log = LoggerFactory.getLogger(KeepAliveSweep.class);

    /** The sweep of every pump in this process. */
    static final KeepAliveSweep SHARED = new KeepAliveSweep(Duration.ofSeconds(1));

    private final long tickNanos;
    private final Set<EventStream.Reader> readers = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean started = new AtomicBoolean();

    KeepAliveSweep(Duration tick) {
        this.tickNanos = tick.toNanos();
    }

    /**
     * Whether this sweep may keep streams with this keep-alive interval alive: one at least four
     * ticks long (a keep-alive a tick early is then at most a quarter early). A shorter one is
     * waited for by the reader's own timer.
     */
    boolean covers(Duration keepAlive) {
        return keepAlive.toNanos() >= 4 * tickNanos;
    }

    /** How early a keep-alive may come: one tick. */
    long earlyNanos() {
        return tickNanos;
    }

    /** Watches a reader until {@link #remove}: it is told when its stream has had nothing written for {@code keepAlive}. */
    void add(EventStream.Reader reader, Duration keepAlive) {
        reader.sweptEvery(keepAlive.toNanos());
        readers.add(reader);
        if (!started.get() && started.compareAndSet(false, true)) {
            Thread.ofPlatform().name("reservoir-sse-keepalive").daemon().start(this::run);
        }
    }

    void remove(EventStream.Reader reader) {
        readers.remove(reader);
    }

    /** Readers watched now (for tests). */
    int watched() {
        return readers.size();
    }

    private void run() {
        try {
            while (true) {
                try {
                    Thread.sleep(Duration.ofNanos(tickNanos));
                } catch (InterruptedException e) {
                    // not interrupted by anyone here; go on sweeping
                }
                long now = System.nanoTime();
                for (EventStream.Reader r : readers) {
                    try {
                        r.sweep(now, tickNanos);
                    } catch (RuntimeException e) {
                        // One reader's fault must not stop every other stream's keep-alives.
                        log.warn("Could not tell an SSE stream's reader that a keep-alive is due", e);
                    }
                }
            }
        } finally {
            started.set(false); // ended by an error: the next reader watched starts a new thread
        }
    }
}
