package dev.reservoir.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Waiting on a condition: the value once it comes, or a failure that says what and what was seen. */
class EventuallyTest {

    private static final Duration LONG = Duration.ofSeconds(30);

    @Test
    void aConditionThatHoldsIsNotPolledAgain() {
        AtomicInteger polls = new AtomicInteger();
        Eventually.await("the first poll", LONG, () -> polls.incrementAndGet() > 0);
        assertThat(polls).hasValue(1);
    }

    @Test
    void theFirstAcceptedValueIsReturned() {
        AtomicInteger polls = new AtomicInteger();
        int seen = Eventually.await("three polls", LONG, polls::incrementAndGet, n -> n >= 3);
        assertThat(seen).isEqualTo(3);
    }

    @Test
    void aValueIsAwaitedUntilItIsNotNull() {
        AtomicInteger polls = new AtomicInteger();
        String value = Eventually.awaitValue("a name", LONG, () -> polls.incrementAndGet() < 4 ? null : "ready");
        assertThat(value).isEqualTo("ready");
        assertThat(polls).hasValue(4);
    }

    @Test
    void aConditionThatNeverHoldsFailsNamingWhatWasAwaitedAndTheLastValue() {
        AtomicInteger polls = new AtomicInteger();
        assertThatThrownBy(() -> Eventually.await(
                        "the count to reach -1", Duration.ofMillis(30), polls::incrementAndGet, n -> n < 0))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("waited PT0.03S for the count to reach -1; last saw ")
                .hasMessageEndingWith("last saw " + polls.get());
    }

    @Test
    void aYesOrNoConditionFailsNamingWhatWasAwaited() {
        assertThatThrownBy(() -> Eventually.await("nothing", Duration.ZERO, () -> false))
                .isInstanceOf(AssertionError.class)
                .hasMessage("waited PT0S for nothing");
    }

    @Test
    void aCheckedFailureOfTheProbeEndsTheWaitAtOnce() {
        AtomicInteger polls = new AtomicInteger();
        assertThatThrownBy(() -> Eventually.awaitValue("a file", LONG, () -> {
                    polls.incrementAndGet();
                    throw new IOException("no such file");
                }))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("waiting for a file")
                .hasRootCauseInstanceOf(IOException.class);
        assertThat(polls).hasValue(1);
    }
}
