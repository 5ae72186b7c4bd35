package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Records change notifications as "updated URI" and "list_changed"; every wait has a timeout. */
final class Recorder implements Changes.Sink {

    static final String LIST_CHANGED = "list_changed";
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final Duration QUIET = Duration.ofMillis(600);

    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

    static String update(String uri) {
        return "updated " + uri;
    }

    @Override
    public void updated(String uri) {
        events.add(update(uri));
    }

    @Override
    public void listChanged() {
        events.add(LIST_CHANGED);
    }

    /** Waits until every expected event arrived, in any order, failing on any other. */
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

    /** Asserts that nothing more arrives during the quiet period. */
    void assertExhausted() throws InterruptedException {
        String next = events.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(next).as("no more events expected").isNull();
    }
}
