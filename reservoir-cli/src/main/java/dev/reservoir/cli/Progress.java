package dev.reservoir.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A count on stderr for work that takes a while ("listing... 12,000 resources"), for people only:
 * nothing at all unless stderr is a terminal (a pipe, a log file or CI gets no carriage returns).
 * Silent for the first second, then updated a few times a second on one line, erased when done.
 * Thread-safe.
 */
final class Progress implements AutoCloseable {

    private static final long QUIET_MILLIS = 1000;
    private static final long EVERY_MILLIS = 250;

    private final PrintWriter err;
    private final String label;
    private final String unit;
    private final AtomicLong count = new AtomicLong();
    private final ReentrantLock printing = new ReentrantLock();
    private Thread ticker;
    private volatile boolean shown;
    private volatile boolean done;

    Progress(PrintWriter err, String label, String unit) {
        this.err = err;
        this.label = label;
        this.unit = unit;
    }

    /** Starts counting on stderr when it is a terminal; otherwise counts silently. */
    static Progress start(PrintWriter err, Terminal terminal, String label, String unit) {
        Progress progress = new Progress(err, label, unit);
        if (terminal.stderr()) {
            progress.ticker = Thread.ofVirtual().name("progress").start(progress::tick);
        }
        return progress;
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
                show();
                Thread.sleep(EVERY_MILLIS);
            }
        } catch (InterruptedException e) {
            // done
        }
    }

    /** Writes the current count over the line. */
    void show() {
        print("\r" + label + "... " + String.format("%,d", count.get()) + " " + unit);
        shown = true;
    }

    private void print(String text) {
        printing.lock();
        try {
            err.print(text);
            err.flush();
        } finally {
            printing.unlock();
        }
    }

    @Override
    public void close() {
        done = true;
        if (ticker != null) {
            ticker.interrupt();
            try {
                ticker.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (shown) {
            print("\r" + " ".repeat(label.length() + 30) + "\r");
        }
    }
}
