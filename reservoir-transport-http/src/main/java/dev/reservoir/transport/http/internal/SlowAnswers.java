package dev.reservoir.transport.http.internal;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * POSTs still waiting for their answer, switched to SSE streams once they have waited
 * {@code after}. One timer thread checks them now and then ({@link #tick}), so a request that is
 * answered quickly (nearly all) costs a set insertion and removal instead of a timed wait of its
 * own. Thread-safe.
 */
final class SlowAnswers {

    private final Set<PostExchange> waiting = ConcurrentHashMap.newKeySet();
    private final long afterNanos;

    SlowAnswers(Duration after) {
        this.afterNanos = after.toNanos();
    }

    /** How often {@link #tick} should run: a quarter of the wait, within 10 to 250 ms. */
    Duration tickInterval() {
        return Duration.ofNanos(Math.clamp(afterNanos / 4, 10_000_000L, 250_000_000L));
    }

    void add(PostExchange exchange) {
        waiting.add(exchange);
    }

    void remove(PostExchange exchange) {
        waiting.remove(exchange);
    }

    /** Switches the answers that waited long enough. */
    void tick() {
        long now = System.nanoTime();
        for (PostExchange exchange : waiting) {
            if (exchange.switchIfWaited(now, afterNanos)) {
                waiting.remove(exchange);
            }
        }
    }

    /** Answers waiting now (for tests). */
    int size() {
        return waiting.size();
    }
}
