package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.reservoir.core.sse.SseEvent;
import dev.reservoir.core.sse.SseReader;
import dev.reservoir.testkit.Eventually;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads an SSE body on a virtual thread and records what arrives: events, retry values, comments,
 * and the end of the stream. Every wait has a timeout; a test ends with {@link #assertExhausted}.
 */
final class SseRecorder implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final SseEvent END = SseEvent.message("end", "end");

    private final InputStream body;
    private final BlockingQueue<SseEvent> events = new LinkedBlockingQueue<>();
    final List<Long> retries = new CopyOnWriteArrayList<>();
    final List<String> comments = new CopyOnWriteArrayList<>();
    private volatile boolean ended;
    private volatile IOException failure;

    SseRecorder(InputStream body) {
        this.body = body;
        Thread.ofVirtual().name("sse-recorder").start(this::read);
    }

    private void read() {
        SseReader reader = new SseReader(body, new SseReader.Fields() {
            @Override
            public void onRetry(long millis) {
                retries.add(millis);
            }

            @Override
            public void onComment(String text) {
                comments.add(text);
            }
        });
        try {
            for (SseReader.Event e; (e = reader.next()) != null; ) {
                events.add(e.whole(16 << 20));
            }
        } catch (java.io.EOFException cut) {
            // The stream ended inside an event: that event is discarded, as the rules say.
        } catch (IOException e) {
            failure = e;
        } finally {
            ended = true;
            events.add(END);
        }
    }

    /** The next event, waiting at most the timeout; fails if the stream ends first. */
    SseEvent next() throws InterruptedException {
        SseEvent e = events.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (e == null) {
            fail("no SSE event within " + TIMEOUT);
        }
        if (e == END) {
            events.add(END);
            fail("the SSE stream ended" + (failure == null ? "" : " with " + failure));
        }
        return e;
    }

    /** The next event that carries data (skipping priming events). */
    SseEvent nextData() throws InterruptedException {
        while (true) {
            SseEvent e = next();
            if (!e.data().isEmpty()) {
                return e;
            }
        }
    }

    /** Waits for the stream to end; returns whether it ended cleanly (not with an I/O error). */
    boolean awaitEnd() throws InterruptedException {
        Eventually.await("the SSE stream to end", TIMEOUT, () -> ended);
        return failure == null;
    }

    boolean ended() {
        return ended;
    }

    /** Takes every event that arrives until none has for {@code quiet} (at most a minute in all). */
    List<SseEvent> takeUntilQuiet(Duration quiet) throws InterruptedException {
        List<SseEvent> taken = new java.util.ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (System.nanoTime() < deadline) {
            SseEvent e = events.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
            if (e == null) {
                return taken;
            }
            if (e == END) {
                events.add(END);
                return taken;
            }
            taken.add(e);
        }
        fail("the SSE stream did not go quiet within a minute");
        return taken;
    }

    /** No event arrives for this long. */
    void assertQuiet(Duration quiet) throws InterruptedException {
        SseEvent e = events.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
        if (e != null && e != END) {
            fail("unexpected SSE event: " + e);
        }
        if (e == END) {
            events.add(END);
        }
    }

    /** Nothing more was received than what the test took. */
    void assertExhausted() {
        SseEvent e = events.peek();
        assertThat(e == null || e == END).as("unread SSE events: %s", events).isTrue();
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException e) {
            // Closing a stream we stopped reading.
        }
    }
}
