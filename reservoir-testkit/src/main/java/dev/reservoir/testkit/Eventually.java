package dev.reservoir.testkit;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Waits in a test until a condition holds, polling with a short back-off up to a limit, instead of
 * sleeping a fixed time: the test goes on as soon as the condition holds, and a failure says what
 * was awaited and the last value seen. Stateless; callable from any thread.
 */
public final class Eventually {

    /** What a wait polls for a value; a checked exception it throws fails the wait at once. */
    @FunctionalInterface
    public interface Probe<T> {
        T get() throws Exception;
    }

    /** What a wait polls for a yes or no; a checked exception it throws fails the wait at once. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    // Short first pauses keep quick conditions quick; the cap keeps a long wait from spinning.
    private static final long FIRST_PAUSE_NANOS = Duration.ofMillis(1).toNanos();
    private static final long LONGEST_PAUSE_NANOS = Duration.ofMillis(50).toNanos();

    private Eventually() {}

    /** Returns once {@code condition} holds; throws {@link AssertionError} naming {@code what} after {@code limit}. */
    public static void await(String what, Duration limit, Condition condition) {
        poll(what, limit, condition::holds, Boolean.TRUE::equals, false);
    }

    /** Returns the first non-null value of {@code probe}; throws {@link AssertionError} after {@code limit}. */
    public static <T> T awaitValue(String what, Duration limit, Probe<T> probe) {
        return poll(what, limit, probe, Objects::nonNull, false);
    }

    /**
     * Returns the first value of {@code probe} that {@code accept} takes; throws {@link AssertionError}
     * naming {@code what} and the last value seen after {@code limit}.
     */
    public static <T> T await(String what, Duration limit, Probe<T> probe, Predicate<? super T> accept) {
        return poll(what, limit, probe, accept, true);
    }

    private static <T> T poll(String what, Duration limit, Probe<T> probe, Predicate<? super T> accept, boolean tell) {
        long deadline = System.nanoTime() + limit.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        while (true) {
            T value = value(what, probe);
            if (accept.test(value)) {
                return value;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                // The probe ran once more after the deadline, so a slow machine's last look counts.
                throw new AssertionError("waited " + limit + " for " + what + (tell ? "; last saw " + value : ""));
            }
            pause(what, Math.min(pause, left));
            pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
        }
    }

    private static <T> T value(String what, Probe<T> probe) {
        try {
            return probe.get();
        } catch (RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + what, e);
        } catch (Exception e) {
            throw new AssertionError("failed while waiting for " + what + ": " + e, e);
        }
    }

    private static void pause(String what, long nanos) {
        try {
            Thread.sleep(Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + what, e);
        }
    }
}
