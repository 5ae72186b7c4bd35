package dev.reservoir.transport.http.internal;

import dev.reservoir.core.sse.SseEncoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one {@link EventStream} to one HTTP response, on the calling (virtual) thread (or, while
 * that thread waits with nothing to write, on the appending thread, without blocking), until the
 * stream ends, another reader takes it over, the reader falls too far behind, the poll interval
 * passes (then a {@code retry} field tells the client when to reconnect), or the client goes away.
 * An idle stream gets a comment line every keep-alive interval, which is also how a client that
 * left is noticed.
 */
final class SsePump {

    private static final Logger log = LoggerFactory.getLogger(SsePump.class);

    /** How a pump ended. */
    enum Outcome {
        ENDED,
        REPLACED,
        TOO_SLOW,
        POLL,
        DISCONNECTED
    }

    /**
     * How to pump.
     *
     * @param keepAlive how often an idle stream gets a comment line
     * @param pollAfter how long to hold the connection before closing it for the client to
     *     reconnect, or null to hold it
     * @param retryMillis the {@code retry} value sent before a poll close, or null
     * @param hangups what notices at once that a client closed its connection, or null to notice
     *     only when a write fails
     */
    record Options(Duration keepAlive, Duration pollAfter, Long retryMillis, Hangups hangups) {}

    private SsePump() {}

    /** Sets the status and headers of an SSE response (nothing is written yet). */
    static void startResponse(Response response) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Http.EVENT_STREAM);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache, no-transform");
        // Reverse proxies such as nginx must not hold events back.
        response.getHeaders().put("X-Accel-Buffering", "no");
    }

    /**
     * Pumps until one of the ends above. {@code preamble} (a priming or endpoint event, or null)
     * is written first. The reader is detached when this returns.
     */
    static Outcome run(
            EventStream stream, EventStream.Reader reader, Response response, byte[] preamble, Options options) {
        boolean polls = options.pollAfter() != null;
        long deadline = polls ? System.nanoTime() + options.pollAfter().toNanos() : 0;
        Hangups.Watch hangup = options.hangups() == null
                ? Hangups.Watch.NONE
                : options.hangups().watch(response.getRequest(), () -> stream.hangUp(reader));
        try {
            if (preamble != null) {
                write(response, preamble);
            } else {
                // Commit the headers now, so the client knows the stream is open.
                Content.Sink.write(response, false, ByteBuffer.allocate(0));
            }
            // While this thread waits with nothing to write, whoever appends writes for it.
            stream.direct(
                    reader,
                    (bytes, done) -> response.write(
                            false, ByteBuffer.wrap(bytes), Callback.from(() -> done.accept(null), done::accept)));
            while (true) {
                long wait = options.keepAlive().toNanos();
                if (polls) {
                    wait = Math.min(wait, deadline - System.nanoTime());
                }
                EventStream.Batch batch = stream.next(reader, Duration.ofNanos(Math.max(0, wait)));
                if (batch.stop() != null) {
                    return switch (batch.stop()) {
                        case ENDED -> Outcome.ENDED;
                        case REPLACED -> Outcome.REPLACED;
                        case TOO_SLOW -> Outcome.TOO_SLOW;
                        case BROKEN -> Outcome.DISCONNECTED;
                    };
                }
                if (!batch.events().isEmpty()) {
                    write(response, EventStream.concat(batch.events()));
                    stream.written(reader, batch.lastSeq());
                }
                if (polls && System.nanoTime() - deadline >= 0) {
                    if (options.retryMillis() != null) {
                        write(response, SseEncoder.retry(options.retryMillis()));
                    }
                    return Outcome.POLL;
                }
                if (batch.events().isEmpty()) {
                    write(response, SseEncoder.keepAlive());
                }
            }
        } catch (IOException e) {
            log.debug("SSE client went away", e);
            return Outcome.DISCONNECTED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.DISCONNECTED;
        } finally {
            hangup.close();
            stream.detach(reader);
        }
    }

    private static void write(Response response, byte[] bytes) throws IOException {
        Content.Sink.write(response, false, ByteBuffer.wrap(bytes));
    }
}
