package dev.reservoir.transport.http.internal;

import dev.reservoir.core.sse.SseEncoder;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one {@link EventStream} to one HTTP response, on the calling (virtual) thread (or, while
 * that thread waits with nothing to write, on the appending thread, without blocking), until the
 * stream ends, another reader takes it over, the reader falls too far behind, the poll interval
 * passes (then a {@code retry} field tells the client when to reconnect), or the client goes away.
 * A stream with nothing written to it for a keep-alive interval gets a comment line, which is
 * also how a client that left is noticed; a held stream's interval is timed by the {@link
 * KeepAliveSweep} (up to one of its ticks early), so that its thread waits without a timer.
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
     * @param watchHangups whether to have the exchange notice at once that a client closed its
     *     connection ({@link HttpExchange#onHangup}), rather than only when a write fails
     */
    record Options(Duration keepAlive, Duration pollAfter, Long retryMillis, boolean watchHangups) {}

    private SsePump() {}

    /** Sets the status and headers of an SSE response (nothing is written yet). */
    static void startResponse(HttpExchange exchange) {
        exchange.status(200);
        exchange.setHeader(Http.CONTENT_TYPE, Http.EVENT_STREAM);
        exchange.setHeader(Http.CACHE_CONTROL, "no-cache, no-transform");
        // Reverse proxies such as nginx must not hold events back.
        exchange.setHeader("X-Accel-Buffering", "no");
    }

    /**
     * Pumps until one of the ends above. {@code preamble} (a priming or endpoint event, or null)
     * is written first. The reader is detached when this returns.
     */
    static Outcome run(
            EventStream stream, EventStream.Reader reader, HttpExchange exchange, byte[] preamble, Options options) {
        return run(stream, reader, exchange, preamble, options, KeepAliveSweep.SHARED);
    }

    /**
     * As {@link #run(EventStream, EventStream.Reader, HttpExchange, byte[], Options)}; keep-alives
     * are timed by {@code sweep} where it covers the interval and the stream is held (not polled),
     * else by this thread's own timed waits.
     */
    static Outcome run(
            EventStream stream,
            EventStream.Reader reader,
            HttpExchange exchange,
            byte[] preamble,
            Options options,
            KeepAliveSweep sweep) {
        boolean polls = options.pollAfter() != null;
        boolean swept = !polls && sweep.covers(options.keepAlive());
        long deadline = polls ? System.nanoTime() + options.pollAfter().toNanos() : 0;
        AutoCloseable hangup = options.watchHangups() ? exchange.onHangup(() -> stream.hangUp(reader)) : null;
        try {
            if (preamble != null) {
                write(exchange, preamble);
            } else {
                // Commit the headers now, so the client knows the stream is open.
                exchange.write(ByteBuffer.allocate(0));
            }
            reader.wrote();
            // While this thread waits with nothing to write, whoever appends writes for it.
            stream.direct(reader, exchange::write);
            long keepAlive = options.keepAlive().toNanos();
            // A keep-alive is due a whole interval after the last write, or, timed by the sweep,
            // up to one of its ticks earlier (never later).
            long due = swept ? keepAlive - sweep.earlyNanos() : keepAlive;
            if (swept) {
                sweep.add(reader, options.keepAlive());
            }
            while (true) {
                // The last write is this thread's or an appender's for it (the reader keeps it).
                long wait = keepAlive - (System.nanoTime() - reader.lastWritten());
                if (polls) {
                    wait = Math.min(wait, deadline - System.nanoTime());
                }
                EventStream.Batch batch = stream.next(reader, swept ? null : Duration.ofNanos(Math.max(0, wait)));
                if (batch.stop() != null) {
                    return switch (batch.stop()) {
                        case ENDED -> Outcome.ENDED;
                        case REPLACED -> Outcome.REPLACED;
                        case TOO_SLOW -> Outcome.TOO_SLOW;
                        case BROKEN -> Outcome.DISCONNECTED;
                    };
                }
                if (!batch.events().isEmpty()) {
                    write(exchange, EventStream.concat(batch.events()));
                    stream.written(reader, batch.lastSeq());
                }
                if (polls && System.nanoTime() - deadline >= 0) {
                    if (options.retryMillis() != null) {
                        write(exchange, SseEncoder.retry(options.retryMillis()));
                    }
                    return Outcome.POLL;
                }
                if (batch.events().isEmpty()) {
                    // A keep-alive only after a whole interval with nothing written: a stream
                    // that events reach (written by appenders) needs none, and with 10,000 of
                    // them, their keep-alives cost a few percent of the server's CPU.
                    if (System.nanoTime() - reader.lastWritten() >= due) {
                        write(exchange, SseEncoder.keepAlive());
                        reader.wrote();
                    }
                }
            }
        } catch (IOException e) {
            log.debug("SSE client went away", e);
            return Outcome.DISCONNECTED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.DISCONNECTED;
        } finally {
            if (swept) {
                sweep.remove(reader);
            }
            stopWatching(hangup);
            stream.detach(reader);
        }
    }

    /** Ends the exchange as the pump ended: normally when the stream ended or is polled, else as failed. */
    static void end(HttpExchange exchange, Outcome outcome) {
        switch (outcome) {
            case ENDED, POLL -> exchange.complete();
            default ->
                exchange.fail(new IOException("SSE stream " + outcome.name().toLowerCase(Locale.ROOT)));
        }
    }

    private static void write(HttpExchange exchange, byte[] bytes) throws IOException {
        exchange.write(ByteBuffer.wrap(bytes));
    }

    private static void stopWatching(AutoCloseable hangup) {
        if (hangup == null) {
            return;
        }
        try {
            hangup.close();
        } catch (Exception e) {
            log.debug("Could not stop watching an SSE connection for its client's hang-up", e);
        }
    }
}
