package dev.reservoir.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A count on stderr for work that takes a while ("listing... 12,000 resources"): silent for the
 * first second, then updated a few times a second on one line, erased when done. Thread-safe.
 */
final class Progress implements AutoCloseable {

    private static final long QUIET_MILLIS = 1000;
    private static final long EVERY_MILLIS = 250;

    private final PrintWriter err;
    private final String label;
    private final String unit;
    private final AtomicLong count = new AtomicLong();
    private final Thread ticker;
    private volatile boolean shown;
    private volatile boolean done;

    private Progress(PrintWriter err, String label, String unit) {
        this.err = err;
        this.label = label;
        this.unit = unit;
        this.ticker = Thread.ofVirtual().name("progress").start(this::tick);
    }

    /** Starts counting (on stderr, so it never mixes with output, JSON included). */
    static Progress start(PrintWriter err, String label, String unit) {
        return new Progress(err, label, unit);
    }

    void increment() {
        count.incrementAndGet();
    }

    long count() {
        return count.get();
    }

    private void tick() {
        try {
            Thread.sleep(QUIET_MILLIS);
            while (!done) {
                synchronizedPrint("\r" + label + "... " + String.format("%,d", count.get()) + " " + unit);
                shown = true;
                Thread.sleep(EVERY_MILLIS);
            }
        } catch (InterruptedException e) {
            // done
        }
    }

    private void synchronizedPrint(String text) {
        err.print(text);
        err.flush();
    }

    @Override
    public void close() {
        done = true;
        ticker.interrupt();
        try {
            ticker.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (shown) {
            synchronizedPrint("\r" + " ".repeat(label.length() + 30) + "\r");
        }
    }
}
