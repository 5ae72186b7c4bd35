package dev.reservoir.transport.http.internal;

import dev.reservoir.core.sse.SseEncoder;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One logical SSE stream: the events the server sent on it, numbered, in a bounded buffer, and at
 * most one reader (an HTTP response) attached at a time. Appending never blocks on the network: a
 * reader writes on its own thread, and one that falls more than half the buffer behind is
 * disconnected while everything it has not received is still buffered, so it can resume with
 * {@code Last-Event-ID} and lose nothing. A resumed reader gets the events after the one it names,
 * each once. Event ids are {@code <stream>-<seq>}; a stream that is not resumable (stateless era,
 * 2024-11-05) writes no ids. Thread-safe.
 */
final class EventStream {

    private static final Logger log = LoggerFactory.getLogger(EventStream.class);

    /** The most bytes a reader's reused array grows to; a bigger event gets an array of its own. */
    static final int MAX_SCRATCH = 4096;

    /** Events a new stream's buffer has room for before it grows (most streams carry a few). */
    private static final int INITIAL_RING = 8;

    /** Why a reader stopped. */
    enum Stop {
        /** Every event was delivered and the stream ended. */
        ENDED,
        /** Another reader took the stream over, or the stream was closed. */
        REPLACED,
        /** The reader fell too far behind and was disconnected. */
        TOO_SLOW,
        /** A write to the reader failed (the client went away). */
        BROKEN
    }

    /**
     * Writes to a reader's response without blocking, and says when done (null) or failed: how an
     * appending thread hands events straight to an idle reader, without waking the reader's own
     * thread (with 10,000 subscribers, those wake-ups cost more than the writes).
     */
    interface DirectWriter {
        /**
         * Writes what {@code bytes} has remaining. The buffer may be the reader's own, reused for
         * its next direct write once {@code done} is told: the writer must not keep it after that.
         */
        void write(ByteBuffer bytes, java.util.function.Consumer<Throwable> done);
    }

    /**
     * A write started by an appender for an idle reader, and what is told when it ends. Each reader
     * has one, reused: its direct writes never overlap, and with 10,000 streams every object a
     * change makes per stream is 10,000 more for the young collection.
     */
    private final class DirectWrite implements java.util.function.Consumer<Throwable> {
        private final Reader reader;
        private ByteBuffer bytes;
        private long lastSeq;
        /**
         * The event being written when it was not put in the buffer (see {@link #append}), the
         * one numbered {@link #lastSeq}: put back in the buffer should the write fail or another
         * reader take over meanwhile; else null.
         */
        private byte[] unbuffered;

        private DirectWrite(Reader reader) {
            this.reader = reader;
        }

        @Override
        public void accept(Throwable failure) {
            directDone(this, failure);
        }
    }

    /** What a reader gets from {@link #next}: events to write, a stop, or nothing (time passed). */
    record Batch(List<byte[]> events, long lastSeq, Stop stop) {
        static final Batch NOTHING = new Batch(List.of(), -1, null);
    }

    /** One attached reader, with its position in the stream. */
    final class Reader {
        private final Runnable abort;
        private long cursor;
        private Stop stop;
        /** Set while the reader's thread waits in {@link #next} with nothing to write. */
        private boolean idle;
        /** Set while a direct write for this reader is under way (its thread must not write). */
        private boolean writing;
        /** Set while the reader's thread waits for a direct write to end (its time is up). */
        private boolean awaitingWrite;

        private DirectWriter direct;
        /** This reader's direct write, made at its first and then reused. */
        private DirectWrite directWrite;
        /**
         * Where a direct write of one event is put together (with its id on a resumable stream),
         * and the buffer over it: one direct write runs at a time, so one serves them all (see
         * {@link #oneEvent}).
         */
        private byte[] scratch;

        private ByteBuffer scratchBuffer;

        /**
         * When anything was last written to this reader ({@link System#nanoTime}), by its own
         * thread or an appender: what the keep-alive sweep reads, without the stream's lock.
         */
        private volatile long lastWritten = System.nanoTime();
        /** The keep-alive interval the sweep watches this reader with (ns), or 0 when not watched. */
        private volatile long sweptEvery;
        /** Set by the sweep when a keep-alive is due; {@link #next} then returns. */
        private boolean due;

        private Reader(Runnable abort, long cursor) {
            this.abort = abort;
            this.cursor = cursor;
        }

        /** Something was written to this reader just now (by its own thread). */
        void wrote() {
            lastWritten = System.nanoTime();
        }

        /**
         * When anything was last written to this reader ({@link System#nanoTime}), by its own
         * thread or an appender: what its thread need not repeat with a keep-alive.
         */
        long lastWritten() {
            return lastWritten;
        }

        void sweptEvery(long keepAliveNanos) {
            sweptEvery = keepAliveNanos;
        }

        /**
         * Called by the keep-alive sweep at {@code now}: wakes the reader's thread if nothing was
         * written to it for its keep-alive interval, less {@code early}.
         */
        void sweep(long now, long early) {
            long every = sweptEvery;
            if (every > 0 && now - lastWritten >= every - early) {
                keepAliveDue(this);
            }
        }

        /** The id of the last event this reader has (what a priming event carries). */
        String position() {
            lock.lock();
            try {
                return idOf(cursor - 1);
            } finally {
                lock.unlock();
            }
        }
    }

    /** The stream's number in its session (its event ids' first part), or -1 without ids. */
    private final int number;
    /** {@code <number>-}, or null without ids: for the rare look at an id; events are numbered from {@link #number}. */
    private final String prefix;

    private final int maxEvents;
    private final long maxBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /**
     * The buffered events, oldest first from {@link #head}: their bodies, each the event without
     * its id, and the same array for every stream the event went to (a change to 10,000
     * subscribers is encoded once); the id is put in front when the event is written. Buffered
     * events are numbered without a gap from {@link #firstSeq}, so a body is all an event needs
     * here: its number is its place, and its size ({@link #sizeOf}) follows from both. A replay
     * buffer so holds a reference an event (4 bytes), where a record an event (number, size and
     * offset) took 44: 1,000 sessions that heard 1,000 changes kept 4.6 bytes of live heap a
     * delivered event against 45.6 (the bench's {@code ReplayMemory}), and a change to 10,000
     * sessions no longer makes 10,000 records for the collector to move and keep. Grown by
     * doubling, up to {@link #maxEvents}.
     */
    private byte[][] ring = new byte[INITIAL_RING][];

    private int head;
    private int count;
    /** The number of the oldest buffered event (the next one's when none is). */
    private long firstSeq = 1;

    private long bufferedBytes;
    private long nextSeq = 1;
    private long delivered;
    private boolean ended;
    private boolean closed;
    private Reader reader;

    /**
     * @param number the stream's number in its session, or -1 for a stream without event ids
     * @param maxEvents events kept for resumption (at least 2)
     * @param maxBytes bytes kept for resumption; the newest event is kept whatever its size
     */
    EventStream(int number, int maxEvents, long maxBytes) {
        this.number = Math.max(-1, number);
        this.prefix = number < 0 ? null : number + "-";
        this.maxEvents = Math.max(2, maxEvents);
        this.maxBytes = Math.max(2, maxBytes);
    }

    boolean resumable() {
        return prefix != null;
    }

    /** Whether an event id names a position in this stream. */
    boolean owns(String eventId) {
        return prefix != null && eventId.startsWith(prefix) && seqOf(eventId) >= 0;
    }

    /**
     * Adds an event. {@code body} is the event without its id: fields, data and the blank line.
     * Returns false when the stream is closed or ended (the event is dropped).
     */
    boolean append(byte[] body) {
        Reader slow = null;
        DirectWrite job = null;
        lock.lock();
        try {
            if (closed || ended) {
                return false;
            }
            long seq = nextSeq++;
            int size = sizeOf(seq, body);
            Reader r = reader;
            if (number < 0
                    && count == 0
                    && r != null
                    && r.stop == null
                    && r.idle
                    && !r.writing
                    && r.direct != null
                    && r.cursor == seq) {
                // Nothing waits and the stream is never replayed: written at once without a trip
                // through the buffer, which it would leave as soon as written (with 10,000 listen
                // streams, a store into each one's buffer and another to drop it, in memory out of
                // cache).
                job = started(r, oneEvent(r, seq, body, size), seq);
                job.unbuffered = body;
            } else {
                buffer(seq, body, size);
                if (r != null && r.stop == null && tooFarBehind(r)) {
                    slow = r;
                    slow.stop = Stop.TOO_SLOW;
                    reader = null;
                    changed.signalAll();
                } else if (r != null && r.stop == null && r.idle && r.direct != null) {
                    // Written here; or, while a write is under way, taken by the reader's thread
                    // once that write ends (its end signals).
                    job = r.writing ? null : takeDirect(r, seq, body, size);
                    if (job == null && !r.writing) {
                        changed.signalAll();
                    }
                } else {
                    changed.signalAll();
                }
            }
        } finally {
            lock.unlock();
        }
        if (job != null) {
            DirectWrite started = job;
            try {
                started.reader.direct.write(started.bytes, started);
            } catch (RuntimeException e) {
                // Jetty throws when the write comes after the exchange ended (the reader's thread
                // ended it meanwhile). Thrown on, it would reach the engine's outbox as a broken
                // sink, and the session would get no notification again.
                directDone(started, e);
            }
        }
        if (slow != null) {
            log.info("Disconnecting an SSE reader that fell too far behind (it can resume with Last-Event-ID)");
            slow.abort.run();
        }
        return true;
    }

    /**
     * Called with the lock held: adds event {@code seq} (the newest, numbered right after the
     * buffered ones) to the buffer, dropping the oldest beyond its bounds.
     */
    private void buffer(long seq, byte[] body, int size) {
        if (count == 0) {
            firstSeq = seq;
        } else if (count == maxEvents) {
            dropOldest(); // the bound on events, kept before adding: the ring need not grow past it
        }
        if (count == ring.length) {
            grow();
        }
        ring[slot(count)] = body;
        count++;
        bufferedBytes += size;
        trim();
    }

    /** Called with the lock held: drops the oldest events beyond the buffer's bounds (never the newest). */
    private void trim() {
        while (count > 1 && (count > maxEvents || bufferedBytes > maxBytes)) {
            dropOldest();
        }
    }

    /** Called with the lock held: drops the oldest buffered event. */
    private void dropOldest() {
        bufferedBytes -= sizeOf(firstSeq, ring[head]);
        ring[head] = null;
        head = head + 1 == ring.length ? 0 : head + 1;
        count--;
        firstSeq++;
    }

    /** Called with the lock held: the ring's index of the {@code i}th buffered event, oldest first. */
    private int slot(int i) {
        int at = head + i;
        return at >= ring.length ? at - ring.length : at;
    }

    /** Called with the lock held: the body of buffered event {@code seq}. */
    private byte[] bodyOf(long seq) {
        return ring[slot((int) (seq - firstSeq))];
    }

    /** Called with the lock held: twice the room (at most {@link #maxEvents}), oldest first from 0. */
    private void grow() {
        byte[][] larger = new byte[(int) Math.min(maxEvents, 2L * ring.length)][];
        for (int i = 0; i < count; i++) {
            larger[i] = ring[slot(i)];
        }
        ring = larger;
        head = 0;
    }

    /**
     * An event's size as written, with its id on a resumable stream: what the buffer's byte bound
     * and a reader's backlog count. At least 1, so that {@link #bufferedBytes} is 0 exactly when
     * nothing is buffered.
     */
    private int sizeOf(long seq, byte[] body) {
        return Math.max(1, body.length + idFieldLength(seq));
    }

    /**
     * Called with the lock held: puts the event of a direct write that bypassed the buffer back in
     * it, in front (it is older than any buffered): its write failed, or another reader took over
     * while it was under way, and that reader is owed it as if it had been buffered.
     */
    private void rebuffer(DirectWrite job) {
        if (job.unbuffered == null) {
            return;
        }
        // Put back only where it belongs, right before the oldest buffered, with room for it: else
        // the events after it were dropped for the buffer's bounds already, and it, older than
        // they, would have been dropped first.
        if (!closed && (count == 0 || firstSeq == job.lastSeq + 1) && count < maxEvents) {
            if (count == ring.length) {
                grow();
            }
            head = head == 0 ? ring.length - 1 : head - 1;
            ring[head] = job.unbuffered;
            count++;
            firstSeq = job.lastSeq;
            bufferedBytes += sizeOf(job.lastSeq, job.unbuffered);
            trim();
        }
        job.unbuffered = null;
    }

    /** Lets appenders write to this reader's response themselves while it is idle. */
    void direct(Reader r, DirectWriter writer) {
        lock.lock();
        try {
            r.direct = writer;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Called with the lock held, right after event {@code seq} (of that body and size) was
     * buffered: takes what the reader has not had, for a direct write.
     */
    private DirectWrite takeDirect(Reader r, long seq, byte[] body, int size) {
        if (r.cursor == seq) { // the usual case: only the event just added, as append has it
            return started(r, oneEvent(r, seq, body, size), seq);
        }
        List<byte[]> out = new ArrayList<>();
        long last = collect(r, out);
        if (out.isEmpty()) {
            return null;
        }
        return started(r, ByteBuffer.wrap(concat(out)), last);
    }

    /** Called with the lock held: the reader's direct write, set to write {@code bytes}. */
    private DirectWrite started(Reader r, ByteBuffer bytes, long lastSeq) {
        if (r.directWrite == null) {
            r.directWrite = new DirectWrite(r);
        }
        r.writing = true;
        r.directWrite.bytes = bytes;
        r.directWrite.lastSeq = lastSeq;
        return r.directWrite;
    }

    /**
     * Called with the lock held: one event as written. On a resumable stream, with its id in
     * front, put together in the reader's own array and buffer, reused from one direct write to
     * the next (they never overlap): a new array and buffer per stream per change were most of
     * what a change to 10,000 subscribers allocated, and the young collections they brought cost
     * more than the copy. Without ids, a new buffer over the shared body.
     */
    private ByteBuffer oneEvent(Reader r, long seq, byte[] body, int size) {
        if (number < 0 || size > MAX_SCRATCH) {
            // Without an id, the event is the body every stream shares, unchanged: a buffer over
            // it, new for each write, costs less than copying it into this reader's array, whose
            // every cache line (four for an updated notification) would be a miss with 10,000
            // readers.
            return ByteBuffer.wrap(bytesOf(seq, body));
        }
        if (r.scratch == null || r.scratch.length < size) {
            r.scratch = new byte[Math.max(size, 256)];
            r.scratchBuffer = ByteBuffer.wrap(r.scratch);
        }
        return r.scratchBuffer.clear().limit(SseEncoder.putWithId(number, seq, body, r.scratch));
    }

    private void directDone(DirectWrite job, Throwable failure) {
        lock.lock();
        try {
            Reader r = job.reader;
            if (!r.writing) {
                return; // told twice: the write was done with already (its object is reused)
            }
            r.writing = false;
            if (failure == null) {
                r.lastWritten = System.nanoTime();
                job.unbuffered = null;
                r.cursor = Math.max(r.cursor, job.lastSeq + 1);
                delivered = Math.max(delivered, job.lastSeq);
                dropDelivered();
            } else {
                rebuffer(job); // not delivered: kept for whoever reads next, as a buffered one is
                if (r.stop == null) {
                    r.stop = Stop.BROKEN;
                }
            }
            // Wake the reader's thread only if it has something to do: what came meanwhile, the
            // end, the failure, or the keep-alive or poll it waits to write. Waking every reader
            // after every write would cost what the direct write saves.
            if (failure != null || r.cursor < nextSeq || ended || r.awaitingWrite) {
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        if (failure != null) {
            log.debug("An SSE write failed; the client went away", failure);
        }
    }

    /**
     * Called with the lock held: the events from the reader's position (or the oldest buffered, if
     * that is later), oldest first; returns the last one's number, or -1 when there is none.
     */
    private long collect(Reader r, List<byte[]> out) {
        long newest = firstSeq + count - 1;
        for (long seq = Math.max(r.cursor, firstSeq); seq <= newest; seq++) {
            out.add(bytesOf(seq, bodyOf(seq)));
        }
        return count > 0 && newest >= r.cursor ? newest : -1;
    }

    static byte[] concat(List<byte[]> parts) {
        if (parts.size() == 1) {
            return parts.getFirst();
        }
        int size = 0;
        for (byte[] p : parts) {
            size += p.length;
        }
        byte[] all = new byte[size];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    /** No more events will be added; readers stop once they have the rest. */
    void end() {
        lock.lock();
        try {
            ended = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Drops the buffer and ends the stream; its reader sees the end (the session ended). */
    void close() {
        lock.lock();
        try {
            closed = true;
            ended = true;
            Arrays.fill(ring, null);
            head = 0;
            count = 0;
            firstSeq = nextSeq;
            bufferedBytes = 0;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether the stream ended and its last event was written to a reader. */
    boolean finished() {
        lock.lock();
        try {
            return ended && delivered >= nextSeq - 1;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Attaches a reader, replacing (and disconnecting) the one attached before.
     *
     * @param lastEventId the id the client already has, or null to start with the first event not
     *     yet written to any reader
     * @param abort disconnects the reader's HTTP connection (run when it is replaced or too slow)
     * @return the reader, or null when the stream is closed
     */
    Reader attach(String lastEventId, Runnable abort) {
        Reader old;
        Reader fresh;
        lock.lock();
        try {
            if (closed) {
                return null;
            }
            old = reader;
            if (old != null && old.writing) {
                rebuffer(old.directWrite); // the new reader is owed it unless it gets through
            }
            long first = count == 0 ? nextSeq : firstSeq;
            long from = lastEventId == null ? delivered + 1 : seqOf(lastEventId) + 1;
            if (from < first) {
                log.warn(
                        "SSE stream {}: resuming after event {}, but events before {} are no longer buffered",
                        prefix,
                        from - 1,
                        first);
                from = first;
            }
            from = Math.min(from, nextSeq);
            if (old != null) {
                old.stop = Stop.REPLACED;
            }
            fresh = new Reader(abort, from);
            reader = fresh;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (old != null) {
            old.abort.run();
        }
        return fresh;
    }

    /**
     * Waits at most {@code wait} for events after the reader's position, and takes them. Returns
     * {@link Batch#NOTHING} when the time passed with nothing to write. With {@code wait} null it
     * waits without a time limit, and returns {@link Batch#NOTHING} when the keep-alive sweep
     * finds the reader due ({@link KeepAliveSweep}); meanwhile the end of a direct write wakes it
     * only if there is something for it to do, as for a timed wait.
     */
    Batch next(Reader r, Duration wait) throws InterruptedException {
        boolean untimed = wait == null;
        long nanos = untimed ? Long.MAX_VALUE : wait.toNanos();
        lock.lock();
        try {
            while (true) {
                if (r.stop != null) {
                    return new Batch(List.of(), -1, r.stop);
                }
                if (!r.writing) {
                    if (r.cursor < nextSeq) {
                        List<byte[]> out = new ArrayList<>();
                        long last = collect(r, out);
                        if (!out.isEmpty()) {
                            return new Batch(out, last, null);
                        }
                        r.cursor = nextSeq; // what it wanted was evicted already (logged at attach)
                    }
                    if (ended) {
                        return new Batch(List.of(), -1, Stop.ENDED);
                    }
                    if (r.due) {
                        r.due = false;
                        return Batch.NOTHING;
                    }
                    if (nanos <= 0) {
                        return Batch.NOTHING;
                    }
                }
                r.idle = true;
                try {
                    if (untimed) {
                        changed.await();
                    } else if (nanos > 0) {
                        nanos = changed.awaitNanos(nanos);
                    } else {
                        r.awaitingWrite = true;
                        changed.await(); // a direct write is under way: its end signals
                    }
                } finally {
                    r.idle = false;
                    r.awaitingWrite = false;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** The reader wrote the events up to {@code lastSeq}. */
    void written(Reader r, long lastSeq) {
        r.wrote();
        lock.lock();
        try {
            r.cursor = Math.max(r.cursor, lastSeq + 1);
            delivered = Math.max(delivered, lastSeq);
            dropDelivered();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Called with the lock held. A stream without event ids is never replayed, so what was
     * delivered need not be kept: ten thousand listen streams would otherwise each hold up to the
     * whole replay buffer of events long sent (their acknowledgements alone, with many URIs).
     */
    private void dropDelivered() {
        if (prefix != null) {
            return;
        }
        while (count > 0 && firstSeq <= delivered) {
            dropOldest();
        }
    }

    /** Called by the keep-alive sweep: the reader's thread returns from {@link #next} to write a keep-alive. */
    private void keepAliveDue(Reader r) {
        lock.lock();
        try {
            r.due = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The client closed the reader's connection: the reader stops as if a write had failed. */
    void hangUp(Reader r) {
        lock.lock();
        try {
            if (r.stop == null) {
                r.stop = Stop.BROKEN;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The reader's connection is gone. */
    void detach(Reader r) {
        lock.lock();
        try {
            if (reader == r) {
                reader = null;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Whether a reader is attached now. */
    boolean attached() {
        lock.lock();
        try {
            return reader != null;
        } finally {
            lock.unlock();
        }
    }

    /** Events buffered now (for tests and metrics). */
    int buffered() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    private boolean tooFarBehind(Reader r) {
        long backlogEvents = nextSeq - r.cursor;
        if (backlogEvents <= 1) {
            // Nothing, or only the event just added: never too far behind (both bounds below ask
            // for more than one event), and the usual case, answered without reading an older
            // event (one more object out of cache per stream, for a change to 10,000 of them).
            return false;
        }
        // The bytes of the buffered events the reader has not had, counted from whichever end of
        // the buffer is nearer its position: all of them, without a look at one, when it has had
        // none (a slow reader's usual case).
        long from = Math.max(r.cursor, firstSeq);
        long had = from - firstSeq;
        long backlogBytes = 0;
        if (had <= count - had) {
            backlogBytes = bufferedBytes;
            for (long seq = firstSeq; seq < from; seq++) {
                backlogBytes -= sizeOf(seq, bodyOf(seq));
            }
        } else {
            for (long seq = firstSeq + count - 1; seq >= from; seq--) {
                backlogBytes += sizeOf(seq, bodyOf(seq));
            }
        }
        DirectWrite writing = r.writing ? r.directWrite : null;
        if (writing != null && writing.unbuffered != null) { // older than anything buffered
            backlogBytes += sizeOf(writing.lastSeq, writing.unbuffered);
        }
        // Half the buffer: when the reader is cut off, all it has not received is still here.
        return backlogEvents > maxEvents / 2 || (backlogBytes > maxBytes / 2 && backlogEvents > 1);
    }

    /** The bytes of an {@code id} field for this event number, 0 without ids. */
    private int idFieldLength(long seq) {
        return number < 0 ? 0 : SseEncoder.idFieldLength(number, seq);
    }

    /** An event as written: its body, with its id field in front on a resumable stream. */
    private byte[] bytesOf(long seq, byte[] body) {
        return number < 0 ? body : SseEncoder.withId(number, seq, body);
    }

    private String idOf(long seq) {
        return prefix == null ? null : prefix + seq;
    }

    private long seqOf(String eventId) {
        if (prefix == null || !eventId.startsWith(prefix)) {
            return -1;
        }
        try {
            long seq = Long.parseLong(eventId.substring(prefix.length()));
            return seq < 0 ? -1 : seq;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
