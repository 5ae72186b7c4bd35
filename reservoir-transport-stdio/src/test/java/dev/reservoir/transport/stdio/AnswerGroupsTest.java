package dev.reservoir.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerGroupsTest {

    /** The answers per write for a burst of {@code n} requests read together: the last has nothing behind it. */
    private static List<Integer> writes(AnswerGroups groups, int n, boolean quick) {
        List<Integer> writes = new ArrayList<>();
        int inBuffer = 0;
        for (int i = 0; i < n; i++) {
            inBuffer++;
            if (!groups.hold(i < n - 1, quick)) {
                writes.add(inBuffer);
                inBuffer = 0;
            }
        }
        assertThat(inBuffer).as("answers left held after the burst").isZero();
        return writes;
    }

    @Test
    void answersFromMemoryGoOutFirstAloneThenInDoublingGroups() {
        assertThat(writes(new AnswerGroups(32), 100, true)).containsExactly(1, 2, 4, 8, 16, 32, 32, 5);
    }

    @Test
    void answersThatMayWaitGoOutFirstAloneThenAsManyAsAllowed() {
        assertThat(writes(new AnswerGroups(32), 100, false)).containsExactly(1, 32, 32, 32, 3);
    }

    @Test
    void eachBurstStartsAgainWithOneAnswerAlone() {
        AnswerGroups groups = new AnswerGroups(32);
        assertThat(writes(groups, 6, true)).containsExactly(1, 2, 3);
        assertThat(writes(groups, 6, true)).containsExactly(1, 2, 3);
        assertThat(writes(groups, 1, false)).containsExactly(1);
    }

    @Test
    void aFlushBeforeAWaitForInputStartsTheNextBurst() {
        AnswerGroups groups = new AnswerGroups(32);
        assertThat(groups.hold(true, true)).isFalse(); // the first, alone
        assertThat(groups.hold(true, true)).isTrue();
        // The next line had no answer (a notification) and the input ran dry: the reader flushed.
        groups.burstEnded();
        assertThat(groups.hold(true, true)).as("the next burst's first answer").isFalse();
    }

    @Test
    void oneAtMostMeansEveryAnswerGoesOutAlone() {
        assertThat(writes(new AnswerGroups(1), 5, true)).containsExactly(1, 1, 1, 1, 1);
        assertThatThrownBy(() -> new AnswerGroups(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
