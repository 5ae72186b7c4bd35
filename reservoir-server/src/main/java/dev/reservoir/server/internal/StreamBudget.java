package dev.reservoir.server.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        long fds = openFileLimit();
        return fds <= 0 ? 256 : (int) Math.max(16, Math.min(1024, fds / 4));
    }

    /**
     * The process's limit of open files (the soft one), or -1 when unknown. On Linux it is read
     * from {@code /proc/self/limits}: the JDK's own answer ({@code UnixOperatingSystemMXBean})
     * starts the management classes first, about 6 ms of a server's start before its first answer.
     */
    static long openFileLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Max open files")) {
                    return parseLimit(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux (or no /proc): the management classes know.
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return unix.getMaxFileDescriptorCount();
        }
        return -1;
    }

    /** The soft limit of a {@code /proc/PID/limits} line: its first figure after the name. */
    static long parseLimit(String line) {
        String soft = line.substring("Max open files".length()).trim().split("\\s+", 2)[0];
        return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
    }
}
