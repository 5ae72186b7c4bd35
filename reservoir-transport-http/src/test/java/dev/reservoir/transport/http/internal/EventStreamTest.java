package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.sse.SseEvent;
import dev.reservoir.core.sse.SseReader;
import dev.reservoir.testkit.Eventually;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EventStreamTest {

    private static final Duration NOW = Duration.ZERO;

    private static byte[] data(String text) {
        return ("data: " + text + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Takes what is there for the reader, marks it written, and parses it. */
    private static List<SseEvent> drain(EventStream stream, EventStream.Reader reader) throws Exception {
        List<SseEvent> events = new ArrayList<>();
        EventStream.Batch batch = stream.next(reader, NOW);
        for (byte[] e : batch.events()) {
            events.addAll(SseReader.readAll(new String(e, StandardCharsets.UTF_8)));
        }
        if (!batch.events().isEmpty()) {
            stream.written(reader, batch.lastSeq());
        }
        return events;
    }

    private static List<String> datas(List<SseEvent> events) {
        return events.stream().map(SseEvent::data).toList();
    }

    @Test
    void eventsAreNumberedWithTheStreamNumber() throws Exception {
        EventStream stream = new EventStream(3, 100, 1 << 20);
        stream.append(data("a"));
        stream.append(data("b"));
        EventStream.Reader reader = stream.attach(null, () -> {});
        assertThat(reader.position()).isEqualTo("3-0");
        List<SseEvent> events = drain(stream, reader);
        assertThat(events).containsExactly(SseEvent.message("3-1", "a"), SseEvent.message("3-2", "b"));
        assertThat(reader.position()).isEqualTo("3-2");
    }

    @Test
    void aResumedReaderGetsEverythingAfterItsIdExactlyOnce() throws Exception {
        EventStream stream = new EventStream(0, 100, 1 << 20);
        EventStream.Reader first = stream.attach(null, () -> {});
        for (int i = 1; i <= 5; i++) {
            stream.append(data("e" + i));
        }
        assertThat(datas(drain(stream, first))).containsExactly("e1", "e2", "e3", "e4", "e5");
        stream.detach(first);
        stream.append(data("e6"));
        EventStream.Reader resumed = stream.attach("0-3", () -> {});
        assertThat(datas(drain(stream, resumed))).containsExactly("e4", "e5", "e6");
        assertThat(datas(drain(stream, resumed))).isEmpty();
        stream.append(data("e7"));
        assertThat(datas(drain(stream, resumed))).containsExactly("e7");
    }

    @Test
    void aFreshReaderStartsWithWhatNoReaderWasGiven() throws Exception {
        EventStream stream = new EventStream(0, 100, 1 << 20);
        EventStream.Reader first = stream.attach(null, () -> {});
        stream.append(data("seen"));
        drain(stream, first);
        stream.detach(first);
        stream.append(data("unseen"));
        EventStream.Reader fresh = stream.attach(null, () -> {});
        assertThat(datas(drain(stream, fresh))).containsExactly("unseen");
    }

    @Test
    void theBufferKeepsTheNewestEventsWithinItsBounds() throws Exception {
        EventStream stream = new EventStream(0, 4, 1 << 20);
        for (int i = 1; i <= 10; i++) {
            stream.append(data("e" + i));
        }
        assertThat(stream.buffered()).isEqualTo(4);
        EventStream.Reader late = stream.attach("0-2", () -> {});
        assertThat(datas(drain(stream, late))).containsExactly("e7", "e8", "e9", "e10");
        EventStream bytes = new EventStream(0, 1000, 100);
        for (int i = 0; i < 10; i++) {
            bytes.append(data("x".repeat(30)));
        }
        assertThat(bytes.buffered()).isEqualTo(2); // about 38 bytes each with the id, at most 100
        EventStream huge = new EventStream(0, 10, 100);
        huge.append(data("y".repeat(500)));
        assertThat(huge.buffered())
                .as("the newest event stays whatever its size")
                .isEqualTo(1);
    }

    @Test
    void aResumeFromAnyPositionGetsExactlyTheBufferedEventsAfterItAsTheBufferWrapsAndGrows() throws Exception {
        // Bounds small enough that the oldest events go by count and, with the longer ones, by bytes;
        // 200 events wrap the buffer many times, and it grows from its first few slots to 13.
        int maxEvents = 13;
        long maxBytes = 400;
        EventStream stream = new EventStream(2, maxEvents, maxBytes);
        java.util.ArrayDeque<long[]> model = new java.util.ArrayDeque<>(); // {number, size}, oldest first
        long modelBytes = 0;
        List<String> texts = new ArrayList<>(); // the text of event n at n - 1
        for (int n = 1; n <= 200; n++) {
            String text = "e" + n + "x".repeat(n % 7 == 0 ? 60 : n % 5);
            byte[] body = data(text);
            stream.append(body);
            texts.add(text);
            int size = body.length + dev.reservoir.core.sse.SseEncoder.idFieldLength(2, n);
            model.addLast(new long[] {n, size});
            modelBytes += size;
            while (model.size() > 1 && (model.size() > maxEvents || modelBytes > maxBytes)) {
                modelBytes -= model.removeFirst()[1];
            }
            assertThat(stream.buffered())
                    .as("events buffered after event %d", n)
                    .isEqualTo(model.size());
            for (long after = model.peekFirst()[0] - 1; after <= n; after++) {
                EventStream.Reader resumed = stream.attach("2-" + after, () -> {});
                List<SseEvent> got = drain(stream, resumed);
                assertThat(datas(got))
                        .as("resumed after %d with %d appended", after, n)
                        .containsExactlyElementsOf(texts.subList((int) after, n));
                if (!got.isEmpty()) {
                    assertThat(got.getLast().id()).isEqualTo("2-" + n);
                }
                stream.detach(resumed);
            }
        }
    }

    @Test
    void aStreamWithoutIdsHandsOverEveryEventOnceInOrderAsItsBufferWrapsAndGrows() throws Exception {
        EventStream stream = new EventStream(-1, 50, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        int next = 1;
        for (int round = 1; round <= 40; round++) {
            List<String> appended = new ArrayList<>();
            for (int i = 0; i < round % 12 + 1; i++) { // up to 12 at once: more than a new buffer holds
                String text = "e" + next++;
                stream.append(data(text));
                appended.add(text);
            }
            assertThat(stream.buffered()).isEqualTo(appended.size());
            assertThat(datas(drain(stream, reader))).containsExactlyElementsOf(appended);
            assertThat(stream.buffered()).as("delivered, so dropped").isZero();
        }
    }

    @Test
    void eventsAreWrittenWithTheirIdFieldInFrontByteForByte() throws Exception {
        // The buffer keeps each event's body once and puts the id in front when it is written:
        // what goes out must be SseEncoder.withId's bytes, at every count of digits.
        EventStream stream = new EventStream(12, 2000, 1 << 30);
        List<byte[]> bodies = new ArrayList<>();
        for (int i = 1; i <= 1005; i++) {
            byte[] body = data("é" + i);
            bodies.add(body);
            stream.append(body);
        }
        EventStream.Reader reader = stream.attach(null, () -> {});
        EventStream.Batch batch = stream.next(reader, NOW);
        assertThat(batch.events()).hasSize(1005);
        for (int i = 0; i < 1005; i++) {
            assertThat(batch.events().get(i))
                    .as("event %d", i + 1)
                    .isEqualTo(dev.reservoir.core.sse.SseEncoder.withId("12-" + (i + 1), bodies.get(i)));
        }
        stream.written(reader, batch.lastSeq());

        // Written by the appender for an idle reader, one at a time, past 9,999 into 10,000.
        EventStream direct = new EventStream(7, 20, 1 << 30);
        for (int i = 1; i <= 9_998; i++) {
            direct.append(data("old"));
        }
        EventStream.Reader idle = direct.attach("7-9998", () -> {});
        List<byte[]> raw = new java.util.concurrent.CopyOnWriteArrayList<>();
        direct.direct(idle, (bytes, done) -> {
            raw.add(remaining(bytes));
            done.accept(null);
        });
        var waiting = waiting(direct, idle, Duration.ofSeconds(10));
        for (int seq = 9_999; seq <= 10_001; seq++) {
            byte[] body = data("n" + seq);
            direct.append(body);
            assertThat(raw.getLast()).isEqualTo(dev.reservoir.core.sse.SseEncoder.withId("7-" + seq, body));
        }
        assertThat(raw).hasSize(3);
        direct.close();
        waiting.get(5, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Test
    void directWritesReuseTheReadersBufferAndEachCarriesExactlyItsEvent() throws Exception {
        // With ids, one array and buffer per reader for its direct writes, reused once a write
        // ends: a short event after a long one must go out as its own bytes only, and an event too
        // big for the array gets one of its own without the reader keeping it. Without ids, the
        // shared body itself.
        for (int number : new int[] {3, -1}) {
            EventStream stream = new EventStream(number, 20, 1 << 30);
            EventStream.Reader reader = stream.attach(null, () -> {});
            List<java.nio.ByteBuffer> buffers = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<byte[]> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
            stream.direct(reader, (bytes, done) -> {
                buffers.add(bytes);
                sent.add(remaining(bytes));
                done.accept(null);
            });
            var waiting = waiting(stream, reader, Duration.ofSeconds(10));
            List<byte[]> bodies = List.of(
                    data("x".repeat(1000)),
                    data("short"),
                    data("y".repeat(EventStream.MAX_SCRATCH)),
                    data("é"),
                    data("z".repeat(300)));
            for (byte[] body : bodies) {
                stream.append(body);
            }
            assertThat(sent).hasSize(bodies.size());
            for (int i = 0; i < bodies.size(); i++) {
                assertThat(sent.get(i))
                        .as("stream %d, event %d", number, i + 1)
                        .isEqualTo(
                                number < 0
                                        ? bodies.get(i)
                                        : dev.reservoir.core.sse.SseEncoder.withId("3-" + (i + 1), bodies.get(i)));
            }
            if (number < 0) {
                // Without ids, each write is over the body every stream shares, not a copy of it.
                for (int i = 0; i < bodies.size(); i++) {
                    assertThat(buffers.get(i).array()).as("event %d", i + 1).isSameAs(bodies.get(i));
                }
            } else {
                assertThat(buffers.get(1)).as("reused after the long event").isSameAs(buffers.get(0));
                assertThat(buffers.get(2).array())
                        .as("the event over MAX_SCRATCH")
                        .isNotSameAs(buffers.get(0).array());
                assertThat(buffers.get(3)).as("the reader's buffer again").isSameAs(buffers.get(0));
                assertThat(buffers.get(4)).isSameAs(buffers.get(0));
            }
            if (number >= 0) {
                assertThat(reader.position()).isEqualTo("3-5");
            }
            stream.close();
            waiting.get(5, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** What a buffer has remaining, taken (as a writer takes it). */
    private static byte[] remaining(java.nio.ByteBuffer bytes) {
        byte[] out = new byte[bytes.remaining()];
        bytes.get(out);
        return out;
    }

    @Test
    void aReaderHalfTheBufferBehindIsCutOffWhileItsBacklogIsStillBuffered() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        AtomicInteger aborted = new AtomicInteger();
        EventStream.Reader slow = stream.attach(null, aborted::incrementAndGet);
        for (int i = 1; i <= 5; i++) {
            stream.append(data("e" + i));
        }
        assertThat(aborted).hasValue(0);
        stream.append(data("e6"));
        assertThat(aborted).hasValue(1);
        assertThat(stream.next(slow, NOW).stop()).isEqualTo(EventStream.Stop.TOO_SLOW);
        assertThat(stream.attached()).isFalse();
        EventStream.Reader back = stream.attach("0-0", () -> {});
        assertThat(datas(drain(stream, back))).containsExactly("e1", "e2", "e3", "e4", "e5", "e6");
    }

    @Test
    void aReaderThatKeepsUpIsNeverCutOff() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        AtomicInteger aborted = new AtomicInteger();
        EventStream.Reader reader = stream.attach(null, aborted::incrementAndGet);
        for (int i = 0; i < 100; i++) {
            stream.append(data("e" + i));
            drain(stream, reader);
        }
        assertThat(aborted).hasValue(0);
    }

    @Test
    void onlyWhatTheReaderHasNotHadCountsAgainstTheByteBound() throws Exception {
        // Each event is 20 bytes with its id; the buffer keeps 200, so a reader is cut off once
        // more than 100 bytes it has not had wait. The buffer is soon full of events it did have.
        EventStream stream = new EventStream(0, 1000, 200);
        AtomicInteger aborted = new AtomicInteger();
        EventStream.Reader reader = stream.attach(null, aborted::incrementAndGet);
        for (int i = 0; i < 50; i++) {
            stream.append(data("a" + (i % 10)));
            stream.append(data("b" + (i % 10)));
            assertThat(datas(drain(stream, reader))).hasSize(2);
        }
        assertThat(aborted).as("two events behind, 40 bytes").hasValue(0);
        for (int i = 0; i < 6; i++) {
            stream.append(data("c" + i));
        }
        assertThat(aborted).as("six events behind, 120 bytes").hasValue(1);
    }

    @Test
    void aNewReaderReplacesTheOldOne() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        AtomicInteger aborted = new AtomicInteger();
        EventStream.Reader old = stream.attach(null, aborted::incrementAndGet);
        EventStream.Reader replacement = stream.attach(null, () -> {});
        assertThat(aborted).hasValue(1);
        assertThat(stream.next(old, NOW).stop()).isEqualTo(EventStream.Stop.REPLACED);
        stream.detach(old); // a late detach of the old reader must not drop the new one
        assertThat(stream.attached()).isTrue();
        stream.append(data("x"));
        assertThat(datas(drain(stream, replacement))).containsExactly("x");
    }

    @Test
    void anEndedStreamStopsItsReaderOnceEverythingWasTaken() throws Exception {
        EventStream stream = new EventStream(1, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        stream.append(data("answer"));
        stream.end();
        assertThat(stream.append(data("late"))).isFalse();
        assertThat(stream.finished()).isFalse();
        assertThat(datas(drain(stream, reader))).containsExactly("answer");
        assertThat(stream.finished()).isTrue();
        assertThat(stream.next(reader, NOW).stop()).isEqualTo(EventStream.Stop.ENDED);
    }

    @Test
    void waitingForEventsTimesOutWithNothing() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        long start = System.nanoTime();
        EventStream.Batch batch = stream.next(reader, Duration.ofMillis(50));
        assertThat(batch).isSameAs(EventStream.Batch.NOTHING);
        assertThat(System.nanoTime() - start)
                .isGreaterThanOrEqualTo(Duration.ofMillis(45).toNanos());
    }

    @Test
    void aWaitingReaderWakesWhenAnEventArrives() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Thread test = Thread.currentThread();
        Thread.ofVirtual().start(() -> {
            awaitWaitingInNext(test);
            stream.append(data("woken"));
        });
        EventStream.Batch batch = stream.next(reader, Duration.ofSeconds(10));
        assertThat(batch.events()).hasSize(1);
    }

    @Test
    void aStreamWithoutNumberWritesNoIdsAndOwnsNone() throws Exception {
        EventStream stream = new EventStream(-1, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        stream.append(data("x"));
        assertThat(drain(stream, reader)).containsExactly(SseEvent.message(null, "x"));
        assertThat(stream.resumable()).isFalse();
        assertThat(stream.owns("-1-1")).isFalse();
    }

    @Test
    void idsOfOtherStreamsOrGarbageAreNotOwned() {
        EventStream stream = new EventStream(12, 10, 1 << 20);
        assertThat(stream.owns("12-0")).isTrue();
        assertThat(stream.owns("1-2")).isFalse();
        assertThat(stream.owns("12-x")).isFalse();
        assertThat(stream.owns("12--1")).isFalse();
        assertThat(stream.owns("123-1")).isFalse();
    }

    @Test
    void closingEndsTheReaderAndRefusesNewOnes() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        stream.append(data("dropped"));
        stream.close();
        assertThat(stream.next(reader, NOW).stop()).isEqualTo(EventStream.Stop.ENDED);
        assertThat(stream.attach(null, () -> {})).isNull();
    }

    /** The events of a batch as "id data". */
    private static List<String> events(EventStream.Batch batch) {
        List<String> taken = new ArrayList<>();
        for (byte[] e : batch.events()) {
            SseReader.readAll(new String(e, StandardCharsets.UTF_8))
                    .forEach(ev -> taken.add(ev.id() + " " + ev.data()));
        }
        return taken;
    }

    /** A direct writer that records what it was given and completes when the test says. */
    private static final class Writes implements EventStream.DirectWriter {
        final java.util.concurrent.BlockingQueue<String> written = new java.util.concurrent.LinkedBlockingQueue<>();
        final java.util.concurrent.BlockingQueue<java.util.function.Consumer<Throwable>> pending =
                new java.util.concurrent.LinkedBlockingQueue<>();

        @Override
        public void write(java.nio.ByteBuffer bytes, java.util.function.Consumer<Throwable> done) {
            for (SseEvent e : SseReader.readAll(new String(remaining(bytes), StandardCharsets.UTF_8))) {
                written.add(e.id() + " " + e.data());
            }
            pending.add(done);
        }

        void completeNext() throws InterruptedException {
            var done = pending.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(done).as("a direct write under way").isNotNull();
            done.accept(null);
        }
    }

    /** Starts a reader thread waiting in next(); returns what it gets. */
    private static java.util.concurrent.CompletableFuture<EventStream.Batch> waiting(
            EventStream stream, EventStream.Reader reader, Duration wait) throws InterruptedException {
        var result = new java.util.concurrent.CompletableFuture<EventStream.Batch>();
        Thread thread = Thread.ofVirtual().start(() -> {
            try {
                result.complete(stream.next(reader, wait));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        // Done already is for the caller's assertions to judge (a short wait may simply have ended).
        Eventually.await(
                "the reader's thread waiting in next()",
                Duration.ofSeconds(10),
                () -> result.isDone() || waitsInNext(thread));
        return result;
    }

    private static void awaitWaitingInNext(Thread thread) {
        Eventually.await("the reader's thread waiting in next()", Duration.ofSeconds(10), () -> waitsInNext(thread));
    }

    /**
     * Whether {@code thread} waits in {@link EventStream#next} with a time limit. Nothing else in
     * these tests parks with one: waiting for the stream's lock would be WAITING, not TIMED_WAITING.
     */
    private static boolean waitsInNext(Thread thread) {
        return thread.getState() == Thread.State.TIMED_WAITING;
    }

    @Test
    void anAppenderWritesForAnIdleReaderInOrderAndItsThreadTakesOnlyTheRest() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Writes writes = new Writes();
        stream.direct(reader, writes);
        var batch = waiting(stream, reader, Duration.ofSeconds(10));

        stream.append(data("a")); // written directly: the reader's thread is not woken
        assertThat(writes.written.poll(5, java.util.concurrent.TimeUnit.SECONDS))
                .isEqualTo("0-1 a");
        stream.append(data("b")); // while the write of "a" is under way: buffered
        stream.append(data("c"));
        assertThat(writes.written).isEmpty();
        // Asked now, even with no time to wait, next() waits for that write to end (untimed: its
        // end signals) rather than hand out "b" and "c" to be written beside it.
        var asked = new java.util.concurrent.CompletableFuture<EventStream.Batch>();
        Thread asking = Thread.ofVirtual().start(() -> {
            try {
                asked.complete(stream.next(reader, NOW));
            } catch (Throwable t) {
                asked.completeExceptionally(t);
            }
        });
        Eventually.await(
                "next() asked during a direct write to wait for it",
                Duration.ofSeconds(10),
                () -> asked.isDone() || asking.getState() == Thread.State.WAITING);
        assertThat(asked).as("next() asked while a direct write is under way").isNotDone();
        assertThat(batch)
                .as("the reader's thread waits while the direct write is under way")
                .isNotDone();

        writes.completeNext();
        // The reader's thread takes what came meanwhile, once, after "a".
        EventStream.Batch rest = batch.get(5, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(events(rest)).containsExactly("0-2 b", "0-3 c");
        assertThat(events(asked.get(5, java.util.concurrent.TimeUnit.SECONDS))).containsExactly("0-2 b", "0-3 c");
        stream.written(reader, rest.lastSeq());
        assertThat(reader.position()).isEqualTo("0-3");
    }

    @Test
    void directWritesAreNotTakenAgainByTheReaderAndAResumeStartsAfterThem() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Writes writes = new Writes();
        stream.direct(reader, writes);
        var batch = waiting(stream, reader, Duration.ofMillis(400));
        for (String d : List.of("a", "b", "c")) {
            stream.append(data(d));
            writes.completeNext();
        }
        assertThat(List.copyOf(writes.written)).containsExactly("0-1 a", "0-2 b", "0-3 c");
        // Nothing for the reader's own thread to do: its wait ends with its time (a keep-alive).
        assertThat(batch.get(5, java.util.concurrent.TimeUnit.SECONDS)).isSameAs(EventStream.Batch.NOTHING);
        assertThat(reader.position()).isEqualTo("0-3");
        // A client that resumes after "0-2" gets "c" again, and only "c".
        EventStream.Reader resumed = stream.attach("0-2", () -> {});
        assertThat(datas(drain(stream, resumed))).containsExactly("c");
    }

    @Test
    void aFailedDirectWriteStopsTheReader() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Writes writes = new Writes();
        stream.direct(reader, writes);
        var batch = waiting(stream, reader, Duration.ofSeconds(10));
        stream.append(data("a"));
        writes.pending.poll(5, java.util.concurrent.TimeUnit.SECONDS).accept(new java.io.IOException("reset"));
        assertThat(batch.get(5, java.util.concurrent.TimeUnit.SECONDS).stop()).isEqualTo(EventStream.Stop.BROKEN);
        // Not delivered: a new reader gets it.
        EventStream.Reader next = stream.attach(null, () -> {});
        assertThat(datas(drain(stream, next))).containsExactly("a");
    }

    /**
     * Jetty throws, rather than fails the callback, when a write comes after its exchange ended:
     * a direct write that loses the race with its reader's end. The appender must not see that
     * (the engine's outbox would take its sink for broken and drop every later notification).
     */
    @Test
    void aDirectWriteThatThrowsStopsTheReaderAndTheStreamGoesOn() throws Exception {
        EventStream stream = new EventStream(0, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        stream.direct(reader, (bytes, done) -> {
            throw new IllegalStateException("channel already completed");
        });
        var batch = waiting(stream, reader, Duration.ofSeconds(10));
        assertThat(stream.append(data("a"))).isTrue();
        assertThat(batch.get(5, java.util.concurrent.TimeUnit.SECONDS).stop()).isEqualTo(EventStream.Stop.BROKEN);
        stream.detach(reader);
        assertThat(stream.append(data("b"))).isTrue();
        EventStream.Reader next = stream.attach("0-0", () -> {});
        assertThat(datas(drain(stream, next))).containsExactly("a", "b");
    }

    @Test
    void aStreamWithoutIdsWritesStraightToAnIdleReaderWithoutBufferingIt() throws Exception {
        EventStream stream = new EventStream(-1, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Writes writes = new Writes();
        stream.direct(reader, writes);
        var batch = waiting(stream, reader, Duration.ofMillis(400));

        stream.append(data("a"));
        assertThat(writes.written.poll(5, java.util.concurrent.TimeUnit.SECONDS))
                .isEqualTo("null a");
        assertThat(stream.buffered())
                .as("the event under way, never replayed, is not buffered")
                .isZero();
        stream.append(data("b")); // while "a" is under way: buffered, for the reader's thread
        assertThat(stream.buffered()).isEqualTo(1);
        writes.completeNext();
        assertThat(events(batch.get(5, java.util.concurrent.TimeUnit.SECONDS))).containsExactly("null b");
        assertThat(stream.finished()).isFalse();
    }

    @Test
    void anUnbufferedEventWhoseWriteFailsIsKeptForTheNextReaderInItsPlace() throws Exception {
        EventStream stream = new EventStream(-1, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Writes writes = new Writes();
        stream.direct(reader, writes);
        var batch = waiting(stream, reader, Duration.ofSeconds(10));
        stream.append(data("a"));
        assertThat(writes.written.poll(5, java.util.concurrent.TimeUnit.SECONDS))
                .isEqualTo("null a");
        stream.append(data("b"));
        writes.pending.poll(5, java.util.concurrent.TimeUnit.SECONDS).accept(new java.io.IOException("reset"));
        assertThat(batch.get(5, java.util.concurrent.TimeUnit.SECONDS).stop()).isEqualTo(EventStream.Stop.BROKEN);
        stream.detach(reader);
        EventStream.Reader next = stream.attach(null, () -> {});
        assertThat(datas(drain(stream, next))).containsExactly("a", "b");
    }

    @Test
    void aReaderThatTakesOverDuringAnUnbufferedWriteGetsItsEventOnce() throws Exception {
        EventStream stream = new EventStream(-1, 10, 1 << 20);
        EventStream.Reader reader = stream.attach(null, () -> {});
        Writes writes = new Writes();
        stream.direct(reader, writes);
        waiting(stream, reader, Duration.ofSeconds(10));
        stream.append(data("a"));
        assertThat(writes.written.poll(5, java.util.concurrent.TimeUnit.SECONDS))
                .isEqualTo("null a");

        EventStream.Reader next = stream.attach(null, () -> {});
        assertThat(datas(drain(stream, next))).as("owed to the new reader").containsExactly("a");
        // The old reader's write then fails (its connection is cut): "a" is not put back again.
        writes.pending.poll(5, java.util.concurrent.TimeUnit.SECONDS).accept(new java.io.IOException("aborted"));
        assertThat(stream.buffered()).isZero();
        assertThat(datas(drain(stream, next))).isEmpty();
    }

    @Test
    void anUnbufferedEventUnderWayCountsInTheReadersBacklog() throws Exception {
        byte[] event = data("0123456789");
        // Half the bound is 1.5 events: the one under way and one buffered are too many.
        EventStream stream = new EventStream(-1, 100, event.length * 3L);
        var cut = new java.util.concurrent.atomic.AtomicBoolean();
        EventStream.Reader reader = stream.attach(null, () -> cut.set(true));
        Writes writes = new Writes();
        stream.direct(reader, writes);
        var batch = waiting(stream, reader, Duration.ofSeconds(10));
        stream.append(event);
        assertThat(writes.written.poll(5, java.util.concurrent.TimeUnit.SECONDS))
                .isEqualTo("null 0123456789");
        stream.append(event);
        assertThat(cut)
                .as("the reader 2 events (3 halves of the bound) behind is cut off")
                .isTrue();
        assertThat(batch.get(5, java.util.concurrent.TimeUnit.SECONDS).stop()).isEqualTo(EventStream.Stop.TOO_SLOW);
    }
}
