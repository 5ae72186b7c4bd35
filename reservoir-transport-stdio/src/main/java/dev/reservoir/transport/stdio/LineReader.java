package dev.reservoir.transport.stdio;

import dev.reservoir.core.io.LineInput;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads newline-delimited messages as bytes, each whole up to a limit: the bounded use of
 * {@link LineInput}, which splits the lines. A line longer than the limit is skipped to its end
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

    private final LineInput lines;
    private final int max;
    private byte[] line = new byte[8192];

    LineReader(InputStream in, int max) {
        this.lines = new LineInput(in, 65536);
        this.max = max;
    }

    /** Whether the next line is in the buffer already (reading it will not wait for input). */
    boolean hasLine() {
        return lines.hasLine();
    }

    /** The next line without its newline (and without a trailing CR), or null at end of input. */
    Line next() throws IOException {
        InputStream in = lines.nextLine();
        if (in == null) {
            return null;
        }
        int length = 0;
        while (true) {
            if (length == line.length) {
                // Room for one byte past the limit: that byte is how an overlong line shows.
                int grown = (int) Math.min(Math.min(max + 1L, line.length * 2L), Integer.MAX_VALUE - 8);
                if (length > max || grown == line.length) {
                    skip(in);
                    return new Line(line, 0, true);
                }
                line = Arrays.copyOf(line, grown);
            }
            int n = in.read(line, length, line.length - length);
            if (n < 0) {
                return finish(length);
            }
            length += n;
        }
    }

    private Line finish(int length) {
        if (length > max) {
            return new Line(line, 0, true);
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new Line(line, length, false);
    }

    /** Reads the rest of an overlong line into the (then unused) buffer, keeping none of it. */
    private void skip(InputStream in) throws IOException {
        while (in.read(line, 0, line.length) >= 0) {
            // discard
        }
    }
}
