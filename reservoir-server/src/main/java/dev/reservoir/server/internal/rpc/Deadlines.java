package dev.reservoir.server.internal.rpc;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Times out requests whose deadline has passed: one pass a few times a second over the requests in
 * flight, instead of a scheduled task per request (which cost every request a trip through a
 * shared, locked queue). One per server, shared by its connections.
 */
public final class Deadlines implements AutoCloseable {

    private final Duration timeout;
    private final Map<InFlight, Runnable> timed = new ConcurrentHashMap<>();
    private final ScheduledExecutorService scheduler;

    /** Starts the sweeper for requests that may take {@code timeout}. */
    public Deadlines(Duration timeout) {
        this.timeout = timeout;
        // One platform thread for deadlines only; requests themselves run on virtual threads.
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "reservoir-deadlines");
            t.setDaemon(true);
            return t;
        });
        long sweep = Math.max(10, Math.min(250, timeout.toMillis() / 4));
        scheduler.scheduleWithFixedDelay(this::expire, sweep, sweep, TimeUnit.MILLISECONDS);
    }

    /** How long a request may take. */
    public Duration timeout() {
        return timeout;
    }

    /** Gives the request its deadline; {@code onDeadline} runs (on a virtual thread) when it passes. */
    void track(InFlight call, Runnable onDeadline) {
        call.deadline = System.nanoTime() + timeout.toNanos();
        timed.put(call, onDeadline);
    }

    void untrack(InFlight call) {
        timed.remove(call);
    }

    private void expire() {
        long now = System.nanoTime();
        for (var entry : timed.entrySet()) {
            InFlight call = entry.getKey();
            if (now - call.deadline > 0 && call.state() == InFlight.State.RUNNING && timed.remove(call) != null) {
                Thread.startVirtualThread(entry.getValue());
            }
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
