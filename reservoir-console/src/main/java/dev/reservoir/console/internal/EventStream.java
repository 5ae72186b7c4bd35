package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.sse.SseEncoder;
import java.io.IOException;
import java.nio.ByteBuffer;
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
            write(ex, SseEncoder.retry(1000));
            write(ex, SseEncoder.event(null, "status", status.toString(), null));
            while (!listener.overflowed()) {
                EventHub.Event event = listener.next(KEEP_ALIVE_MILLIS);
                write(
                        ex,
                        event == null
                                ? SseEncoder.keepAlive()
                                : SseEncoder.event(Long.toString(event.id()), event.type(), event.json(), null));
            }
            ex.response.write(true, null, ex.callback);
        } catch (IOException e) {
            ex.callback.failed(e); // the page went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ex.callback.failed(e);
        }
    }

    private static void write(Exchange ex, byte[] event) throws IOException {
        Content.Sink.write(ex.response, false, ByteBuffer.wrap(event));
    }
}
