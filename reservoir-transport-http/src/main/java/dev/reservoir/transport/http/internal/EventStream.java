package dev.reservoir.transport.http.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
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

    /** Why a reader stopped. */
    enum Stop {
        /** Every event was delivered and the stream ended. */
        ENDED,
        /** Another reader took the stream over, or the stream was closed. */
        REPLACED,
        /** The reader fell too far behind and was disconnected. */
        TOO_SLOW
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

        private Reader(Runnable abort, long cursor) {
            this.abort = abort;
            this.cursor = cursor;
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

    private record Event(long seq, byte[] bytes, long endOffset) {}

    private final String prefix;
    private final int maxEvents;
    private final long maxBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Event> events = new ArrayDeque<>();
    private long bufferedBytes;
    private long appendedBytes;
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
        lock.lock();
        try {
            if (closed || ended) {
                return false;
            }
            long seq = nextSeq++;
            byte[] bytes = body;
            if (prefix != null) {
                byte[] id = ("id: " + prefix + seq + "\n").getBytes(StandardCharsets.US_ASCII);
                bytes = new byte[id.length + body.length];
                System.arraycopy(id, 0, bytes, 0, id.length);
                System.arraycopy(body, 0, bytes, id.length, body.length);
            }
            appendedBytes += bytes.length;
            events.addLast(new Event(seq, bytes, appendedBytes));
            bufferedBytes += bytes.length;
            while (events.size() > 1 && (events.size() > maxEvents || bufferedBytes > maxBytes)) {
                bufferedBytes -= events.removeFirst().bytes.length;
            }
            if (reader != null && reader.stop == null && tooFarBehind(reader)) {
                slow = reader;
                slow.stop = Stop.TOO_SLOW;
                reader = null;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (slow != null) {
            log.info("Disconnecting an SSE reader that fell too far behind (it can resume with Last-Event-ID)");
            slow.abort.run();
        }
        return true;
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
            events.clear();
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
            long first = events.isEmpty() ? nextSeq : events.peekFirst().seq;
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
            old = reader;
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
     * {@link Batch#NOTHING} when the time passed with nothing to write.
     */
    Batch next(Reader r, Duration wait) throws InterruptedException {
        long nanos = wait.toNanos();
        lock.lock();
        try {
            while (true) {
                if (r.stop != null) {
                    return new Batch(List.of(), -1, r.stop);
                }
                if (r.cursor < nextSeq) {
                    List<byte[]> out = new ArrayList<>();
                    long last = -1;
                    Iterator<Event> it = events.iterator();
                    while (it.hasNext()) {
                        Event e = it.next();
                        if (e.seq >= r.cursor) {
                            out.add(e.bytes);
                            last = e.seq;
                        }
                    }
                    if (!out.isEmpty()) {
                        return new Batch(out, last, null);
                    }
                    r.cursor = nextSeq; // what it wanted was evicted already (logged at attach)
                }
                if (ended) {
                    return new Batch(List.of(), -1, Stop.ENDED);
                }
                if (nanos <= 0) {
                    return Batch.NOTHING;
                }
                nanos = changed.awaitNanos(nanos);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The reader wrote the events up to {@code lastSeq}. */
    void written(Reader r, long lastSeq) {
        lock.lock();
        try {
            r.cursor = Math.max(r.cursor, lastSeq + 1);
            delivered = Math.max(delivered, lastSeq);
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
            return events.size();
        } finally {
            lock.unlock();
        }
    }

    private boolean tooFarBehind(Reader r) {
        long backlogEvents = nextSeq - r.cursor;
        if (backlogEvents <= 0) {
            return false;
        }
        long before = 0;
        for (Event e : events) {
            if (e.seq >= r.cursor) {
                before = e.endOffset - e.bytes.length;
                break;
            }
        }
        long backlogBytes = appendedBytes - before;
        // Half the buffer: when the reader is cut off, all it has not received is still here.
        return backlogEvents > maxEvents / 2 || (backlogBytes > maxBytes / 2 && backlogEvents > 1);
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
