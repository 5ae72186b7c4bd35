package dev.reservoir.client.internal.http;

import dev.reservoir.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session era's GET stream: the server's own notifications (and resumed answers), reconnected
 * while the transport is open, after the server's {@code retry} (backing off on failures), resuming
 * with {@code Last-Event-ID}. Stops for good on 405 (the server offers none) or 400; on 404 (the
 * session is gone) it asks the transport for a new session, which brings a new stream.
 */
final class GetStream implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(GetStream.class);

    private final StreamableHttpTransport transport;

    GetStream(StreamableHttpTransport transport) {
        this.transport = transport;
    }

    @Override
    public void run() {
        String lastId = null;
        long retry = StreamableHttpTransport.DEFAULT_RETRY_MILLIS;
        int failures = 0;
        while (!transport.closed) {
            String session = transport.sessionId();
            HttpResponse<InputStream> response = transport.get(lastId, null);
            if (response == null) {
                failures++;
            } else if (response.statusCode() == 405) {
                Http.finish(response.body());
                log.debug("The server offers no GET stream (405)");
                return;
            } else if (response.statusCode() / 100 == 2
                    && Http.contentType(response).equals("text/event-stream")) {
                failures = 0;
                InputStream body = response.body();
                transport.open.add(body);
                SseReader sse = new SseReader(body);
                try {
                    transport.readEvents(sse, null);
                } catch (IOException e) {
                    log.debug("The GET stream broke: {}", e.toString());
                } finally {
                    transport.open.remove(body);
                    Http.closeQuietly(body);
                }
                lastId = sse.lastEventId() != null ? sse.lastEventId() : lastId;
                retry = sse.retryMillis() >= 0 ? sse.retryMillis() : retry;
            } else {
                Http.finish(response.body());
                if (response.statusCode() == 404 && session != null) {
                    // The server ended the session: a new one (with its own GET stream) is started.
                    log.debug("The GET stream's session {} is gone (404)", session);
                    Thread.ofVirtual().name("mcp-http-renew").start(() -> transport.renewSession(session));
                    return;
                }
                if (response.statusCode() == 404 || response.statusCode() == 400) {
                    log.debug("The GET stream was refused with HTTP {}; not retrying", response.statusCode());
                    return;
                }
                failures++;
            }
            if (transport.closed) {
                return;
            }
            Http.sleep(failures == 0 ? retry : Math.min(30_000, retry << Math.min(failures, 5)));
        }
    }
}
