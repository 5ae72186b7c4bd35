package dev.reservoir.provider.jdbc.sql;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What one request allows its database work: a deadline and cancellation. Work registers how to
 * stop itself ({@code Statement::cancel}) while it runs; {@link #cancel()} runs those hooks once, and
 * a hook registered after that runs at once. Thread-safe.
 */
public final class QueryScope {

    /** A registered hook; closing it takes the hook back. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private final long deadline;
    private final long statementNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<Runnable> hooks = new ArrayList<>();
    private volatile boolean cancelled;

    private QueryScope(Duration timeout, Duration statementTimeout) {
        this.deadline = System.nanoTime() + timeout.toNanos();
        this.statementNanos = statementTimeout.toNanos();
    }

    /** A scope that ends after the timeout; each statement may take all of it. */
    public static QueryScope of(Duration timeout) {
        return of(timeout, timeout);
    }

    /**
     * A scope that ends after {@code timeout} (a long read of many rows), each statement limited to
     * {@code statementTimeout} (fetching further rows of a cursor is not a new statement).
     */
    public static QueryScope of(Duration timeout, Duration statementTimeout) {
        if (timeout.isNegative() || timeout.isZero() || statementTimeout.isNegative() || statementTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "query timeouts must be positive, not " + timeout + " and " + statementTimeout);
        }
        return new QueryScope(timeout, statementTimeout);
    }

    /** Time left before the deadline (zero once it passed). */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    /** The time a statement may take, in whole seconds, at least 1, for {@link java.sql.Statement#setQueryTimeout}. */
    public int timeoutSeconds() {
        long nanos = Math.min(statementNanos, Math.max(0, deadline - System.nanoTime()));
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (nanos + 999_999_999L) / 1_000_000_000L));
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Throws Cancelled when the scope was cancelled or its deadline passed. */
    public void check() {
        if (cancelled) {
            throw new DbException.Cancelled("the request was cancelled", null);
        }
        if (deadline - System.nanoTime() <= 0) {
            throw new DbException.Cancelled("the query took longer than its time limit", null);
        }
    }

    /** Runs the hook when the scope is cancelled (at once if it already was). */
    public Registration onCancel(Runnable hook) {
        lock.lock();
        try {
            if (!cancelled) {
                hooks.add(hook);
                return () -> remove(hook);
            }
        } finally {
            lock.unlock();
        }
        runQuietly(hook);
        return () -> {};
    }

    /** Cancels: every registered hook runs once, on this thread. */
    public void cancel() {
        List<Runnable> toRun;
        lock.lock();
        try {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = List.copyOf(hooks);
            hooks.clear();
        } finally {
            lock.unlock();
        }
        toRun.forEach(QueryScope::runQuietly);
    }

    private void remove(Runnable hook) {
        lock.lock();
        try {
            hooks.remove(hook);
        } finally {
            lock.unlock();
        }
    }

    private static void runQuietly(Runnable hook) {
        try {
            hook.run();
        } catch (RuntimeException e) {
            // A statement that cannot be cancelled any more has finished or failed on its own.
        }
    }
}
