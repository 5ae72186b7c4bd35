package dev.reservoir.core.io;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into lines (LF-terminated, an optional CR before it belongs to the line) and
 * hands out each line as a stream of its own, so that a message of any length is parsed as it
 * arrives, never held whole. Newline-delimited JSON (stdio) is read with it at both ends: the
 * client streams each line into its parser, the stdio server keeps a line up to its size limit.
 * {@link dev.reservoir.core.sse.SseReader} has its own line splitting: an event stream's lines
 * also end at a lone CR, and its fields are parsed as the bytes arrive. Not thread-safe: one
 * reader.
 */
public final class LineInput {

    private final InputStream in;
    private final byte[] buffer;
    private int pos;
    private int limit;
    private boolean eof;
    private Line current;

    public LineInput(InputStream in, int bufferSize) {
        this.in = in;
        this.buffer = new byte[bufferSize];
    }

    /** The next line (whatever of the previous one was not read is skipped), or null at the end. */
    public InputStream nextLine() throws IOException {
        if (current != null) {
            current.skipRest();
            current = null;
        }
        if (pos == limit && !fill()) {
            return null;
        }
        current = new Line();
        return current;
    }

    /**
     * Whether a whole line after the current one is in the buffer already, so that reading it
     * will not wait for input (a server defers flushing its answers while the client's next
     * requests are there to be answered).
     */
    public boolean hasLine() {
        for (int i = pos; i < limit; i++) {
            if (buffer[i] == '\n') {
                return true;
            }
        }
        return false;
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int n = in.read(buffer, 0, buffer.length);
        while (n == 0) {
            n = in.read(buffer, 0, buffer.length);
        }
        if (n < 0) {
            eof = true;
            pos = limit = 0;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    private final class Line extends InputStream {
        private boolean done;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            if (pos == limit && !fill()) {
                done = true;
                return -1;
            }
            int end = Math.min(limit, pos + len);
            for (int i = pos; i < end; i++) {
                if (buffer[i] == '\n') {
                    int n = i - pos;
                    System.arraycopy(buffer, pos, b, off, n);
                    pos = i + 1;
                    done = true;
                    return n == 0 ? -1 : n;
                }
            }
            int n = end - pos;
            System.arraycopy(buffer, pos, b, off, n);
            pos = end;
            return n;
        }

        void skipRest() throws IOException {
            while (!done) {
                if (pos == limit && !fill()) {
                    done = true;
                    return;
                }
                for (int i = pos; i < limit; i++) {
                    if (buffer[i] == '\n') {
                        pos = i + 1;
                        done = true;
                        return;
                    }
                }
                pos = limit;
            }
        }

        @Override
        public void close() {
            // The line is skipped by the next nextLine(); the underlying stream stays open.
        }
    }
}
