package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;

/**
 * {@code GET /api/events}: the page's one live stream (server-sent events): {@code status} (the
 * connection), {@code updated} (a watched resource changed), {@code list_changed}, {@code watches}.
 * It starts with the current status, so a page that reconnects learns where things stand. A
 * comment every 15 s finds closed pages. Blocks its (virtual) thread until the page goes.
 */
final class EventStream {

    private static final long KEEP_ALIVE_MILLIS = 15_000;

    private EventStream() {}

    static void serve(Exchange ex, EventHub hub, ObjectNode status) {
        ex.response.setStatus(200);
        ex.response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        ex.response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        try (EventHub.Listener listener = hub.open()) {
            write(ex, "retry: 1000\n\nevent: status\ndata: " + status + "\n\n");
            while (!listener.overflowed()) {
                EventHub.Event event = listener.next(KEEP_ALIVE_MILLIS);
                write(
                        ex,
                        event == null
                                ? ": keep-alive\n\n"
                                : "id: " + event.id() + "\nevent: " + event.type() + "\ndata: " + event.json()
                                        + "\n\n");
            }
            ex.response.write(true, null, ex.callback);
        } catch (IOException e) {
            ex.callback.failed(e); // the page went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ex.callback.failed(e);
        }
    }

    private static void write(Exchange ex, String text) throws IOException {
        Content.Sink.write(ex.response, false, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }
}
