package dev.reservoir.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FanOutWarmingTest {

    /** Runs warm-up changes whose compiler CPU comes from {@code compiling}, in turn, until the warming ends. */
    private static FanOut.Warming warm(int least, int maxExtra, long... compiling) {
        FanOut.Warming w = new FanOut.Warming(least, maxExtra);
        int i = 0;
        while (w.more()) {
            w.changed(i < compiling.length ? compiling[i] : 0);
            i++;
        }
        return w;
    }

    /** A JIT that compiles for 10 ms in each of {@code changes} changes. */
    private static long[] compilingIn(int changes) {
        long[] compiling = new long[changes];
        Arrays.fill(compiling, 10);
        return compiling;
    }

    @Test
    void aServerThatNeverCompilesIsWarmedTheLeastAndCountsAsSettled() {
        FanOut.Warming w = warm(10, 30);

        assertThat(w.done()).isEqualTo(10);
        assertThat(w.settled()).isTrue();
    }

    @Test
    void theWarmingGoesOnUntilTheJitWasQuietForThreeChangesInARow() {
        // Compiling in the first ten changes, the 11th and the 13th: settled after the 16th.
        FanOut.Warming w = warm(10, 30, 10, 20, 10, 10, 10, 10, 10, 10, 10, 10, 30, 0, 10, 0, 0, 0, 0);

        assertThat(w.done()).isEqualTo(16);
        assertThat(w.settled()).isTrue();
    }

    @Test
    void quietChangesWithinTheLeastCountTowardsSettling() {
        // The JIT compiled up to the 9th change: the 10th alone is not enough, the 12th is.
        FanOut.Warming w = warm(10, 30, 40, 40, 40, 40, 40, 40, 40, 40, 40);

        assertThat(w.done()).isEqualTo(12);
        assertThat(w.settled()).isTrue();
    }

    @Test
    void aJitThatKeepsCompilingEndsTheWarmingAtTheMostAndSaysSo() {
        FanOut.Warming w = warm(10, 30, compilingIn(100));

        assertThat(w.done()).isEqualTo(40);
        assertThat(w.settled()).isFalse();
    }

    @Test
    void noExtraWarmingInAQuickRun() {
        FanOut.Warming w = warm(1, 0, compilingIn(10));

        assertThat(w.done()).isEqualTo(1);
        assertThat(w.settled()).isFalse();
    }

    @Test
    void aCompilerThreadThatEndedCountsAsQuiet() {
        // A thread's CPU leaves the sum when it ends (the JVM stops idle compiler threads).
        FanOut.Warming w = warm(2, 30, 0, -50, 0, 0);

        assertThat(w.done()).isEqualTo(3);
        assertThat(w.settled()).isTrue();
    }
}
