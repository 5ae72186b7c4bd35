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
    private static class Recorded extends QuietExchange {
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

    /** Keep-alives timed by the pump's own waits: a sweep whose tick is too long for the interval. */
    private static final KeepAliveSweep TIMED = new KeepAliveSweep(Duration.ofSeconds(1));

    @Test
    void aStreamThatEventsReachGetsNoKeepAlivesAndAnIdleOneDoes() throws Exception {
        assertThat(TIMED.covers(Duration.ofMillis(500))).isFalse();
        eventsThenQuiet(TIMED);
    }

    @Test
    void theSameWithKeepAlivesTimedByTheSweep() throws Exception {
        KeepAliveSweep sweep = new KeepAliveSweep(Duration.ofMillis(100));
        assertThat(sweep.covers(Duration.ofMillis(500))).isTrue();
        eventsThenQuiet(sweep);
        assertThat(sweep.watched())
                .as("the ended pump's reader is no longer watched")
                .isZero();
    }

    @Test
    void aSweptIdleStreamGetsItsKeepAlivesAtMostATickEarlyAndNeverLate() throws Exception {
        KeepAliveSweep sweep = new KeepAliveSweep(Duration.ofMillis(100));
        Duration keepAlive = Duration.ofMillis(600);
        EventStream stream = new EventStream(0, 100, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        List<Long> at = new CopyOnWriteArrayList<>();
        Recorded exchange = new Recorded() {
            @Override
            public void write(ByteBuffer bytes) {
                boolean something = bytes.hasRemaining(); // not the empty write that commits the headers
                super.write(bytes);
                if (something) {
                    at.add(System.nanoTime());
                }
            }
        };
        long start = System.nanoTime();
        CompletableFuture<SsePump.Outcome> outcome = new CompletableFuture<>();
        Thread.ofVirtual()
                .start(() -> outcome.complete(SsePump.run(
                        stream, reader, exchange, null, new SsePump.Options(keepAlive, null, null, false), sweep)));
        Thread.sleep(1000);
        assertThat(sweep.watched()).isEqualTo(1);
        Thread.sleep(1000);
        stream.end();
        assertThat(outcome.get(5, TimeUnit.SECONDS)).isEqualTo(SsePump.Outcome.ENDED);
        assertThat(sweep.watched()).isZero();

        assertThat(exchange.writes).containsOnly(KEEP_ALIVE);
        assertThat(at).hasSizeBetween(2, 4); // every 500-600 ms for 2 s, less any scheduling delay
        List<Long> gaps = new java.util.ArrayList<>();
        long previous = start;
        for (long t : at) {
            gaps.add((t - previous) / 1_000_000);
            previous = t;
        }
        // A tick early at most (500 ms); late only by this machine's scheduling.
        assertThat(gaps).as("ms between keep-alives").allSatisfy(gap -> assertThat(gap)
                .isBetween(490L, 1500L));
        // The sweep's tick comes at any point of the interval's last 100 ms: a keep-alive timed by
        // the pump's own wait would always come a whole interval (600 ms) after the one before.
        assertThat(gaps).as("ms between keep-alives").anySatisfy(gap -> assertThat(gap)
                .isLessThan(600L));
    }

    /** Events every 50 ms for 2 s, then quiet: keep-alives only once quiet. */
    private static void eventsThenQuiet(KeepAliveSweep sweep) throws Exception {
        Duration keepAlive = Duration.ofMillis(500);
        EventStream stream = new EventStream(-1, 100, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Recorded exchange = new Recorded();
        CompletableFuture<SsePump.Outcome> outcome = new CompletableFuture<>();
        Thread.ofVirtual()
                .start(() -> outcome.complete(SsePump.run(
                        stream, reader, exchange, null, new SsePump.Options(keepAlive, null, null, false), sweep)));

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

        // Then quiet for 1.7 s: keep-alives again, one per interval (about three; with the sweep,
        // every 400-500 ms, up to four).
        Thread.sleep(1700);
        assertThat(exchange.keepAlives()).as("keep-alives once quiet").isBetween(1L, 4L);

        stream.end();
        assertThat(outcome.get(5, TimeUnit.SECONDS)).isEqualTo(SsePump.Outcome.ENDED);
    }
}
