package dev.reservoir.provider.jdbc.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SqlErrorsTest {

    private static final String DRIVER_SAYS = "ERROR: SELECT secret FROM t WHERE pw = 'hunter2'";

    @Test
    void aValueThatDoesNotFitItsTypeIsTheClientsMistake() {
        DbException e = SqlErrors.of("reading the rows of public.t", new SQLException(DRIVER_SAYS, "22P02"), null);
        assertThat(e).isInstanceOf(DbException.BadRequest.class);
        assertThat(e.getMessage())
                .isEqualTo("reading the rows of public.t failed: a value given is not valid for its"
                        + " column's type (SQLSTATE 22P02)");
    }

    @Test
    void otherDataErrorsAreTheQuerysNotTheClients() {
        DbException e = SqlErrors.of("running query q", new SQLException(DRIVER_SAYS, "22012"), null);
        assertThat(e).isInstanceOf(DbException.Failed.class);
        assertThat(e.getMessage())
                .isEqualTo("running query q failed: the statement failed on the data (SQLSTATE 22012)");
    }

    @Test
    void messagesNeverQuoteTheDriver() {
        for (String state :
                new String[] {"42501", "42P01", "08006", "28P01", "25006", "53300", "XX000", "22012", "22P02", "57014"
                }) {
            assertThat(SqlErrors.of("x", new SQLException(DRIVER_SAYS, state), null)
                            .getMessage())
                    .as(state)
                    .doesNotContain("secret", "hunter2", "SELECT");
        }
    }

    @Test
    void theDriversOwnHeapRunningOutIsNotTheDatabases() {
        // pgjdbc: new PSQLException(GT.tr("Ran out of memory retrieving query results."), PSQLState.OUT_OF_MEMORY, oom)
        SQLException e =
                new SQLException("Ran out of memory retrieving query results.", "53200", new OutOfMemoryError());
        assertThat(SqlErrors.of("reading the rows of public.t", e, null).getMessage())
                .isEqualTo("reading the rows of public.t failed: this server ran out of memory holding the results"
                        + " (a row may be larger than its heap) (SQLSTATE 53200)");
        assertThat(SqlErrors.of("x", new SQLException(DRIVER_SAYS, "53200"), null)
                        .getMessage())
                .isEqualTo("x failed: the database is out of resources (SQLSTATE 53200)");
    }

    @Test
    void aCancelledScopeMakesAnyFailureACancellation() {
        QueryScope scope = QueryScope.of(Duration.ofMinutes(1));
        scope.cancel();
        assertThat(SqlErrors.of("x", new SQLException(DRIVER_SAYS, "08006"), scope))
                .isInstanceOf(DbException.Cancelled.class);
    }
}
