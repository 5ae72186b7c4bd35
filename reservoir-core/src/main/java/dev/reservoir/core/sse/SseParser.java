package dev.reservoir.core.sse;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An incremental {@code text/event-stream} parser following the WHATWG "event stream
 * interpretation": lines end with CRLF, LF or CR (also when a CRLF is split across two reads), a
 * leading BOM is skipped, lines starting with a colon are comments, {@code data} lines are joined
 * with LF, an {@code id} containing NUL is ignored, {@code retry} counts only when it is all digits,
 * and an event is dispatched at a blank line only if it had at least one {@code data} line. An
 * event cut off by the end of the stream is discarded. Feed it chunks as they arrive; it calls the
 * listener on the feeding thread. Not thread-safe: one parser per stream.
 */
public final class SseParser {

    /** Receives what the parser finds. Only {@link #onEvent} is required. */
    public interface Listener {
        void onEvent(SseEvent event);

        /** The server set the reconnection delay ({@code retry} field). */
        default void onRetry(long millis) {}

        /** A comment line (the text after the colon); servers send these as keep-alives. */
        default void onComment(String text) {}
    }

    /** The default limit on one line or one event's data: 16 Mi characters. */
    public static final int DEFAULT_MAX_EVENT_CHARS = 16 << 20;

    private final Listener listener;
    private final int maxEventChars;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final StringBuilder line = new StringBuilder();
    private final StringBuilder data = new StringBuilder();
    private ByteBuffer pendingBytes = ByteBuffer.allocate(0);
    private String eventType = "";
    private String lastEventId;
    private boolean sawData;
    private boolean afterCr;
    private boolean started;

    public SseParser(Listener listener) {
        this(listener, DEFAULT_MAX_EVENT_CHARS);
    }

    /**
     * @param maxEventChars the longest line, and the most data one event may carry; more fails the
     *     feed with {@link IllegalStateException} (a peer that never ends its event cannot make the
     *     parser hold unbounded text)
     */
    public SseParser(Listener listener, int maxEventChars) {
        this.listener = Objects.requireNonNull(listener, "listener");
        if (maxEventChars < 1) {
            throw new IllegalArgumentException("max event size must be positive, not " + maxEventChars);
        }
        this.maxEventChars = maxEventChars;
    }

    /** Parses a whole stream given as text and returns its events (for tests and small bodies). */
    public static List<SseEvent> parseAll(String stream) {
        List<SseEvent> events = new ArrayList<>();
        SseParser parser = new SseParser(events::add);
        parser.feed(stream);
        parser.end();
        return events;
    }

    /** The last event id the stream set so far (also by events that were not dispatched), or null. */
    public String lastEventId() {
        return lastEventId;
    }

    /** Feeds bytes (UTF-8; a character split between two chunks is kept until the next one). */
    public void feed(byte[] bytes, int offset, int length) {
        feed(ByteBuffer.wrap(bytes, offset, length));
    }

    /** Feeds bytes (UTF-8); consumes the buffer. */
    public void feed(ByteBuffer bytes) {
        ByteBuffer in = bytes;
        if (pendingBytes.hasRemaining()) {
            in = ByteBuffer.allocate(pendingBytes.remaining() + bytes.remaining());
            in.put(pendingBytes).put(bytes).flip();
        }
        CharBuffer out = CharBuffer.allocate(Math.max(16, in.remaining()));
        CoderResult result = decoder.decode(in, out, false);
        if (result.isError()) {
            throw new IllegalStateException("UTF-8 decoding failed: " + result);
        }
        out.flip();
        feed(out);
        pendingBytes =
                in.hasRemaining() ? ByteBuffer.allocate(in.remaining()).put(in).flip() : ByteBuffer.allocate(0);
    }

    /** Feeds text. */
    public void feed(CharSequence text) {
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (!started) {
                started = true;
                if (c == '\uFEFF') {
                    continue;
                }
            }
            if (afterCr) {
                afterCr = false;
                if (c == '\n') {
                    continue; // the LF of a CRLF whose CR ended the previous line
                }
            }
            if (c == '\r') {
                afterCr = true;
                endOfLine();
            } else if (c == '\n') {
                endOfLine();
            } else {
                if (line.length() >= maxEventChars) {
                    throw new IllegalStateException("SSE line longer than " + maxEventChars + " characters");
                }
                line.append(c);
            }
        }
    }

    /** The stream ended: an event without its closing blank line is discarded. */
    public void end() {
        line.setLength(0);
        data.setLength(0);
        sawData = false;
        eventType = "";
        pendingBytes = ByteBuffer.allocate(0);
    }

    private void endOfLine() {
        if (line.isEmpty()) {
            dispatch();
            return;
        }
        if (line.charAt(0) == ':') {
            listener.onComment(line.substring(line.length() > 1 && line.charAt(1) == ' ' ? 2 : 1));
            line.setLength(0);
            return;
        }
        int colon = line.indexOf(":");
        String field;
        String value;
        if (colon < 0) {
            field = line.toString();
            value = "";
        } else {
            field = line.substring(0, colon);
            int start = colon + 1;
            if (start < line.length() && line.charAt(start) == ' ') {
                start++;
            }
            value = line.substring(start);
        }
        line.setLength(0);
        switch (field) {
            case "event" -> eventType = value;
            case "data" -> {
                if (data.length() + value.length() + 1 > maxEventChars) {
                    throw new IllegalStateException("SSE event data longer than " + maxEventChars + " characters");
                }
                data.append(value).append('\n');
                sawData = true;
            }
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    // The id persists across events until the server sets another; empty resets it.
                    lastEventId = value.isEmpty() ? null : value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    try {
                        listener.onRetry(Long.parseLong(value));
                    } catch (NumberFormatException e) {
                        // More digits than a long holds: ignored, as any unusable retry value is.
                    }
                }
            }
            default -> {
                // Unknown fields are ignored.
            }
        }
    }

    private void dispatch() {
        if (!sawData) {
            eventType = "";
            return;
        }
        data.setLength(data.length() - 1); // the LF after the last data line
        SseEvent event = new SseEvent(lastEventId, eventType.isEmpty() ? "message" : eventType, data.toString());
        data.setLength(0);
        sawData = false;
        eventType = "";
        listener.onEvent(event);
    }
}
