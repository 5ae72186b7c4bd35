package dev.reservoir.core.sse;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code text/event-stream} reader both HTTP ends use, following the WHATWG "event stream
 * interpretation": CR, LF and CRLF line ends (a CRLF may be split across reads), a leading BOM
 * skipped, comment lines reported to the {@link Fields} listener and dispatching nothing, data
 * lines joined with LF, an {@code id} with NUL ignored (an empty one resets it), {@code retry}
 * only when all digits, an event without data not dispatched, and an event cut off by the end of
 * the stream discarded (its data stream then fails with EOFException).
 *
 * <p>It streams each event's data instead of collecting it, so that a 100 MiB
 * {@code resources/read} answer sent as one SSE event is parsed as it arrives; {@link #readAll}
 * collects whole events for small streams. Not thread-safe: one reader.
 */
public final class SseReader {

    private static final int MAX_FIELD_VALUE = 8 * 1024;

    private enum LineKind {
        BLANK,
        DATA,
        OTHER,
        EOF
    }

    /** What the stream says besides events. Both default to nothing. */
    public interface Fields {
        /** The server set the reconnection delay ({@code retry} field). */
        default void onRetry(long millis) {}

        /** A comment line (the text after the colon and one space); servers send these as keep-alives. */
        default void onComment(String text) {}
    }

    private static final Fields IGNORED = new Fields() {};

    private final InputStream in;
    private final Fields fields;
    private final byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private boolean started;
    private boolean afterCr;
    private String lastEventId;
    private String eventType = "";
    private long retryMillis = -1;
    private Event current;
    /** Set with each DATA line: true when its value was empty and the line has ended already. */
    private boolean dataLineEnded;

    public SseReader(InputStream in) {
        this(in, IGNORED);
    }

    public SseReader(InputStream in, Fields fields) {
        this(in, fields, 16 * 1024);
    }

    /** @param bufferBytes the read buffer (small for many mostly idle streams; at least 16) */
    public SseReader(InputStream in, Fields fields, int bufferBytes) {
        this.in = Objects.requireNonNull(in, "in");
        this.fields = Objects.requireNonNull(fields, "fields");
        this.buf = new byte[Math.max(16, bufferBytes)];
    }

    /** Every whole event of a stream given as text (for small bodies and tests). */
    public static List<SseEvent> readAll(String stream) {
        try {
            return readAll(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)), Integer.MAX_VALUE - 8);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not from an in-memory stream
        }
    }

    /**
     * Every whole event until the stream ends, each holding at most {@code maxDataBytes} of data
     * (more fails: a peer that never ends its event cannot make this hold unbounded text).
     */
    public static List<SseEvent> readAll(InputStream in, int maxDataBytes) throws IOException {
        SseReader reader = new SseReader(in);
        List<SseEvent> events = new ArrayList<>();
        for (Event e; (e = reader.next()) != null; ) {
            events.add(e.whole(maxDataBytes));
        }
        return events;
    }

    /** The last event id the stream set (persisting across events), or null. */
    public String lastEventId() {
        return lastEventId;
    }

    /** The last {@code retry} the server sent, in milliseconds, or -1. */
    public long retryMillis() {
        return retryMillis;
    }

    /**
     * The next event that has data, positioned at its data; what the previous event's reader left is
     * skipped. Null at the end of the stream.
     */
    public Event next() throws IOException {
        if (current != null) {
            Event previous = current;
            current = null;
            if (!previous.drain()) {
                return null;
            }
        }
        if (!started) {
            started = true;
            skipBom();
        }
        while (true) {
            switch (readFieldLine()) {
                case EOF -> {
                    return null;
                }
                case BLANK -> eventType = "";
                case DATA -> {
                    current = new Event(dataLineEnded);
                    return current;
                }
                case OTHER -> {
                    // id, event, retry or a comment: state updated, keep going.
                }
            }
        }
    }

    /** One event: its data as a stream, then its final type and id once the data is read. */
    public final class Event extends InputStream {
        private static final int IN_VALUE = 0;
        private static final int BETWEEN = 1;
        private static final int PENDING_LF = 2;
        private static final int DONE = 3;

        private int state;
        private boolean pendingLineEnded;
        private String type;
        private String id;

        private Event(boolean lineEnded) {
            state = lineEnded ? BETWEEN : IN_VALUE;
        }

        /** The event type: {@code message} unless the stream named one (final once the data is read). */
        public String type() {
            String t = type != null ? type : eventType;
            return t.isEmpty() ? "message" : t;
        }

        /** The stream's last event id as of this event (final once the data is read). */
        public String id() {
            return state == DONE ? id : lastEventId;
        }

        /**
         * Reads the whole data and returns the event as a value; fails when the data is longer than
         * {@code maxBytes}, or the stream ends inside the event.
         */
        public SseEvent whole(int maxBytes) throws IOException {
            String data = text(maxBytes); // reads up to the event's end (or fails at the stream's)
            return new SseEvent(id(), type(), data);
        }

        /** Reads the whole data as UTF-8 text; fails when it is longer than {@code maxBytes}. */
        public String text(int maxBytes) throws IOException {
            byte[] bytes = readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new IOException("SSE event data longer than " + maxBytes + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (true) {
                switch (state) {
                    case DONE -> {
                        return -1;
                    }
                    case PENDING_LF -> {
                        b[off] = '\n';
                        state = pendingLineEnded ? BETWEEN : IN_VALUE;
                        return 1;
                    }
                    case IN_VALUE -> {
                        int n = copyValue(b, off, len);
                        if (n > 0) {
                            return n;
                        }
                    }
                    default -> {
                        switch (readFieldLine()) {
                            case DATA -> {
                                state = PENDING_LF;
                                pendingLineEnded = dataLineEnded;
                            }
                            case BLANK -> {
                                dispatched();
                                return -1;
                            }
                            case EOF -> throw new EOFException("the SSE stream ended inside an event");
                            case OTHER -> {
                                // A field between data lines: applied, keep reading.
                            }
                        }
                    }
                }
            }
        }

        /** Copies value bytes up to the line end; 0 when the line ended (state moves on). */
        private int copyValue(byte[] b, int off, int len) throws IOException {
            if (pos == limit && !fill()) {
                throw new EOFException("the SSE stream ended inside an event");
            }
            int end = Math.min(limit, pos + len);
            for (int i = pos; i < end; i++) {
                byte c = buf[i];
                if (c == '\n' || c == '\r') {
                    int n = i - pos;
                    System.arraycopy(buf, pos, b, off, n);
                    pos = i + 1;
                    afterCr = c == '\r';
                    state = BETWEEN;
                    return n;
                }
            }
            int n = end - pos;
            System.arraycopy(buf, pos, b, off, n);
            pos = end;
            return n;
        }

        private void dispatched() {
            state = DONE;
            type = eventType;
            id = lastEventId;
            eventType = "";
        }

        /** Skips the rest of the data; false when the stream ended inside the event. */
        private boolean drain() throws IOException {
            byte[] skip = new byte[8192];
            try {
                while (read(skip, 0, skip.length) >= 0) {
                    // discard
                }
                return true;
            } catch (EOFException e) {
                return false;
            }
        }

        @Override
        public void close() {
            // The rest is skipped by the next next(); the HTTP body stays open.
        }
    }

    /** Reads one line's field; for DATA, leaves the position at the start of the value. */
    private LineKind readFieldLine() throws IOException {
        StringBuilder name = new StringBuilder(8);
        while (true) {
            int c = readByte();
            if (c < 0) {
                return LineKind.EOF;
            }
            if (c == '\r' || c == '\n') {
                afterCr = c == '\r';
                if (name.isEmpty()) {
                    return LineKind.BLANK;
                }
                return field(name.toString(), "");
            }
            if (c == ':') {
                if (name.isEmpty()) {
                    if (peekByte() == ' ') {
                        pos++;
                    }
                    fields.onComment(readValue());
                    return LineKind.OTHER;
                }
                int next = peekByte();
                if (next == ' ') {
                    pos++;
                }
                if (name.toString().equals("data")) {
                    dataLineEnded = false;
                    return LineKind.DATA;
                }
                return field(name.toString(), readValue());
            }
            if (name.length() < 16) {
                name.append((char) c);
            } else {
                name.setLength(0);
                name.append("\u0000unknown");
            }
        }
    }

    private LineKind field(String name, String value) {
        switch (name) {
            case "data" -> {
                // "data" alone on its line: an empty data line, already ended.
                dataLineEnded = true;
                return LineKind.DATA;
            }
            case "event" -> eventType = value;
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    lastEventId = value.isEmpty() ? null : value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.length() < 19 && value.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    retryMillis = Long.parseLong(value);
                    fields.onRetry(retryMillis);
                }
            }
            default -> {
                // Unknown fields are ignored.
            }
        }
        return LineKind.OTHER;
    }

    private String readValue() throws IOException {
        java.io.ByteArrayOutputStream value = new java.io.ByteArrayOutputStream(32);
        while (true) {
            int c = readByte();
            if (c < 0 || c == '\n' || c == '\r') {
                afterCr = c == '\r';
                return value.toString(StandardCharsets.UTF_8);
            }
            if (value.size() < MAX_FIELD_VALUE) {
                value.write(c);
            }
        }
    }

    private void skipBom() throws IOException {
        if (ensure(3) && (buf[pos] & 0xff) == 0xEF && (buf[pos + 1] & 0xff) == 0xBB && (buf[pos + 2] & 0xff) == 0xBF) {
            pos += 3;
        }
    }

    /** The next byte, skipping the LF of a CRLF whose CR ended the previous line; -1 at the end. */
    private int readByte() throws IOException {
        while (true) {
            if (pos == limit && !fill()) {
                return -1;
            }
            byte b = buf[pos++];
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    continue;
                }
            }
            return b & 0xff;
        }
    }

    private int peekByte() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos] & 0xff;
    }

    private boolean ensure(int n) throws IOException {
        while (limit - pos < n) {
            if (eof) {
                return false;
            }
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            int read = in.read(buf, limit, buf.length - limit);
            if (read < 0) {
                eof = true;
                return false;
            }
            limit += read;
        }
        return true;
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int n;
        do {
            n = in.read(buf, 0, buf.length);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            pos = limit = 0;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }
}
