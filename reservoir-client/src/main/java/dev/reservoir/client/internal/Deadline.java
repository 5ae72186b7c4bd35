package dev.reservoir.client.internal;

import java.time.Duration;

/** A point in time a whole operation (connecting: probe, handshake, retries) must finish by. */
public record Deadline(long endNanos, Duration total) {

    /** The deadline this long from now. */
    public static Deadline after(Duration total) {
        return new Deadline(System.nanoTime() + total.toNanos(), total);
    }

    /** The time left (at least one millisecond, so a wait that starts late still asks once). */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(1_000_000, endNanos - System.nanoTime()));
    }

    /** The time left, but no more than {@code limit}. */
    public Duration atMost(Duration limit) {
        Duration left = remaining();
        return left.compareTo(limit) < 0 ? left : limit;
    }

    /** Whether the time is up. */
    public boolean passed() {
        return System.nanoTime() - endNanos >= 0;
    }
}
