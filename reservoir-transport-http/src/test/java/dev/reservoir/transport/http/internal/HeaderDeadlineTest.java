package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeaderDeadlineTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long NOW = 1_000 * SECOND;

    @Test
    void aHeadBegunLongerAgoThanTheTimeoutIsOverdue() {
        assertThat(HeaderDeadline.overdue(true, NOW - 11 * SECOND, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isTrue();
        assertThat(HeaderDeadline.overdue(true, NOW - 9 * SECOND, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isFalse();
    }

    @Test
    void aParserResetBetweenTheSweepsReadsIsNotOverdue() {
        // The sweep saw the head in progress, then the parser finished the request and reset its start to 0.
        assertThat(HeaderDeadline.overdue(true, 0, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isFalse();
    }

    @Test
    void aConnectionThatNeverSpokeIsOverdueAfterTheTimeoutFromItsOpening() {
        assertThat(HeaderDeadline.overdue(false, 0, true, NOW - 11 * SECOND, NOW, 10 * SECOND))
                .isTrue();
        assertThat(HeaderDeadline.overdue(false, 0, true, NOW - 9 * SECOND, NOW, 10 * SECOND))
                .isFalse();
        assertThat(HeaderDeadline.overdue(false, 0, false, NOW - 60 * SECOND, NOW, 10 * SECOND))
                .isFalse();
    }
}
