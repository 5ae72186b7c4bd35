package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.server.spi.CallContext;
import java.time.Duration;
import java.util.function.Function;

/**
 * The query scopes of provider calls. A call's scope ends at the request's deadline (at most the
 * statement timeout) and is cancelled with the request: the server runs {@code Statement.cancel()}
 * through the scope instead of interrupting the request's thread, whose interrupt would close the
 * connection's socket and leave the statement running on the database.
 */
final class Scopes {

    private static final Duration AT_LEAST = Duration.ofMillis(1);

    private final Duration statementTimeout;
    private final Duration streamTimeout;

    Scopes(Duration statementTimeout, Duration streamTimeout) {
        this.statementTimeout = statementTimeout;
        this.streamTimeout = streamTimeout;
    }

    /** Runs database work on this thread in a scope that ends with the request and is cancelled with it. */
    <T> T call(CallContext context, Function<QueryScope, T> work) {
        QueryScope scope = QueryScope.of(statementTime(context));
        try (CallContext.Registration ignored = context.onCancel(scope::cancel)) {
            return work.apply(scope);
        }
    }

    /**
     * A scope for the rows of one read: long overall (the rows stream after the request's answer
     * began), each statement within the request's time. The caller registers its cancellation.
     */
    QueryScope stream(CallContext context) {
        return QueryScope.of(streamTimeout, statementTime(context));
    }

    private Duration statementTime(CallContext context) {
        Duration left = context.remaining(statementTimeout);
        return left.compareTo(AT_LEAST) < 0 ? AT_LEAST : left;
    }
}
