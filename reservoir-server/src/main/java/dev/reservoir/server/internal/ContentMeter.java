package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.server.spi.ContentBody;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * How many bytes the {@code text} or {@code blob} value of a contents item takes on the wire
 * (without its quotes), known before the answer's first byte is written: arithmetic for a blob of
 * known size (base64 is 4 bytes per 3), the JSON writer itself for text (escapes: a control
 * character takes 6 bytes, an emoji 12), and a counting pass over a stream whose size is unknown
 * or whose text could escape past the budget. A pass stops as soon as the budget is passed.
 */
final class ContentMeter {

    /** Returned when the value is longer than the budget given. */
    static final long OVER = -1;

    /** Escapes make JSON text at most 6 bytes per UTF-8 byte of content (a control character as \\u0001). */
    private static final int MOST_ESCAPED_PER_BYTE = 6;

    /** Likewise at most 6 bytes per UTF-16 character (an emoji's two as \\uD83D\\uDE00). */
    static final int MOST_ESCAPED_PER_CHAR = 6;

    private ContentMeter() {}

    /** The bytes a value takes as the codec writes it (counted, not held). */
    static long written(JsonWritable value) {
        Counting counted = new Counting(Long.MAX_VALUE);
        try {
            JsonRpcCodec.standard().writeValue(value, counted);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a count without a most does not fail
        }
        return counted.count;
    }

    /**
     * The value's length if it is at most {@code budget}, else {@link #OVER}. When {@code exact} is
     * false, a length that is only an upper bound (still within the budget) may be returned, which
     * spares reading a text stream twice.
     */
    static long length(ContentBody body, long budget, boolean exact) throws IOException {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (body instanceof ContentBody.Text t) {
            // Not exact: the most it can take, when that fits. Measured with the JSON writer,
            // this cost more than writing the answer itself (every answer over stdio is measured).
            long most = (long) t.text().length() * MOST_ESCAPED_PER_CHAR;
            return within(exact || most > budget ? escapedLength(t.text(), budget) : most, budget);
        }
        if (body instanceof ContentBody.Utf8Text u) {
            // As Text: the most it can take when that fits, else the written length of its text.
            long most = most(u);
            if (!exact && most <= budget) {
                return most;
            }
            if (u.utf8().length > budget) {
                return OVER; // no escape makes text shorter than its UTF-8 bytes (U+FFFD is longer)
            }
            // Bytes written as they are (ContentWriter) are their own length.
            return within(
                    ContentWriter.plainAscii(u.utf8()) ? u.utf8().length : escapedLength(u.text(), budget), budget);
        }
        if (body instanceof ContentBody.Bytes b) {
            return within(base64Length(b.data().length), budget);
        }
        if (body instanceof ContentBody.BinaryStream s) {
            if (s.knownSize() >= 0) {
                return within(base64Length(s.knownSize()), budget);
            }
            try (InputStream in = s.open().get()) {
                return within(base64Length(countBytes(in, budget / 4 * 3 + 3)), budget);
            }
        }
        ContentBody.TextStream s = (ContentBody.TextStream) body;
        long size = s.knownSize();
        if (size > budget) {
            return OVER; // no escape makes text shorter than its UTF-8 bytes
        }
        if (!needsPass(body, budget, exact)) {
            return size * MOST_ESCAPED_PER_BYTE;
        }
        try (Reader in = s.open().get()) {
            return within(escapedLength(in, budget), budget);
        }
    }

    /** The most a text given as UTF-8 bytes can take written: every byte escaped at its longest. */
    static long most(ContentBody.Utf8Text body) {
        return (long) body.utf8().length * MOST_ESCAPED_PER_BYTE;
    }

    /** Whether {@link #length} must read the body's stream to measure it. */
    static boolean needsPass(ContentBody body, long budget, boolean exact) {
        if (body instanceof ContentBody.BinaryStream s) { // not a pattern switch, as in length
            return s.knownSize() < 0;
        }
        return body instanceof ContentBody.TextStream s
                && s.knownSize() <= budget
                && (exact || s.knownSize() < 0 || s.knownSize() > budget / MOST_ESCAPED_PER_BYTE);
    }

    /** Whether the value's length is known without reading anything (content in memory, a blob of known size). */
    static boolean knownWithoutReading(ContentBody body) {
        return !(body instanceof ContentBody.TextStream)
                && !(body instanceof ContentBody.BinaryStream s && s.knownSize() < 0);
    }

    /** The value's length where {@link #knownWithoutReading} holds, else the least it can be; reads nothing. */
    static long lowerBound(ContentBody body) {
        try {
            if (body instanceof ContentBody.TextStream s) { // not a pattern switch, as in length
                return Math.max(0, s.knownSize());
            }
            return body instanceof ContentBody.BinaryStream s
                    ? base64Length(Math.max(0, s.knownSize()))
                    : length(body, Long.MAX_VALUE, true);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // content held in memory cannot fail to read
        }
    }

    /** Base64 without line feeds: 4 characters for every 3 bytes or part of 3. */
    static long base64Length(long bytes) {
        return (bytes + 2) / 3 * 4;
    }

    private static long within(long length, long budget) {
        return length < 0 || length > budget ? OVER : length;
    }

    private static long countBytes(InputStream in, long most) throws IOException {
        byte[] buffer = new byte[8192];
        long count = 0;
        for (int n; count <= most && (n = in.read(buffer)) >= 0; ) {
            count += n;
        }
        return count;
    }

    private static long escapedLength(String text, long budget) throws IOException {
        if (text.length() > budget) {
            return OVER; // each character takes at least one byte
        }
        if (plainAscii(text)) {
            // Written as it is, one byte a character: measured without running the JSON writer,
            // which cost more than writing the answer itself (every read over stdio is measured).
            return text.length();
        }
        Counting out = new Counting(quoted(budget));
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            g.writeString(text);
        } catch (Counting.Passed e) {
            return OVER;
        }
        return out.count - 2;
    }

    /** Whether every character is printable ASCII that JSON leaves unescaped (no quote, no backslash). */
    private static boolean plainAscii(String text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    private static long escapedLength(Reader text, long budget) throws IOException {
        Counting out = new Counting(quoted(budget));
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            g.writeString(text, -1);
        } catch (Counting.Passed e) {
            return OVER;
        }
        return out.count - 2;
    }

    /** The budget with room for the two quotes the writer adds (no budget is larger than "no limit"). */
    private static long quoted(long budget) {
        return budget > Long.MAX_VALUE - 2 ? Long.MAX_VALUE : budget + 2;
    }

    /** Counts what is written, and stops the writer once it passes the most allowed. */
    static final class Counting extends OutputStream {
        /** Thrown once the count passes the most allowed. */
        static final class Passed extends IOException {
            Passed() {
                super("the most allowed was passed");
            }
        }

        private final long most;
        long count;

        Counting(long most) {
            this.most = most;
        }

        @Override
        public void write(int b) throws IOException {
            add(1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            add(len);
        }

        private void add(long n) throws Passed {
            count += n;
            if (count > most) {
                throw new Passed();
            }
        }
    }
}
