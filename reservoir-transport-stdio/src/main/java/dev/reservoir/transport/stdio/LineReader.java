package dev.reservoir.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads newline-delimited messages as bytes. A line longer than the limit is skipped to its end
 * without being kept, so an oversized message costs no memory. Not thread-safe.
 */
final class LineReader {

    /** One line; {@code bytes} is reused by the next call, so use it before asking again. */
    record Line(byte[] bytes, int length, boolean tooLong) {
        boolean isBlank() {
            for (int i = 0; i < length; i++) {
                byte b = bytes[i];
                if (b != ' ' && b != '\t' && b != '\r') {
                    return false;
                }
            }
            return true;
        }
    }

    private final InputStream in;
    private final int max;
    private final byte[] buffer = new byte[65536];
    private int position;
    private int limit;
    private byte[] line = new byte[8192];

    LineReader(InputStream in, int max) {
        this.in = in;
        this.max = max;
    }

    /** The next line without its newline (and without a trailing CR), or null at end of input. */
    Line next() throws IOException {
        int length = 0;
        boolean tooLong = false;
        boolean sawAny = false;
        while (true) {
            if (position == limit) {
                limit = in.read(buffer, 0, buffer.length);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    return sawAny ? finish(length, tooLong) : null;
                }
            }
            sawAny = true;
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int chunk = position - start;
            if (!tooLong) {
                if (length + chunk > max) {
                    tooLong = true;
                } else {
                    ensure(length + chunk);
                    System.arraycopy(buffer, start, line, length, chunk);
                    length += chunk;
                }
            }
            if (position < limit) {
                position++; // the newline
                return finish(length, tooLong);
            }
        }
    }

    private Line finish(int length, boolean tooLong) {
        if (tooLong) {
            return new Line(line, 0, true);
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new Line(line, length, false);
    }

    private void ensure(int capacity) {
        if (capacity > line.length) {
            line = Arrays.copyOf(line, Math.max(capacity, Math.min(max, line.length * 2)));
        }
    }
}
