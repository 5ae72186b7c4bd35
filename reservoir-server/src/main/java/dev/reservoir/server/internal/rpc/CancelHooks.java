package dev.reservoir.server.internal.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.LoggerFactory;

/**
 * The callbacks of one request for its cancellation or timeout. Each runs once: those registered
 * before it happened on a virtual thread of their own (the canceller may be the transport's
 * reader), those registered after at once. Thread-safe.
 */
public final class CancelHooks {

    /** Removes a callback that has not run yet. */
    @FunctionalInterface
    public interface Removal {
        void remove();
    }

    private record Hook(Runnable run, boolean stopsWork) {}

    /** Hooks of a request dropped before any was registered: each added one runs at once. */
    static final CancelHooks FIRED = new CancelHooks(true);

    private final ReentrantLock lock = new ReentrantLock();
    private final List<Hook> hooks = new ArrayList<>(2);
    private boolean fired;

    CancelHooks() {
        this(false);
    }

    private CancelHooks(boolean fired) {
        this.fired = fired;
    }

    /**
     * Runs {@code run} when the request is dropped (at once if it already was).
     *
     * @param stopsWork whether the callback stops the request's work itself, so that its thread
     *     must not be interrupted (an interrupt would close a JDBC socket or an NIO channel)
     */
    public Removal add(Runnable run, boolean stopsWork) {
        Hook hook = new Hook(run, stopsWork);
        lock.lock();
        try {
            if (!fired) {
                hooks.add(hook);
                return () -> remove(hook);
            }
        } finally {
            lock.unlock();
        }
        runQuietly(run);
        return () -> {};
    }

    /** Runs the callbacks (once). True when one of them stops the request's work itself. */
    boolean fire() {
        List<Hook> toRun;
        lock.lock();
        try {
            if (fired) {
                return false;
            }
            fired = true;
            toRun = List.copyOf(hooks);
            hooks.clear();
        } finally {
            lock.unlock();
        }
        if (toRun.isEmpty()) {
            return false;
        }
        Thread.ofVirtual().name("reservoir-cancel").start(() -> toRun.forEach(h -> runQuietly(h.run())));
        return toRun.stream().anyMatch(Hook::stopsWork);
    }

    /** Runs a callback registered before the request was dropped, as {@link #fire} runs them. */
    static void runLater(Runnable run) {
        Thread.ofVirtual().name("reservoir-cancel").start(() -> runQuietly(run));
    }

    private void remove(Hook hook) {
        lock.lock();
        try {
            hooks.remove(hook);
        } finally {
            lock.unlock();
        }
    }

    private static void runQuietly(Runnable run) {
        try {
            run.run();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(CancelHooks.class).debug("A cancellation callback failed", e);
        }
    }
}
