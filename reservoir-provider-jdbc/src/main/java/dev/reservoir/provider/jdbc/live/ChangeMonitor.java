package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.catalog.TableName;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls a {@link ChangeSource} on an interval from one virtual thread and reports differences: a
 * table added, dropped or altered, and for the tables someone watches, changed data. The first
 * poll only sets the baseline. No trigger or object is ever created in the database. Thread-safe.
 */
public final class ChangeMonitor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChangeMonitor.class);
    /** Even when the cheap check says nothing changed, definitions are read again this often. */
    private static final Duration FULL_CHECK = Duration.ofSeconds(30);

    private final ChangeSource source;
    private final Duration interval;
    private final ChangeListener listener;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private final Map<TableName, Integer> watched = new HashMap<>();
    private boolean woken;
    private volatile boolean closed;
    private Thread thread;
    private Map<TableName, String> definitions;
    private Map<TableName, String> data = new HashMap<>();
    /** Held while the source is in use: it is used by one thread at a time. */
    private final ReentrantLock polling = new ReentrantLock();

    private long lastFullCheck;
    private String lastProblem;

    public ChangeMonitor(ChangeSource source, Duration interval, ChangeListener listener) {
        this.source = Objects.requireNonNull(source, "source");
        this.interval = interval;
        this.listener = listener;
    }

    /**
     * Starts polling (once), after reading the definitions' baseline on this thread, so that a
     * change made once this returns is reported.
     */
    public void start() {
        lock.lock();
        try {
            if (thread != null || closed) {
                return;
            }
            pollGuarded();
            thread = Thread.ofVirtual().name("reservoir-jdbc-changes").start(this::run);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Also report data changes of this table (counted: each call needs an {@link #unwatchData}).
     * Its baseline is read on this thread, so a change made once this returns is reported.
     */
    public void watchData(TableName table) {
        lock.lock();
        try {
            watched.merge(table, 1, Integer::sum);
        } finally {
            lock.unlock();
        }
        polling.lock();
        try {
            if (!data.containsKey(table) && !data.containsKey(ChangeSource.ANY)) {
                data.putAll(source.data(Set.of(table)));
            }
        } catch (Exception e) {
            log.warn("reading the change baseline of {} failed: {}", table, e.getMessage());
        } finally {
            polling.unlock();
        }
    }

    public void unwatchData(TableName table) {
        lock.lock();
        try {
            watched.computeIfPresent(table, (t, n) -> n == 1 ? null : n - 1);
        } finally {
            lock.unlock();
        }
    }

    /** Polls now rather than at the end of the interval (a notification said something changed). */
    public void pollNow() {
        lock.lock();
        try {
            woken = true;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void run() {
        while (!closed) {
            awaitNext();
            if (!closed) {
                pollGuarded();
            }
        }
    }

    private void pollGuarded() {
        polling.lock();
        try {
            pollOnce();
            lastProblem = null;
        } catch (Exception e) {
            String problem = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!problem.equals(lastProblem) && !closed) {
                log.warn("watching the database for changes failed (trying again every {}): {}", interval, problem);
            }
            lastProblem = problem;
        } finally {
            polling.unlock();
        }
    }

    private void awaitNext() {
        lock.lock();
        try {
            long nanos = interval.toNanos();
            while (!woken && !closed && nanos > 0) {
                nanos = wake.awaitNanos(nanos);
            }
            woken = false;
        } catch (InterruptedException e) {
            closed = true;
        } finally {
            lock.unlock();
        }
    }

    /** One poll: definitions, then the data of watched tables. Package-private for tests. */
    void pollOnce() throws Exception {
        boolean force = definitions == null || System.nanoTime() - lastFullCheck > FULL_CHECK.toNanos();
        Map<TableName, String> defs = source.definitions(force);
        if (defs != null) {
            lastFullCheck = System.nanoTime();
            compareDefinitions(defs);
        }
        Set<TableName> tables;
        lock.lock();
        try {
            tables = new HashSet<>(watched.keySet());
        } finally {
            lock.unlock();
        }
        Map<TableName, String> now = tables.isEmpty() ? Map.of() : source.data(tables);
        for (Map.Entry<TableName, String> entry : now.entrySet()) {
            String before = data.get(entry.getKey());
            if (before != null && !before.equals(entry.getValue())) {
                if (entry.getKey().equals(ChangeSource.ANY)) {
                    listener.someDataChanged();
                } else {
                    listener.dataChanged(entry.getKey());
                }
            }
        }
        data = new HashMap<>(now);
    }

    private void compareDefinitions(Map<TableName, String> defs) {
        Map<TableName, String> before = definitions;
        definitions = defs;
        if (before == null) {
            return;
        }
        boolean changed = !before.keySet().equals(defs.keySet());
        for (Map.Entry<TableName, String> entry : defs.entrySet()) {
            String old = before.get(entry.getKey());
            if (old != null && !old.equals(entry.getValue())) {
                changed = true;
                listener.definitionChanged(entry.getKey());
            }
        }
        if (changed) {
            listener.listChanged();
        }
    }

    @Override
    public void close() {
        Thread t;
        lock.lock();
        try {
            closed = true;
            wake.signalAll();
            t = thread;
        } finally {
            lock.unlock();
        }
        if (t != null) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        source.close();
    }
}
