package dev.reservoir.provider.jdbc.rows;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FetchSizeTest {

    @Test
    void aFetchHoldsAboutTheBudgetWhateverTheRows() {
        assertThat(FetchSize.rowsFor(70)).isEqualTo(FetchSize.MOST); // small rows: the most a fetch
        assertThat(FetchSize.rowsFor(100_000)).isEqualTo((int) (FetchSize.BUDGET / 100_000));
        assertThat(FetchSize.rowsFor(FetchSize.BUDGET)).isEqualTo(1);
        assertThat(FetchSize.rowsFor(FetchSize.BUDGET * 50)).isEqualTo(1); // never none
        assertThat(FetchSize.rowsFor(0)).isEqualTo(FetchSize.MOST);
    }
}
