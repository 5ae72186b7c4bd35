package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.spi.ChangeListener;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Records change notifications as "updated URI" and "list_changed"; every wait has a timeout. */
final class ChangeRecorder implements ChangeListener {

    static final String LIST_CHANGED = "list_changed";
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final Duration QUIET = Duration.ofMillis(500);

    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

    static String updated(Object uri) {
        return "updated " + uri;
    }

    @Override
    public void resourceUpdated(URI uri) {
        events.add(updated(uri));
    }

    @Override
    public void resourceListChanged() {
        events.add(LIST_CHANGED);
    }

    /**
     * Waits until every expected event arrived, in any order, failing on any other event (a
     * repeat of an expected one is fine: the watcher may split one change over two windows).
     */
    void await(String... expected) throws InterruptedException {
        Set<String> missing = new HashSet<>(List.of(expected));
        Set<String> allowed = Set.of(expected);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        List<String> seen = new ArrayList<>();
        while (!missing.isEmpty()) {
            String next = events.poll(Math.max(deadline - System.nanoTime(), 0), TimeUnit.NANOSECONDS);
            assertThat(next).as("still waiting for %s; saw %s", missing, seen).isNotNull();
            seen.add(next);
            assertThat(allowed).as("unexpected event %s (saw %s)", next, seen).contains(next);
            missing.remove(next);
        }
    }

    /** Every event until none came for the quiet period (at most the timeout in all). */
    List<String> drain() throws InterruptedException {
        List<String> out = new ArrayList<>();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            String next = events.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS);
            if (next == null) {
                return out;
            }
            out.add(next);
        }
        return out;
    }

    /** Whether an event arrives within {@code within} (it is taken). */
    boolean heard(Duration within) throws InterruptedException {
        return events.poll(within.toMillis(), TimeUnit.MILLISECONDS) != null;
    }

    /** Asserts that nothing more arrives during the quiet period. */
    void assertExhausted() throws InterruptedException {
        String next = events.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(next).as("no more events expected").isNull();
    }
}
