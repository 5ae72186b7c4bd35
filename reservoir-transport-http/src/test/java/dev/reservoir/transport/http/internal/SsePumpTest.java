package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class SsePumpTest {

    private static final String KEEP_ALIVE = ":\n\n";

    /** What a pump wrote, each write as text, from its own thread or an appender's. */
    private static final class Recorded extends QuietExchange {
        final List<String> writes = new CopyOnWriteArrayList<>();

        @Override
        public void write(ByteBuffer bytes) {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            if (copy.length > 0) {
                writes.add(new String(copy, StandardCharsets.UTF_8));
            }
        }

        @Override
        public void write(ByteBuffer bytes, Consumer<Throwable> done) {
            write(bytes);
            done.accept(null);
        }

        long keepAlives() {
            return writes.stream().filter(KEEP_ALIVE::equals).count();
        }
    }

    @Test
    void aStreamThatEventsReachGetsNoKeepAlivesAndAnIdleOneDoes() throws Exception {
        Duration keepAlive = Duration.ofMillis(500);
        EventStream stream = new EventStream(-1, 100, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Recorded exchange = new Recorded();
        CompletableFuture<SsePump.Outcome> outcome = new CompletableFuture<>();
        Thread.ofVirtual()
                .start(() -> outcome.complete(SsePump.run(
                        stream, reader, exchange, null, new SsePump.Options(keepAlive, null, null, false))));

        // An event every 50 ms for 2 s, most written by this thread for the waiting reader: the
        // stream is never quiet for a keep-alive interval (it would take a 450 ms stall).
        for (int i = 0; i < 40; i++) {
            assertThat(stream.append(("data: " + i + "\n\n").getBytes(StandardCharsets.UTF_8)))
                    .isTrue();
            Thread.sleep(50);
        }
        assertThat(exchange.writes.stream().filter(w -> w.startsWith("data: ")).count())
                .isEqualTo(40);
        assertThat(exchange.keepAlives()).as("keep-alives while events flowed").isZero();

        // Then quiet for 1.7 s: keep-alives again, one per interval (about three).
        Thread.sleep(1700);
        assertThat(exchange.keepAlives()).as("keep-alives once quiet").isBetween(1L, 4L);

        stream.end();
        assertThat(outcome.get(5, TimeUnit.SECONDS)).isEqualTo(SsePump.Outcome.ENDED);
    }
}
