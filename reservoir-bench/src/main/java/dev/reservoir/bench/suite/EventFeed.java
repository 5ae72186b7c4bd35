package dev.reservoir.bench.suite;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The answer to an HTTP request for a server-sent event stream, parsed from bytes as they arrive
 * in any pieces: the status line and headers, the body (chunked, of a Content-Length, or to the
 * connection's end), and the body's events, each handed over whole. It is pushed bytes rather than
 * reading a stream so that one thread can read thousands of connections with a selector: a thread
 * per connection (reservoir-core's {@code SseReader} on each) cost the fan-out's subscribers as much
 * CPU per change as the server's own, on the same two cores, so it timed the client.
 *
 * <p>Line ends in the events may be LF or CRLF; an event ends at an empty line. What an event
 * holds is handed over as its raw lines (field names included), which is all fan-out looks at.
 * Not thread-safe: one per connection, fed by one thread.
 */
final class EventFeed {

    /** Told about the stream. */
    interface Listener {
        /** The headers came: a 200 answer of type text/event-stream, else {@link #failed}. */
        default void opened() {}

        /** One event's lines, LF-ended, CRs left out; the array is reused after the call. */
        void event(byte[] bytes, int length);

        /** The answer is not an event stream, or its framing is broken; nothing more is told. */
        void failed(String why);
    }

    private enum State {
        HEADERS,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_END,
        BODY,
        DONE
    }

    /** The most bytes the headers may take. */
    private static final int HEADERS_MOST = 16 * 1024;

    /** The most bytes one event may take. */
    private static final int EVENT_MOST = 1 << 20;

    private final Listener listener;
    private State state = State.HEADERS;
    private byte[] head = new byte[512];
    private int headLength;
    private boolean chunked;
    /** Body bytes left in this chunk, or of a Content-Length; -1 for a body that runs to the end. */
    private long left = -1;

    private long chunkSize;
    private boolean chunkSizeDigits;
    private boolean chunkExtension;
    private byte[] event = new byte[256];
    private int eventLength;

    EventFeed(Listener listener) {
        this.listener = listener;
    }

    /** Whether the stream failed or ended: later bytes are ignored. */
    boolean done() {
        return state == State.DONE;
    }

    /** Takes the next bytes of the answer. */
    void feed(byte[] bytes, int offset, int length) {
        int i = offset;
        int end = offset + length;
        while (i < end && state != State.DONE) {
            switch (state) {
                case HEADERS -> i = headers(bytes, i, end);
                case CHUNK_SIZE -> i = chunkSize(bytes, i, end);
                case CHUNK_DATA -> {
                    int n = (int) Math.min(end - i, left);
                    body(bytes, i, n);
                    i += n;
                    left -= n;
                    if (left == 0) {
                        state = State.CHUNK_END;
                    }
                }
                case CHUNK_END -> { // the CRLF after a chunk's data
                    byte b = bytes[i++];
                    if (b == '\n') {
                        state = State.CHUNK_SIZE;
                    } else if (b != '\r') {
                        fail("no line end after a chunk");
                    }
                }
                case BODY -> {
                    int n = left < 0 ? end - i : (int) Math.min(end - i, left);
                    body(bytes, i, n);
                    i += n;
                    if (left >= 0 && (left -= n) == 0) {
                        state = State.DONE;
                    }
                }
                case DONE -> i = end;
            }
        }
    }

    private int headers(byte[] bytes, int i, int end) {
        while (i < end) {
            byte b = bytes[i++];
            if (headLength == head.length) {
                if (head.length >= HEADERS_MOST) {
                    fail("headers of more than " + HEADERS_MOST + " bytes");
                    return end;
                }
                head = Arrays.copyOf(head, head.length * 2);
            }
            head[headLength++] = b;
            if (b == '\n' && endsHeaders()) {
                opened();
                return i;
            }
        }
        return i;
    }

    /** Whether the headers so far end with an empty line (CRLF CRLF, or LF LF). */
    private boolean endsHeaders() {
        int n = headLength;
        return (n >= 2 && head[n - 2] == '\n') || (n >= 4 && head[n - 2] == '\r' && head[n - 3] == '\n');
    }

    private void opened() {
        String[] lines = new String(head, 0, headLength, StandardCharsets.ISO_8859_1).split("\r?\n");
        head = null; // not needed again
        int status;
        try {
            status = Integer.parseInt(lines[0].substring(9, 12));
        } catch (RuntimeException e) {
            fail("not an HTTP status line: " + lines[0]);
            return;
        }
        Map<String, String> headers = new HashMap<>();
        for (int l = 1; l < lines.length; l++) {
            HttpConn.header(lines[l], headers);
        }
        String type = headers.getOrDefault("content-type", "").toLowerCase(Locale.ROOT);
        String declared = headers.get("content-length");
        long length = declared == null ? -1 : contentLength(declared);
        if (length < -1) {
            fail("a Content-Length that is not a length");
            return;
        }
        if (status != 200 || !type.startsWith("text/event-stream")) {
            fail("the stream's request was answered " + status + " " + type);
            return;
        }
        chunked = "chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""));
        if (chunked) {
            state = State.CHUNK_SIZE;
        } else {
            left = length;
            state = length == 0 ? State.DONE : State.BODY;
        }
        listener.opened();
    }

    /** A Content-Length's value, or -2 if it is not a length. */
    private static long contentLength(String value) {
        try {
            long length = Long.parseLong(value);
            return length < 0 ? -2 : length;
        } catch (NumberFormatException e) {
            return -2;
        }
    }

    private int chunkSize(byte[] bytes, int i, int end) {
        while (i < end) {
            byte b = bytes[i++];
            if (b == '\n') {
                if (!chunkSizeDigits) {
                    fail("a chunk without a size");
                    return end;
                }
                left = chunkSize;
                chunkSize = 0;
                chunkSizeDigits = false;
                chunkExtension = false;
                state = left == 0 ? State.DONE : State.CHUNK_DATA; // a last chunk ends the stream
                return i;
            }
            if (chunkExtension || b == '\r') {
                continue;
            }
            if (b == ';') {
                chunkExtension = true;
                continue;
            }
            int digit = Character.digit(b, 16);
            if (digit < 0 || chunkSize > (Long.MAX_VALUE >> 4)) {
                fail("a chunk size that is not hexadecimal");
                return end;
            }
            chunkSize = chunkSize * 16 + digit;
            chunkSizeDigits = true;
        }
        return i;
    }

    /** Body bytes: into the event being gathered; an empty line hands it over. */
    private void body(byte[] bytes, int i, int n) {
        for (int end = i + n; i < end && state != State.DONE; i++) {
            byte b = bytes[i];
            if (b == '\r') {
                continue;
            }
            if (b == '\n' && (eventLength == 0 || event[eventLength - 1] == '\n')) {
                if (eventLength > 0) {
                    listener.event(event, eventLength);
                    eventLength = 0;
                }
                continue; // a blank line between events, or the one that ends this event
            }
            if (eventLength == event.length) {
                if (event.length >= EVENT_MOST) {
                    fail("an event of more than " + EVENT_MOST + " bytes");
                    return;
                }
                event = Arrays.copyOf(event, event.length * 2);
            }
            event[eventLength++] = b;
        }
    }

    private void fail(String why) {
        state = State.DONE;
        listener.failed(why);
    }

    /** Whether {@code what} occurs in the first {@code length} bytes of {@code bytes}. */
    static boolean contains(byte[] bytes, int length, byte[] what) {
        outer:
        for (int i = 0, last = length - what.length; i <= last; i++) {
            for (int j = 0; j < what.length; j++) {
                if (bytes[i + j] != what[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
