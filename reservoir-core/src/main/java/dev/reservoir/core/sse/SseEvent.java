package dev.reservoir.core.sse;

import java.util.Objects;

/**
 * One dispatched server-sent event.
 *
 * @param id the stream's last event id when the event was dispatched (what a client sends back as
 *     {@code Last-Event-ID}), or null when the server never set one
 * @param event the event type; {@code "message"} when the server named none
 * @param data the data lines joined with LF; may be empty (an MCP priming event)
 */
public record SseEvent(String id, String event, String data) {
    public SseEvent {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(data, "data");
    }

    /** An event of the default type {@code message}. */
    public static SseEvent message(String id, String data) {
        return new SseEvent(id, "message", data);
    }
}
