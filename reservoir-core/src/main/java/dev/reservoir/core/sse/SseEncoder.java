package dev.reservoir.core.sse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes {@code text/event-stream} fields: every SSE byte Reservoir sends (the HTTP transport, the
 * console) is written here. Data containing CR or LF is split into several {@code data} lines, so
 * any text round-trips through {@link SseReader} (apart from CRLF and CR line breaks, which come
 * back as LF, as the standard says). Stateless and thread-safe.
 */
public final class SseEncoder {

    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEEP_ALIVE = ":\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ID = "id: ".getBytes(StandardCharsets.US_ASCII);

    private SseEncoder() {}

    /** One event as bytes. {@code id}, {@code event} and {@code retryMillis} may be null. */
    public static byte[] event(String id, String event, String data, Long retryMillis) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 + data.length());
        try {
            writeFields(out, id, event, retryMillis);
            writeData(out, data);
            out.write('\n');
        } catch (IOException e) {
            throw new AssertionError("a byte array stream does not fail", e);
        }
        return out.toByteArray();
    }

    /**
     * Writes the fields that come before the data of an event: {@code id}, {@code event} and
     * {@code retry} (each only when not null). Used with {@link #startData} to stream large data.
     */
    public static void writeFields(OutputStream out, String id, String event, Long retryMillis) throws IOException {
        if (id != null) {
            field(out, "id", checkSingleLine(id, "id"));
        }
        if (event != null) {
            field(out, "event", checkSingleLine(event, "event"));
        }
        if (retryMillis != null) {
            if (retryMillis < 0) {
                throw new IllegalArgumentException("retry must not be negative, not " + retryMillis);
            }
            field(out, "retry", Long.toString(retryMillis));
        }
    }

    /**
     * Starts the single data line of an event whose data the caller streams itself; the data must
     * then contain no CR or LF (compact JSON never does), and the caller ends it with
     * {@link #endData}.
     */
    public static void startData(OutputStream out) throws IOException {
        out.write(DATA);
    }

    /** Ends a data line started with {@link #startData} and the event. */
    public static void endData(OutputStream out) throws IOException {
        out.write('\n');
        out.write('\n');
    }

    /**
     * An event's bytes with an {@code id} field put in front: how a resumable stream numbers an
     * event written before its number was known. {@code event} is a whole event without an id.
     */
    public static byte[] withId(String id, byte[] event) {
        byte[] field = ("id: " + checkSingleLine(id, "id") + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[field.length + event.length];
        System.arraycopy(field, 0, bytes, 0, field.length);
        System.arraycopy(event, 0, bytes, field.length, event.length);
        return bytes;
    }

    /**
     * {@link #withId(String, byte[])} for the id {@code <stream>-<number>}, written straight into
     * the event's bytes: a resumable stream numbers every event it sends, and with 10,000 streams
     * the id's strings, made for each, were a third of what a change allocated. The id is made
     * from the two numbers alone: with 10,000 streams, reading each stream's prefix string (two
     * objects out of cache) and checking it at every event cost more than the rest of the id.
     */
    public static byte[] withId(long stream, long number, byte[] event) {
        byte[] out = new byte[idFieldLength(stream, number) + event.length];
        put(stream, number, event, out, out.length);
        return out;
    }

    /**
     * {@link #withId(long, long, byte[])}'s bytes put at the start of {@code into} instead of a
     * new array; returns how many. A stream that writes one event at a time can reuse one array:
     * with 10,000 resumable streams, a new array per stream was over a quarter of what a change
     * allocated. Throws if {@code into} is shorter than {@link #idFieldLength} plus the event.
     */
    public static int putWithId(long stream, long number, byte[] event, byte[] into) {
        int length = idFieldLength(stream, number) + event.length;
        if (into.length < length) {
            throw new IllegalArgumentException("an event with its id takes " + length + " bytes, not " + into.length);
        }
        put(stream, number, event, into, length);
        return length;
    }

    /**
     * Writes the id field and the event from the start of {@code into}, {@code length} bytes in
     * all ({@link #idFieldLength} plus the event, checked by the caller). The id's numbers are
     * written backwards from the field's end, so their digits are not counted a second time.
     */
    private static void put(long stream, long number, byte[] event, byte[] into, int length) {
        System.arraycopy(ID, 0, into, 0, ID.length);
        int at = length - event.length - 1;
        into[at] = '\n';
        at = putDigitsBefore(number, into, at);
        into[--at] = '-';
        putDigitsBefore(stream, into, at);
        System.arraycopy(event, 0, into, length - event.length, event.length);
    }

    /** Writes {@code n}'s decimal digits to end just before {@code end}; returns where they start. */
    private static int putDigitsBefore(long n, byte[] into, int end) {
        int at = end;
        do {
            into[--at] = (byte) ('0' + n % 10);
            n /= 10;
        } while (n > 0);
        return at;
    }

    /** The bytes of the id field {@link #withId(long, long, byte[])} puts in front of an event. */
    public static int idFieldLength(long stream, long number) {
        if (stream < 0 || number < 0) {
            throw new IllegalArgumentException(
                    "an SSE id's numbers must not be negative, not " + stream + " and " + number);
        }
        return ID.length + digits(stream) + 1 + digits(number) + 1;
    }

    private static int digits(long n) {
        int d = 1;
        while (n >= 10) {
            n /= 10;
            d++;
        }
        return d;
    }

    /** A comment line and an empty line: a keep-alive that carries no event. */
    public static byte[] keepAlive() {
        return KEEP_ALIVE.clone();
    }

    /** Only a {@code retry} field: tells the client how long to wait before it reconnects. */
    public static byte[] retry(long millis) {
        return ("retry: " + millis + "\n\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static void writeData(OutputStream out, String data) throws IOException {
        int start = 0;
        int length = data.length();
        for (int i = 0; i <= length; i++) {
            char c = i < length ? data.charAt(i) : '\n';
            if (c == '\r' || c == '\n') {
                out.write(DATA);
                out.write(data.substring(start, i).getBytes(StandardCharsets.UTF_8));
                out.write('\n');
                if (c == '\r' && i + 1 < length && data.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
    }

    private static void field(OutputStream out, String name, String value) throws IOException {
        out.write(name.getBytes(StandardCharsets.US_ASCII));
        out.write(':');
        out.write(' ');
        out.write(value.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }

    private static String checkSingleLine(String value, String field) {
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("an SSE " + field + " must not contain CR, LF or NUL: " + value);
        }
        return value;
    }
}
