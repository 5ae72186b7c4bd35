package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SessionsTest {

    private static HttpSettings.Limits oneStream() {
        Duration minute = Duration.ofMinutes(1);
        return new HttpSettings.Limits(
                1 << 20, 8192, 10, 10, 1, 1, 1, 100, minute, minute, minute, minute, 100, 1 << 20);
    }

    @Test
    void aStreamGivenBackFreesEveryBudget() {
        Sessions sessions = new Sessions(oneStream());
        assertThat(sessions.acquireStream("a", null)).isTrue();
        assertThat(sessions.acquireStream("a", null))
                .as("the only place is taken")
                .isFalse();
        assertThat(sessions.acquireStream("b", null))
                .as("the total is spent too")
                .isFalse();
        sessions.releaseStream("a", null);
        assertThat(sessions.openStreams()).isZero();
        assertThat(sessions.acquireStream("b", null)).isTrue();
    }

    /**
     * Whoever sees no stream open can open one at once: the client's own count is given back before
     * the total. Given back the other way round, a client reopening right after its stream ended
     * was sometimes refused (a 429 in {@code LimitsIT} on CI).
     */
    @Test
    @Timeout(60)
    void whenNoStreamIsCountedTheClientsPlaceIsFreeToo() throws Exception {
        Sessions sessions = new Sessions(oneStream());
        int refused = 0;
        for (int i = 0; i < 20_000; i++) {
            assertThat(sessions.acquireStream("a", null)).isTrue();
            CompletableFuture<Void> release = CompletableFuture.runAsync(() -> sessions.releaseStream("a", null));
            while (sessions.openStreams() != 0) {
                Thread.onSpinWait();
            }
            if (!sessions.acquireStream("a", null)) {
                refused++;
                release.get(10, TimeUnit.SECONDS);
                continue;
            }
            release.get(10, TimeUnit.SECONDS);
            sessions.releaseStream("a", null);
        }
        assertThat(refused)
                .as("reopenings refused after the count showed no stream")
                .isZero();
    }
}
