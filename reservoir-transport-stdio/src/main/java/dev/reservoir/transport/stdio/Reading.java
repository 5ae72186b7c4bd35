package dev.reservoir.transport.stdio;

import dev.reservoir.core.jsonrpc.Decoded;
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
 * <p>A request the engine answers at once ({@link ServerConnection#answersAtOnce}: a read its
 * provider makes from memory, a ping) runs as HTTP's I/O threads run it, without a deadline of its
 * own, and the watchdog looks at it only every {@link #QUICK_TICK_NANOS}: such a run can only be
 * held up by a full output (a client that does not read), and a thousand wake-ups a second of the
 * watchdog were 4% of a stdio read's server CPU at 16 in flight (PROFILE.md, thirtieth pass).
 * While the reading thread waits for input between such runs, it looks less often still
 * ({@link #LONGEST_NAP_NANOS}).
 *
 * <p>The readers are platform threads: nothing can interrupt a read blocked on stdin, and a
 * virtual thread blocked there would hold its carrier anyway.
 */
final class Reading {

    private static final Logger log = LoggerFactory.getLogger(Reading.class);

    /** How often the watchdog looks, and so about how long a request holds up the input at most (one to two ticks). */
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /**
     * How often it looks while the run is a quick one (a request answered at once, or a flush):
     * only a client that stops reading holds such a run up, and then a few milliseconds more
     * before the reading moves on are nothing to it.
     */
    private static final long QUICK_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /**
     * The longest nap between two looks that found no run in progress while runs still start (a
     * client with one request in flight, whose reading thread mostly waits for input): the nap
     * doubles from {@link #QUICK_TICK_NANOS} up to this, and is back at that tick once a look finds
     * a run. A quick run stuck on a full output is then handed on after at most this plus a tick.
     * At one read in flight, naps of 10 ms woke the watchdog 103-109 times a second, for 7-28 ms
     * of CPU a second; with these, 15-18 times, for 1-5 ms (PROFILE.md, forty-sixth pass).
     */
    private static final long LONGEST_NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(80);

    /** How long without a run starting the watchdog waits before it sleeps until one starts. */
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** {@link #running}'s value once the reading was handed over from the request in it. */
    private static final long HANDED_OVER = -1;

    /** The bit of a run's id that marks a quick run (its ids are odd, the others' even). */
    private static final long QUICK = 1;

    /**
     * The most answers to a burst one write carries ({@link AnswerGroups}). 32 rather than 8: at
     * 64 reads in flight, 1.08x the reads (±17%) and 0.96x the server's CPU per read, and no change
     * at 16 (PROFILE.md, twenty-sixth pass); 32 small answers are one write of about 36 KB, within
     * a pipe's 64 KiB.
     */
    private static final int MOST_PER_WRITE = 32;

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
    /** Set while the watchdog waits out a {@link #QUICK_TICK_NANOS}: a run that may wait wakes it. */
    private volatile boolean watchdogNapping;

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
        // Numbered with our own counter: a thread builder's own ("name(prefix, start)") counts with a
        // VarHandle, whose first use makes six classes at run time, on the way to the first answer
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        AtomicLong numbers = new AtomicLong();
        this.readers = Executors.newCachedThreadPool(task -> Thread.ofPlatform()
                .daemon()
                .name("reservoir-stdin-" + numbers.incrementAndGet())
                .unstarted(task));
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
                    turn.quick = true;
                    turn.callerRunning(true);
                    try {
                        writer.flush();
                        turn.burstEnded();
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
                    Decoded frame = codec.decode(line.bytes(), 0, line.length());
                    turn.quick = connection.answersAtOnce(frame);
                    connection.receive(frame, turn);
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
        long seenAt = 0;
        long lastRun = System.nanoTime();
        long startedBefore = runIds.get();
        long nap = QUICK_TICK_NANOS;
        while (!stopped) {
            long run = running.get();
            long now = System.nanoTime();
            long started = runIds.get();
            if (started != startedBefore) { // runs started since the last look, whether or not one is on now
                startedBefore = started;
                lastRun = now;
            }
            // A run that may wait (not quick) is looked at every tick; anything else, a nap at a
            // time, from which such a run's start wakes this thread.
            boolean mayWait = mayWait(run);
            long tick;
            if (run > 0) {
                lastRun = now;
                tick = mayWait ? TICK_NANOS : QUICK_TICK_NANOS;
                nap = QUICK_TICK_NANOS;
                // The same run for a whole tick of its kind: a wake-up before that (an unpark
                // left over from an earlier start) does not count as one.
                if (run == seen && now - seenAt >= tick && running.compareAndSet(run, HANDED_OVER)) {
                    seen = 0;
                    try {
                        readers.execute(this::read);
                    } catch (RejectedExecutionException e) {
                        return; // stopped meanwhile
                    }
                } else if (run != seen) {
                    seen = run;
                    seenAt = now;
                }
            } else if (now - lastRun >= IDLE_NANOS) {
                // Nothing started for a while: sleep until a request starts (it wakes this thread).
                watchdogAsleep = true;
                if (running.get() <= 0 && !stopped) {
                    LockSupport.park(this);
                }
                watchdogAsleep = false;
                lastRun = System.nanoTime();
                startedBefore = runIds.get();
                seen = 0;
                nap = QUICK_TICK_NANOS;
                continue;
            } else {
                // Runs start, but none was on at this look: the reading thread waits for input.
                tick = nap;
                nap = Math.min(nap * 2, LONGEST_NAP_NANOS);
            }
            if (mayWait) {
                LockSupport.parkNanos(this, tick);
            } else {
                watchdogNapping = true;
                if (!mayWait(running.get())) { // else one began meanwhile, and did not see the flag
                    LockSupport.parkNanos(this, tick);
                }
                watchdogNapping = false;
            }
        }
    }

    /** Whether {@link #running}'s value is a run that may wait, which the watchdog looks at every tick. */
    private static boolean mayWait(long run) {
        return run > 0 && (run & QUICK) == 0;
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
        /** How this turn's answers are grouped into writes. */
        private final AnswerGroups groups = new AnswerGroups(MOST_PER_WRITE);
        /** Set (on this turn's thread) when the reading was handed over while it ran a request. */
        private boolean handedOver;
        /**
         * Whether the frame being run is one the engine answers at once (or the run is a flush):
         * it runs without a deadline, and the watchdog looks at it less often.
         */
        private boolean quick;

        /**
         * While the client's next request waits in the input, answers are grouped into fewer
         * writes ({@link AnswerGroups}).
         */
        @Override
        public void send(JsonRpcMessage message) throws IOException {
            // Only while this thread still reads: one that handed the reading on would leave its
            // answer to whoever flushes next.
            boolean hold = Thread.currentThread() == owner && running.get() == run && groups.hold(more, quick);
            writer.send(message, !hold);
        }

        /** The reading thread flushed before it waits for input: the next answer starts a burst. */
        void burstEnded() {
            groups.burstEnded();
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

        /**
         * False for a frame answered at once: the engine then runs it as a quick request, without
         * a deadline or interrupts (nothing in it waits), and never waits for a place for it.
         */
        @Override
        public boolean callerMayBlock() {
            return !quick;
        }

        @Override
        public void callerRunning(boolean started) {
            if (started) {
                more = lines.hasLine();
                run = runIds.incrementAndGet() << 1 | (quick ? QUICK : 0);
                running.set(run);
                if (watchdogAsleep || (!quick && watchdogNapping)) {
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
