package dev.reservoir.server.internal;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The places for content streams open at once, shared by every connection of a server: an answer
 * takes one while it writes its contents (it opens them one at a time), so a flood of reads (a
 * batch of thousands, thousands of HTTP requests) cannot use up the process's file descriptors
 * and break other clients' reads. Thread-safe.
 */
final class StreamBudget {

    private final Semaphore places;
    private final int size;

    StreamBudget(int size) {
        this.size = size;
        // Fair: a read that waited longest gets the next place, so none starves under load.
        this.places = new Semaphore(size, true);
    }

    /** Takes a place, waiting at most {@code wait}; false when none came free in time. */
    boolean acquire(Duration wait) throws InterruptedException {
        return places.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    void release() {
        places.release();
    }

    int size() {
        return size;
    }

    /** Places in use now (for tests and logs). */
    int inUse() {
        return size - places.availablePermits();
    }

    /**
     * The default size: a quarter of the process's file descriptor limit, between 16 and 1,024, so
     * that sockets, jar files and the rest keep the other three quarters.
     */
    static int defaultSize() {
        long fds = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            fds = unix.getMaxFileDescriptorCount();
        }
        return fds <= 0 ? 256 : (int) Math.max(16, Math.min(1024, fds / 4));
    }
}
