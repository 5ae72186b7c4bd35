package dev.reservoir.transport.stdio;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the input and runs what it reads. The thread that reads a request runs it itself, as a
 * one-thread server would: with many requests in flight, starting a virtual thread for each and
 * waking a carrier to run it cost a quarter of a read's CPU (reservoir-bench/PROFILE.md). So that
 * a slow request (a provider waiting on a disk or a database) does not hold up the ones behind
 * it, a watchdog looks every millisecond, and when the reading thread is still in the request it
 * was in at the last look, it hands the reading to another thread; the slow one ends with its
 * request. Those threads come from a pool, so slow requests one after another reuse them. How
 * many run at once is the engine's limit on concurrent requests: a thread that waits for a place
 * is not running a request, so it is never replaced.
 *
 * <p>The readers are platform threads: nothing can interrupt a read blocked on stdin, and a
 * virtual thread blocked there would hold its carrier anyway.
 */
final class Reading {

    private static final Logger log = LoggerFactory.getLogger(Reading.class);

    /** How often the watchdog looks, and so about how long a request holds up the input at most (one to two ticks). */
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** Looks without a request, after which the watchdog sleeps until a request starts. */
    private static final int IDLE_TICKS = 100;

    /** {@link #running}'s value once the reading was handed over from the request in it. */
    private static final long HANDED_OVER = -1;

    /**
     * Answers left in the buffer at most while more requests wait in the input. 32 rather than 8:
     * at 64 reads in flight, 1.08x the reads (±17%) and 0.96x the server's CPU per read, and no
     * change at 16 (PROFILE.md, twenty-sixth pass); a burst's 32 small answers are one write of
     * about 36 KB, within a pipe's 64 KiB.
     */
    private static final int DEFERRED = 32;

    /** Told once when reading ends: the input ended or failed (with the failure), or the output failed. */
    interface Ended {
        void ended(IOException failure);
    }

    private final LineReader lines;
    private final int maxMessageBytes;
    private final ServerConnection connection;
    private final LineWriter writer;
    private final JsonRpcCodec codec;
    private final Ended ended;
    private final ExecutorService readers;
    private final Thread watchdog;

    /** The id of the run the reading thread is in; 0 when it is in none; {@link #HANDED_OVER}. */
    private final AtomicLong running = new AtomicLong();

    private final AtomicLong runIds = new AtomicLong();
    private volatile boolean watchdogAsleep;
    private volatile boolean stopped;

    Reading(
            LineReader lines,
            int maxMessageBytes,
            ServerConnection connection,
            LineWriter writer,
            JsonRpcCodec codec,
            Ended ended) {
        this.lines = lines;
        this.maxMessageBytes = maxMessageBytes;
        this.connection = connection;
        this.writer = writer;
        this.codec = codec;
        this.ended = ended;
        this.readers = Executors.newCachedThreadPool(
                Thread.ofPlatform().daemon().name("reservoir-stdin-", 1).factory());
        this.watchdog =
                Thread.ofPlatform().daemon().name("reservoir-stdin-watchdog").unstarted(this::watch);
    }

    void start() {
        watchdog.start();
        readers.execute(this::read);
    }

    /** Stops the watchdog and lets idle readers go (a reader in a request ends with it). */
    void stop() {
        stopped = true;
        LockSupport.unpark(watchdog);
        readers.shutdown();
    }

    /** Reads until the input ends, or until the reading is handed to another thread. */
    private void read() {
        Turn turn = new Turn();
        IOException failure = null;
        try {
            while (true) {
                if (writer.unflushed() && !lines.hasLine()) { // the flag first: it is cheaper than a look for a line
                    // No answer waits while this thread waits for input. The flush counts as a
                    // run: if the output is full (a client that writes all its requests before it
                    // reads), the watchdog hands the reading on rather than both ends waiting.
                    turn.callerRunning(true);
                    try {
                        writer.flush();
                    } finally {
                        turn.callerRunning(false);
                    }
                    if (turn.handedOver) {
                        return;
                    }
                }
                LineReader.Line line = lines.next();
                if (line == null || writer.outputFailed()) {
                    break;
                }
                if (line.tooLong()) {
                    log.warn("Refused a message of more than {} bytes", maxMessageBytes);
                    writer.send(new JsonRpcErrorResponse(
                            null,
                            JsonRpcError.invalidRequest(
                                    "Invalid request: the message is longer than this server's limit of "
                                            + maxMessageBytes + " bytes")));
                } else if (!line.isBlank()) {
                    connection.receive(codec.decode(line.bytes(), 0, line.length()), turn);
                    if (turn.handedOver) {
                        return; // another thread reads now
                    }
                }
            }
        } catch (IOException e) {
            failure = e;
        } finally {
            if (!turn.handedOver) {
                ended.ended(failure);
            }
        }
    }

    private void watch() {
        long seen = 0;
        int idle = 0;
        while (!stopped) {
            long run = running.get();
            if (run > 0) {
                idle = 0;
                if (run == seen && running.compareAndSet(run, HANDED_OVER)) {
                    seen = 0;
                    try {
                        readers.execute(this::read);
                    } catch (RejectedExecutionException e) {
                        return; // stopped meanwhile
                    }
                } else {
                    seen = run;
                }
            } else if (++idle >= IDLE_TICKS) {
                // Nothing runs: sleep until a request starts (it wakes this thread), not every tick.
                watchdogAsleep = true;
                if (running.get() <= 0 && !stopped) {
                    LockSupport.park(this);
                }
                watchdogAsleep = false;
                idle = 0;
                seen = 0;
                continue;
            }
            LockSupport.parkNanos(this, TICK_NANOS);
        }
    }

    /**
     * The sink of the frames one reading thread reads: answers go to the writer, and the thread
     * runs each request itself, telling the watchdog when it starts and ends one.
     */
    private final class Turn implements MessageSink {
        private final Thread owner = Thread.currentThread();
        private long run;
        /** Set while this turn's thread runs a request and the next one is in the input already. */
        private boolean more;
        /** Answers left unflushed in a row. */
        private int deferred;
        /** Set (on this turn's thread) when the reading was handed over while it ran a request. */
        private boolean handedOver;

        /**
         * While the client's next request waits in the input, an answer this thread sends is left
         * unflushed, up to {@link #DEFERRED} of them: answers to a burst go out in fewer writes
         * (the client reads fewer times too), and still in several, so that it works on some while
         * this thread makes the rest.
         */
        @Override
        public void send(JsonRpcMessage message) throws IOException {
            // Only while this thread still reads: one that handed the reading on would leave its
            // answer to whoever flushes next.
            boolean defer = more && Thread.currentThread() == owner && running.get() == run && ++deferred < DEFERRED;
            if (!defer) {
                deferred = 0;
            }
            writer.send(message, !defer);
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
            writer.sendBatch(messages);
        }

        @Override
        public boolean capsMessageSize() {
            return writer.capsMessageSize();
        }

        @Override
        public boolean callerRunsRequests() {
            return true;
        }

        @Override
        public void callerRunning(boolean started) {
            if (started) {
                more = lines.hasLine();
                run = runIds.incrementAndGet();
                running.set(run);
                if (watchdogAsleep) {
                    LockSupport.unpark(watchdog);
                }
            } else {
                more = false;
                if (!running.compareAndSet(run, 0)) {
                    handedOver = true;
                }
            }
        }
    }
}
