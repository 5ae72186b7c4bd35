package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.rows.Limits;
import dev.reservoir.provider.jdbc.rows.RowCursor;
import dev.reservoir.provider.jdbc.rows.RowFormat;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.Reader;
import java.io.Writer;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Rows as a {@link Reader}, produced on a thread of their own through a small queue of chunks (so
 * memory stays at a few chunks however many rows there are). Part of the adapter's SPI v1
 * workaround ({@link Bridge}): the producer, not the server's request thread, owns the cursor, so
 * an interrupt of the reading thread becomes {@code Statement.cancel()}; and the cursor is closed
 * when the rows end, on failure, on {@link #close()}, or when nobody reads for the idle limit.
 */
final class CursorReader extends Reader {

    private static final int CHUNK = 8192;
    private static final Object END = new Object();

    /** Thrown inside the producer when the reader went away. */
    private static final class Abandoned extends IOException {
        Abandoned() {
            super("the reader went away");
        }
    }

    private final QueryScope scope;
    private final Function<QueryScope, RowCursor> opener;
    private final RowFormat format;
    private final Limits limits;
    private final Duration idle;
    private final BlockingQueue<Object> chunks = new ArrayBlockingQueue<>(4);
    private volatile boolean closed;
    private Thread producer;
    private char[] chunk;
    private int position;
    private boolean ended;

    CursorReader(
            QueryScope scope,
            Function<QueryScope, RowCursor> opener,
            RowFormat format,
            Limits limits,
            Duration idle,
            boolean start) {
        this.scope = scope;
        this.opener = opener;
        this.format = format;
        this.limits = limits;
        this.idle = idle;
        if (start) {
            start();
        }
    }

    private void start() {
        producer = Thread.ofVirtual().name("reservoir-jdbc-rows").start(this::produce);
    }

    private void produce() {
        try (RowCursor cursor = opener.apply(scope)) {
            try (ChunkWriter out = new ChunkWriter()) {
                cursor.writeTo(out, format, limits);
            }
            put(END);
        } catch (Abandoned e) {
            scope.cancel(); // nobody reads: stop the statement; closing the cursor gives the connection back
        } catch (IOException e) {
            offerQuietly(e);
        } catch (DbException e) {
            offerQuietly(new IOException(e.getMessage(), e));
        } catch (RuntimeException e) {
            offerQuietly(new IOException("reading rows failed", e));
        }
    }

    private void put(Object item) throws Abandoned {
        try {
            if (closed || !chunks.offer(item, idle.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new Abandoned();
            }
        } catch (InterruptedException e) {
            throw new Abandoned();
        }
    }

    private void offerQuietly(Object item) {
        try {
            put(item);
        } catch (Abandoned e) {
            // the reader is gone: nobody to tell
        }
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (producer == null) {
            start();
        }
        while (chunk == null || position == chunk.length) {
            if (ended || !next()) {
                return -1;
            }
        }
        int n = Math.min(length, chunk.length - position);
        System.arraycopy(chunk, position, buffer, offset, n);
        position += n;
        return n;
    }

    /** Takes the next chunk; false at the end of the rows. */
    private boolean next() throws IOException {
        Object item;
        try {
            item = chunks.poll(idle.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            scope.cancel(); // the request was cancelled or timed out: Statement.cancel()
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("reading rows was cancelled");
        }
        if (item == null) {
            throw new IOException("the database sent no rows for " + idle.toSeconds() + " s");
        }
        if (item == END) {
            ended = true;
            return false;
        }
        if (item instanceof IOException e) {
            throw e;
        }
        chunk = (char[]) item;
        position = 0;
        return true;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (producer == null) {
            return;
        }
        if (!ended) {
            scope.cancel();
        }
        chunks.clear(); // frees a producer blocked on a full queue; it sees 'closed' and stops
        try {
            producer.join(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Collects characters into chunks and queues each full one. */
    private final class ChunkWriter extends Writer {
        private final char[] buffer = new char[CHUNK];
        private int used;

        /** Copies {@code n} characters from position {@code from} of a source into the buffer at {@code at}. */
        @FunctionalInterface
        private interface Source {
            void copy(int from, char[] into, int at, int n);
        }

        private void take(Source source, int offset, int length) throws IOException {
            while (length > 0) {
                int n = Math.min(length, CHUNK - used);
                source.copy(offset, buffer, used, n);
                used += n;
                offset += n;
                length -= n;
                if (used == CHUNK) {
                    flush();
                }
            }
        }

        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
            take((from, into, at, n) -> System.arraycopy(chars, from, into, at, n), offset, length);
        }

        @Override
        public void write(String text, int offset, int length) throws IOException {
            take((from, into, at, n) -> text.getChars(from, from + n, into, at), offset, length);
        }

        @Override
        public Writer append(CharSequence text) throws IOException {
            if (text instanceof StringBuilder line) {
                take((from, into, at, n) -> line.getChars(from, from + n, into, at), 0, line.length());
            } else {
                String s = text.toString();
                write(s, 0, s.length());
            }
            return this;
        }

        @Override
        public void flush() throws IOException {
            if (used > 0) {
                char[] full = new char[used];
                System.arraycopy(buffer, 0, full, 0, used);
                used = 0;
                put(full);
            }
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
