package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.rows.Limits;
import dev.reservoir.provider.jdbc.rows.RowCursor;
import dev.reservoir.provider.jdbc.rows.RowFormat;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import java.io.Reader;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The adapter's workarounds for what SPI v1 lacks (see SPI-NEEDS.md); it goes away with SPI v2.
 *
 * <p>Today the server gives a provider no deadline and no cancellation callback: it only
 * interrupts the request's virtual thread. JDBC drivers do not stop a running statement on an
 * interrupt (and interrupting a virtual thread in a socket read closes the connection's socket,
 * leaving the statement running on the server). So database work runs on a worker thread while
 * the request thread waits; an interrupt of the request thread cancels the work's
 * {@link QueryScope}, which runs {@code Statement.cancel()}. Streamed rows are read by a
 * {@link CursorReader} whose producer thread owns the cursor, for the same reason, and which
 * releases the cursor when the stream ends, fails, is closed or is left unread.
 */
final class Bridge {

    private static final Duration GRACE = Duration.ofSeconds(5);

    private final Duration statementTimeout;
    private final Duration streamTimeout;

    Bridge(Duration statementTimeout, Duration streamTimeout) {
        this.statementTimeout = statementTimeout;
        this.streamTimeout = streamTimeout;
    }

    /** A scope for one call: the statement timeout for all of it. */
    QueryScope callScope() {
        return QueryScope.of(statementTimeout);
    }

    /** A scope for one stream of rows: long overall, each statement within the statement timeout. */
    QueryScope streamScope() {
        return QueryScope.of(streamTimeout, statementTimeout);
    }

    /** Runs database work in a scope of its own, cancelling it if this thread is interrupted. */
    <T> T call(String what, Function<QueryScope, T> work) {
        return call(what, callScope(), work);
    }

    /** Runs database work in the given scope, cancelling it if this thread is interrupted or the scope's time runs out. */
    <T> T call(String what, QueryScope scope, Function<QueryScope, T> work) {
        FutureTask<T> task = new FutureTask<>(() -> work.apply(scope));
        Thread worker = Thread.ofVirtual().name("reservoir-jdbc-work").start(task);
        try {
            return task.get(scope.remaining().plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            stop(scope, worker, task);
            Thread.currentThread().interrupt();
            throw new DbException.Cancelled(what + " was cancelled", e);
        } catch (TimeoutException e) {
            stop(scope, worker, task);
            throw new DbException.Cancelled(what + " took longer than its time limit and was stopped", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(what + " failed", e.getCause());
        }
    }

    /** Cancels the work, waits (bounded) for it to give its connection back, and closes what it made after all. */
    private static <T> void stop(QueryScope scope, Thread worker, FutureTask<T> task) {
        scope.cancel();
        try {
            worker.join(GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (task.isDone() && !task.isCancelled()) {
            try {
                if (task.get() instanceof AutoCloseable made) {
                    made.close(); // an open cursor nobody will read
                }
            } catch (Exception e) {
                // it failed: nothing was made
            }
        }
    }

    /**
     * A reader of rows whose cursor is opened when it is first read (on its own thread), for the
     * second and later formats of one read.
     */
    Reader lazy(Function<QueryScope, RowCursor> opener, RowFormat format, Limits limits) {
        return new CursorReader(streamScope(), opener, format, limits, idleLimit(), false);
    }

    /** A reader of rows from a cursor already open in {@code scope}; its thread starts now. */
    Reader started(QueryScope scope, RowCursor cursor, RowFormat format, Limits limits) {
        return new CursorReader(scope, s -> cursor, format, limits, idleLimit(), true);
    }

    /** How long rows may wait unread (or the database stay silent) before the stream gives up. */
    private Duration idleLimit() {
        return statementTimeout.multipliedBy(4).compareTo(Duration.ofMinutes(1)) > 0
                ? statementTimeout.multipliedBy(4)
                : Duration.ofMinutes(1);
    }
}
