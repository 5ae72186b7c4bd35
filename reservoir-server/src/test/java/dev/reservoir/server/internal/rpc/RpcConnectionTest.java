package dev.reservoir.server.internal.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.server.transport.MessageSink;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JSON-RPC engine on its own, with a stub handler: methods named "answer", "wait" (until
 * interrupted or released), "busy" (until interrupted, leaving its thread's interrupt status set),
 * "stream" (detaches, on the reader's thread), "detach" (detaches) and "inline" (runs on the
 * reader's thread).
 */
class RpcConnectionTest {

    /** Generous: only a broken engine waits this long. */
    private static final long WAIT_SECONDS = 30;

    private final Deadlines deadlines = new Deadlines(Duration.ofMinutes(5));
    private final Stub handler = new Stub();
    private final Sink replies = new Sink();

    @AfterEach
    void stopSweeper() {
        deadlines.close();
    }

    private RpcConnection connection(Deadlines deadlines) {
        return new RpcConnection(handler, new RpcConnection.Limits(8, 3), deadlines, null, () -> false);
    }

    @Test
    void aRequestIsAnsweredWithWhatItsHandlerReplied() throws Exception {
        RpcConnection rpc = connection(deadlines);
        rpc.receive(single(request(1, "answer")), replies);
        JsonRpcMessage answer = replies.next();
        assertThat(answer).isInstanceOf(JsonRpcResult.class);
        assertThat(((JsonRpcResult) answer).id()).isEqualTo(RequestId.of(1));
        assertThat(handler.ended.take().state()).isEqualTo(InFlight.State.DONE);
    }

    @Test
    void aRequestPastItsDeadlineIsAnsweredWithATimeoutAndItsThreadInterrupted() throws Exception {
        try (Deadlines quick = new Deadlines(Duration.ofMillis(40))) {
            RpcConnection rpc = connection(quick);
            rpc.receive(single(request(7, "wait")), replies);
            JsonRpcErrorResponse timeout = (JsonRpcErrorResponse) replies.next();
            assertThat(timeout.id()).isEqualTo(RequestId.of(7));
            assertThat(timeout.error().code()).isEqualTo(ErrorCodes.INTERNAL_ERROR);
            assertThat(timeout.error().message()).startsWith("Request timed out: the server did not answer wait");
            assertThat(handler.failedBeforeSend.get()).isEqualTo(1);
            assertThat(handler.interrupted.await(WAIT_SECONDS, TimeUnit.SECONDS))
                    .isTrue();
            assertThat(handler.ended.take().state()).isEqualTo(InFlight.State.TIMED_OUT);
            assertThat(replies.finished.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(replies.messages).isEmpty(); // answered once: the handler's late reply is not sent
        }
    }

    @Test
    void aCancelledRequestIsInterruptedAndNeverAnswered() throws Exception {
        RpcConnection rpc = connection(deadlines);
        rpc.receive(single(request(3, "wait")), replies);
        assertThat(handler.waiting.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        rpc.cancel(RequestId.of(3));
        assertThat(handler.interrupted.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(handler.ended.take().state()).isEqualTo(InFlight.State.CANCELLED);
        assertThat(replies.finished.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(replies.messages).isEmpty();
    }

    @Test
    void anIdInFlightIsRefusedAndFreeAgainOnceAnswered() throws Exception {
        RpcConnection rpc = connection(deadlines);
        rpc.receive(single(request(5, "wait")), replies);
        assertThat(handler.waiting.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        Sink second = new Sink();
        rpc.receive(single(request(5, "answer")), second);
        JsonRpcErrorResponse refused = (JsonRpcErrorResponse) second.next();
        assertThat(refused.error().code()).isEqualTo(ErrorCodes.INVALID_REQUEST);
        assertThat(refused.error().message()).isEqualTo("Invalid request: id 5 is already used by a request in flight");

        handler.release.countDown();
        assertThat(replies.next()).isInstanceOf(JsonRpcResult.class);
        Sink third = new Sink();
        rpc.receive(single(request(5, "answer")), third);
        assertThat(third.next()).isInstanceOf(JsonRpcResult.class);
    }

    @Test
    void anInlineRequestRunsOnTheReadersThreadBeforeReceiveReturns() {
        RpcConnection rpc = connection(deadlines);
        rpc.receive(single(request(9, "inline")), replies);
        assertThat(handler.inlineThread).isSameAs(Thread.currentThread());
        assertThat(replies.messages).hasSize(1);
    }

    @Test
    void aRequestRunsOnTheCallersThreadWhenItsSinkSaysSoAndIsAnsweredBeforeReceiveReturns() throws Exception {
        RpcConnection rpc = connection(deadlines);
        Sink here = new Sink(true);
        rpc.receive(single(request(10, "answer")), here);
        assertThat(handler.lastThread).isSameAs(Thread.currentThread());
        assertThat(here.messages).hasSize(1);
        assertThat(here.finished.getCount()).isZero();

        rpc.receive(single(request(11, "answer")), replies); // a sink that does not: a thread of its own
        assertThat(replies.next()).isInstanceOf(JsonRpcResult.class);
        assertThat(handler.lastThread).isNotSameAs(Thread.currentThread());
    }

    @Test
    void aCallerThatMustNotBlockRunsARequestAnsweredAtOnceEvenWhenEveryPlaceIsTaken() throws Exception {
        RpcConnection rpc = connection(deadlines);
        assertThat(rpc.answersAtOnce(single(request(1, "answer")))).isTrue();
        assertThat(rpc.answersAtOnce(single(request(1, "wait")))).isFalse(); // the handler says no
        for (int i = 0; i < 8; i++) {
            rpc.receive(single(request(100 + i, "wait")), replies);
        }
        awaitTrue(() -> handler.handled.get() == 8);
        assertThat(rpc.freePlaces()).isZero();
        assertThat(rpc.answersAtOnce(single(request(1, "answer")))).isFalse(); // no place free

        // Another such thread took the last place in the meantime: it runs without one, at once.
        Sink io = new Sink(true, false);
        rpc.receive(single(request(1, "answer")), io);
        assertThat(handler.lastThread).isSameAs(Thread.currentThread());
        assertThat(io.messages).hasSize(1);
        assertThat(io.finished.getCount()).isZero();
        assertThat(rpc.freePlaces()).isZero(); // and gave none back

        handler.release.countDown();
        for (int i = 0; i < 8; i++) {
            assertThat(replies.next()).isInstanceOf(JsonRpcResult.class);
        }
        awaitTrue(() -> rpc.freePlaces() == 8);
        Sink again = new Sink(true, false);
        rpc.receive(single(request(2, "answer")), again); // with a place this time, given back after
        assertThat(again.messages).hasSize(1);
        assertThat(rpc.freePlaces()).isEqualTo(8);
    }

    @Test
    void aHandlerThatFailsToSayWhetherItAnswersAtOnceIsTakenAsNo() {
        RpcConnection rpc = connection(deadlines);
        // The transport's reading or I/O thread asks: a bug in the handler must not end that thread.
        assertThat(rpc.answersAtOnce(single(request(1, "unsure")))).isFalse();
    }

    @Test
    void aRequestOnACallerThatMustNotBlockHasNoDeadline() throws Exception {
        try (Deadlines quick = new Deadlines(Duration.ofMillis(20))) {
            RpcConnection rpc = connection(quick);
            Sink io = new Sink(true, false);
            rpc.receive(single(request(3, "slow-answer")), io); // 200 ms, past the deadline
            assertThat(io.messages).singleElement().isInstanceOf(JsonRpcResult.class);
            assertThat(handler.failedBeforeSend.get()).isZero();
            assertThat(Thread.currentThread().isInterrupted()).isFalse();
        }
    }

    @Test
    void aCancellationLeavesTheCallersThreadWithoutTheInterruptItGotForTheRequest() throws Exception {
        RpcConnection rpc = connection(deadlines);
        Sink here = new Sink(true);
        AtomicBoolean interruptedAfter = new AtomicBoolean(true);
        Thread caller = Thread.ofVirtual().start(() -> {
            rpc.receive(single(request(12, "busy")), here);
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        });
        assertThat(handler.waiting.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        rpc.cancel(RequestId.of(12));
        assertThat(handler.interrupted.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        caller.join(Duration.ofSeconds(WAIT_SECONDS));
        assertThat(interruptedAfter.get()).isFalse();
        assertThat(handler.ended.take().state()).isEqualTo(InFlight.State.CANCELLED);
        assertThat(here.messages).isEmpty();
    }

    @Test
    void aStreamCancelledAfterItsCallersThreadLeftDoesNotInterruptThatThread() throws Exception {
        RpcConnection rpc = connection(deadlines);
        Sink here = new Sink(true);
        CountDownLatch returned = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        AtomicBoolean interruptedAfter = new AtomicBoolean(true);
        Thread caller = Thread.ofVirtual().start(() -> {
            rpc.receive(single(request(13, "detach")), here);
            returned.countDown();
            try {
                cancelled.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        });
        assertThat(returned.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        rpc.cancel(RequestId.of(13));
        assertThat(handler.streamEnded.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        cancelled.countDown();
        caller.join(Duration.ofSeconds(WAIT_SECONDS));
        assertThat(interruptedAfter.get()).isFalse();
    }

    @Test
    void aBatchIsAnsweredAsOneArrayInItsOrder() throws Exception {
        handler.batches = true;
        RpcConnection rpc = connection(deadlines);
        rpc.receive(
                new Decoded.Batch(List.of(
                        single(request(1, "answer")),
                        single(new JsonRpcNotification("hello", null)),
                        single(request(2, "answer")))),
                replies);
        List<? extends JsonRpcMessage> batch = replies.batches.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(batch).extracting(m -> ((JsonRpcResult) m).id()).containsExactly(RequestId.of(1), RequestId.of(2));
        assertThat(handler.notifications).containsExactly("hello");
    }

    @Test
    void aBatchIsRefusedWholeWhenTheProtocolRefusesOrItIsTooLong() throws Exception {
        RpcConnection rpc = connection(deadlines);
        rpc.receive(new Decoded.Batch(List.of(single(request(1, "answer")))), replies);
        JsonRpcErrorResponse refused = (JsonRpcErrorResponse) replies.next();
        assertThat(refused.error().message()).isEqualTo("no batches here");

        handler.batches = true;
        Sink tooLong = new Sink();
        List<Decoded> four = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            four.add(single(request(i, "answer")));
        }
        rpc.receive(new Decoded.Batch(four), tooLong);
        JsonRpcErrorResponse longRefusal = (JsonRpcErrorResponse) tooLong.next();
        assertThat(longRefusal.error().code()).isEqualTo(ErrorCodes.INVALID_REQUEST);
        assertThat(longRefusal.error().message()).contains("this batch holds 4 messages");
        assertThat(handler.handled.get()).isZero();
    }

    @Test
    void aStreamHoldsNoPermitAndClosingTheConnectionEndsIt() throws Exception {
        RpcConnection rpc = connection(deadlines);
        rpc.receive(single(request(4, "stream")), replies);
        assertThat(rpc.awaitIdle(Duration.ofSeconds(WAIT_SECONDS))).isTrue();
        List<InFlight> untold = rpc.close();
        assertThat(untold).extracting(InFlight::id).containsExactly(RequestId.of(4));
        assertThat(handler.streamEnded.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(replies.messages).isEmpty();
    }

    private static Decoded single(JsonRpcMessage message) {
        return new Decoded.Single(message);
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("a condition that never came true").isLessThan(end);
            Thread.sleep(5);
        }
    }

    private static JsonRpcRequest request(long id, String method) {
        return new JsonRpcRequest(RequestId.of(id), method, null);
    }

    /** Answers by method name; records what the engine tells it. */
    private static final class Stub implements RpcHandler {
        final CountDownLatch waiting = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final CountDownLatch streamEnded = new CountDownLatch(1);
        final BlockingQueue<InFlight> ended = new LinkedBlockingQueue<>();
        final List<String> notifications = new ArrayList<>();
        final AtomicInteger failedBeforeSend = new AtomicInteger();
        final AtomicInteger handled = new AtomicInteger();
        volatile boolean batches;
        volatile Thread inlineThread;
        volatile Thread lastThread;

        @Override
        public boolean runsInline(JsonRpcRequest request) {
            return request.method().equals("inline") || request.method().equals("stream");
        }

        @Override
        public boolean answersAtOnce(JsonRpcRequest request) {
            if (request.method().equals("unsure")) {
                throw new IllegalStateException("a handler's bug");
            }
            return request.method().equals("answer");
        }

        @Override
        public Reply handle(JsonRpcRequest request, InFlight call) {
            handled.incrementAndGet();
            lastThread = Thread.currentThread();
            JsonWritable ok = JsonWritable.of(JsonNodeFactory.instance.objectNode());
            switch (request.method()) {
                case "wait" -> {
                    waiting.countDown();
                    try {
                        if (!release.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                            return new Reply.Failure(JsonRpcError.internalError());
                        }
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        return new Reply.Failure(JsonRpcError.internalError());
                    }
                    return new Reply.Answer(ok);
                }
                case "busy" -> {
                    waiting.countDown();
                    while (!Thread.currentThread().isInterrupted()) {
                        Thread.onSpinWait();
                    }
                    interrupted.countDown();
                    return new Reply.Failure(JsonRpcError.internalError());
                }
                case "slow-answer" -> {
                    // Not what a request answered at once does: here to show that no deadline interrupts it.
                    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                    return new Reply.Answer(ok);
                }
                case "inline" -> {
                    inlineThread = Thread.currentThread();
                    return new Reply.Answer(ok);
                }
                case "stream", "detach" -> {
                    AtomicBoolean once = new AtomicBoolean();
                    if (!call.detach(() -> {
                        if (once.compareAndSet(false, true)) {
                            streamEnded.countDown();
                        }
                    })) {
                        throw new IllegalStateException("the stream's request was no longer running");
                    }
                    return Reply.STREAM;
                }
                default -> {
                    return new Reply.Answer(ok);
                }
            }
        }

        @Override
        public void notification(JsonRpcNotification notification, RpcConnection connection) {
            notifications.add(notification.method());
        }

        @Override
        public Optional<JsonRpcError> batchRefusal() {
            return batches ? Optional.empty() : Optional.of(JsonRpcError.invalidRequest("no batches here"));
        }

        @Override
        public void failed(InFlight call, JsonRpcError error) {
            failedBeforeSend.incrementAndGet();
        }

        @Override
        public void ended(InFlight call, JsonRpcError error) {
            ended.add(call);
        }
    }

    /** Records what the engine sends. */
    private static final class Sink implements MessageSink {
        final BlockingQueue<JsonRpcMessage> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<List<? extends JsonRpcMessage>> batches = new LinkedBlockingQueue<>();
        final CountDownLatch finished = new CountDownLatch(1);
        private final boolean callerRuns;
        private final boolean mayBlock;

        Sink() {
            this(false);
        }

        /** @param callerRuns whether the caller's thread runs the requests */
        Sink(boolean callerRuns) {
            this(callerRuns, true);
        }

        /** @param mayBlock whether the caller's thread may block (false: a web server's I/O thread) */
        Sink(boolean callerRuns, boolean mayBlock) {
            this.callerRuns = callerRuns;
            this.mayBlock = mayBlock;
        }

        @Override
        public boolean callerRunsRequests() {
            return callerRuns;
        }

        @Override
        public boolean callerMayBlock() {
            return mayBlock;
        }

        @Override
        public void send(JsonRpcMessage message) {
            messages.add(message);
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> list) {
            batches.add(List.copyOf(list));
        }

        @Override
        public void finish() {
            finished.countDown();
        }

        JsonRpcMessage next() throws InterruptedException {
            JsonRpcMessage message = messages.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(message).as("a message within %s s", WAIT_SECONDS).isNotNull();
            return message;
        }
    }
}
