package dev.reservoir.provider.jdbc.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueryScopeTest {

    @Test
    void cancellingRunsEachRegisteredHookOnceAndLaterOnesAtOnce() {
        QueryScope scope = QueryScope.of(Duration.ofMinutes(1));
        AtomicInteger runs = new AtomicInteger();
        scope.onCancel(runs::incrementAndGet);
        QueryScope.Registration gone = scope.onCancel(() -> runs.addAndGet(100));
        gone.close();
        scope.cancel();
        scope.cancel();
        assertThat(runs).hasValue(1);
        scope.onCancel(runs::incrementAndGet);
        assertThat(runs).hasValue(2);
        assertThatThrownBy(scope::check)
                .isInstanceOf(DbException.Cancelled.class)
                .hasMessage("the request was cancelled");
    }

    @Test
    void aStatementGetsAtMostTheStatementTimeoutAndAtLeastASecond() {
        assertThat(QueryScope.of(Duration.ofMinutes(10), Duration.ofSeconds(15)).timeoutSeconds())
                .isEqualTo(15);
        assertThat(QueryScope.of(Duration.ofMillis(10)).timeoutSeconds()).isEqualTo(1);
    }
}
