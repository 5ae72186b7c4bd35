package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonRpcResponse;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.server.transport.MessageSink;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON-RPC engine of one connection, with no knowledge of the protocol on top: request ids,
 * concurrency permits, one virtual thread per request (or the reader's, for what the handler runs
 * inline; or the caller's, when its sink says the caller's thread is the request's own),
 * deadlines, cancellation and batches. What a request means is its {@link RpcHandler}'s.
 */
public final class RpcConnection {

    private static final Logger log = LoggerFactory.getLogger(RpcConnection.class);

    /**
     * What one connection may use.
     *
     * @param maxConcurrentRequests requests in progress at once (streams do not count)
     * @param maxBatchLength the most messages one batch may hold
     */
    public record Limits(int maxConcurrentRequests, int maxBatchLength) {}

    private final RpcHandler handler;
    private final Limits limits;
    private final Deadlines deadlines;
    private final SizeCap cap;
    private final BooleanSupplier draining;
    private final Semaphore permits;
    private final Map<RequestId, InFlight> inFlight = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /**
     * @param cap fits answers to the size a client that reads messages whole accepts (used on sinks that cap sizes)
     * @param draining whether the server takes no new requests (they are refused)
     */
    public RpcConnection(
            RpcHandler handler, Limits limits, Deadlines deadlines, SizeCap cap, BooleanSupplier draining) {
        this.handler = handler;
        this.limits = limits;
        this.deadlines = deadlines;
        this.cap = cap;
        this.draining = draining;
        this.permits = new Semaphore(limits.maxConcurrentRequests());
    }

    /**
     * Whether {@link #receive} answers the frame at once: one request its handler answers without
     * blocking, on a connection with a place free among its concurrent requests.
     */
    public boolean answersAtOnce(Decoded frame) {
        if (closed || permits.availablePermits() <= 0 || !(frame instanceof Decoded.Single(JsonRpcRequest request))) {
            return false;
        }
        try {
            return handler.answersAtOnce(request);
        } catch (RuntimeException bug) {
            // The transport's reading or I/O thread asks this: a bug here must not end it. The
            // request then runs as any other, and its handler says what went wrong.
            log.error("Could not tell whether {} is answered at once", request.method(), bug);
            return false;
        }
    }

    /** How many more requests may start now (for tests). */
    int freePlaces() {
        return permits.availablePermits();
    }

    /** Takes one decoded frame; its answers, if any, go to {@code replies}. */
    public void receive(Decoded frame, MessageSink replies) {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (frame instanceof Decoded.Single(JsonRpcRequest request)) {
            start(request, replies);
        } else if (frame instanceof Decoded.Single(JsonRpcNotification notification)) {
            handler.notification(notification, this);
            replies.finish();
        } else if (frame instanceof Decoded.Single(JsonRpcResponse response)) {
            log.debug("Ignoring a response from the client (this server sends no requests): id {}", response.id());
            replies.finish();
        } else if (frame instanceof Decoded.Invalid invalid) {
            if (!invalid.notification()) {
                sendQuietly(replies, invalid.error());
            }
            replies.finish();
        } else if (frame instanceof Decoded.Batch batch) {
            receiveBatch(batch, replies);
        } else {
            throw new IllegalStateException("unknown frame " + frame);
        }
    }

    private void receiveBatch(Decoded.Batch batch, MessageSink replies) {
        Optional<JsonRpcError> refused = handler.batchRefusal();
        JsonRpcErrorResponse refusal = refused.map(e -> new JsonRpcErrorResponse(null, e))
                .orElseGet(() -> BatchCollector.refusal(batch, limits.maxBatchLength()));
        if (refusal != null) {
            sendQuietly(replies, refusal);
            replies.finish();
            return;
        }
        BatchCollector collector = new BatchCollector(replies, replies.capsMessageSize() ? cap : null);
        for (Decoded item : batch.items()) { // not a pattern switch, as in receive
            if (item instanceof Decoded.Single(JsonRpcRequest request)) {
                start(request, collector.slot());
            } else if (item instanceof Decoded.Single(JsonRpcNotification notification)) {
                handler.notification(notification, this);
            } else if (item instanceof Decoded.Single(JsonRpcResponse response)) {
                log.debug("Ignoring a response in a batch");
            } else if (item instanceof Decoded.Invalid invalid) {
                if (!invalid.notification()) {
                    collector.add(invalid.error());
                }
            } else {
                throw new IllegalStateException("batches do not nest");
            }
        }
        collector.allStarted();
    }

    private void start(JsonRpcRequest request, MessageSink replies) {
        if (closed) {
            replies.finish();
            return;
        }
        boolean permitted = true;
        if (!replies.callerMayBlock()) {
            // A thread that must not block, with a request answered at once: it never waits for a
            // place. Another such thread may have taken the last one since answersAtOnce; this
            // request then runs without one, and holds none to give back.
            permitted = permits.tryAcquire();
        } else {
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                replies.finish();
                return;
            }
        }
        if (draining.getAsBoolean()) {
            // Sent while holding a permit, so that a drain waits for the refusal to be written too.
            refuse(request, JsonRpcError.shuttingDown(), replies, permitted);
            return;
        }
        InFlight call = new InFlight(request.id(), request.method(), replies, this);
        if (!permitted) {
            call.releasePermit();
        }
        if (inFlight.putIfAbsent(request.id(), call) != null) {
            refuse(request, JsonRpcError.duplicateId(request.id()), replies, permitted);
            return;
        }
        if (handler.runsInline(request)) {
            run(request, call, true);
        } else if (replies.callerRunsRequests()) {
            // The caller's thread would only wait for the answer: it runs the request, with the
            // deadline and cancellation of one on a thread of its own, and no thread is started.
            replies.callerRunning(true);
            try {
                // On a thread that must not block, as an inline request: no deadline, no interrupt.
                run(request, call, !replies.callerMayBlock());
            } finally {
                call.leave();
                replies.callerRunning(false);
            }
        } else {
            Thread.ofVirtual().name("mcp-" + request.method()).start(() -> run(request, call, false));
        }
    }

    private void refuse(JsonRpcRequest request, JsonRpcError error, MessageSink replies, boolean permitted) {
        sendQuietly(replies, new JsonRpcErrorResponse(request.id(), error));
        if (permitted) {
            permits.release();
        }
        replies.finish();
    }

    private void run(JsonRpcRequest request, InFlight call, boolean inline) {
        if (!inline) {
            // Inline calls are quick state changes: they get no deadline and are never
            // interrupted (their thread is the transport's reader).
            call.enter();
            deadlines.track(call, () -> onTimeout(call));
        }
        JsonRpcError sent = null;
        try {
            Reply reply = handle(request, call); // not a pattern switch, as in receive
            JsonRpcResponse response;
            if (reply instanceof Reply.Answer(JsonWritable result)) {
                response = new JsonRpcResult(request.id(), result);
            } else if (reply instanceof Reply.Failure(JsonRpcError error)) {
                response = new JsonRpcErrorResponse(request.id(), error);
            } else if (reply instanceof Reply.Stream) {
                response = null; // the handler keeps the request open and sends on it
            } else {
                throw new IllegalStateException("unknown reply " + reply);
            }
            if (response != null && call.finish()) {
                // Free the id before the answer goes out: a client may reuse it as soon as it has the
                // answer. Free the permit only after: a transport waiting for the connection to be
                // idle (stdin closed) must not close its output while this answer is being written.
                forget(call);
                sendQuietly(call.replies(), call.replies().capsMessageSize() ? cap.fit(response) : response);
                releasePermit(call); // its id and deadline are freed already
                call.replies().finish();
                sent = response instanceof JsonRpcErrorResponse failure ? failure.error() : null;
            }
        } finally {
            handler.ended(call, sent);
        }
    }

    /** The handler's reply; a handler that throws (a bug: it maps its own failures) fails the request. */
    private Reply handle(JsonRpcRequest request, InFlight call) {
        try {
            return handler.handle(request, call);
        } catch (RuntimeException bug) {
            log.error("The handler of {} threw instead of replying", request.method(), bug);
            return new Reply.Failure(JsonRpcError.internalError());
        }
    }

    /** Frees the request's id and deadline (the id may be used again at once). */
    private void forget(InFlight call) {
        inFlight.remove(call.id(), call);
        deadlines.untrack(call);
    }

    /** Frees what the request held (its id, its deadline, its permit). */
    private void end(InFlight call) {
        forget(call);
        releasePermit(call);
    }

    void releasePermit(InFlight call) {
        if (call.releasePermit()) {
            permits.release();
        }
    }

    private void onTimeout(InFlight call) {
        if (!call.timeOut()) {
            return;
        }
        call.interrupt();
        Duration timeout = deadlines.timeout();
        log.warn("{} (id {}) timed out after {}", call.method(), call.id(), timeout);
        JsonRpcError error = JsonRpcError.requestTimedOut(call.method(), timeout);
        handler.failed(call, error);
        forget(call);
        sendQuietly(call.replies(), new JsonRpcErrorResponse(call.id(), error));
        end(call);
        call.replies().finish();
    }

    /** Cancels a request in flight: its thread is interrupted and nothing more is sent for it. */
    public void cancel(RequestId id) {
        InFlight call = inFlight.get(id);
        if (call == null || !call.cancel()) {
            return;
        }
        end(call);
        call.interrupt();
        Runnable onEnd = call.onEnd();
        if (onEnd != null) {
            onEnd.run();
        }
        call.replies().finish();
    }

    /** Waits until no request is in progress (streams aside); false if that took longer than {@code timeout}. */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        int all = limits.maxConcurrentRequests();
        if (!permits.tryAcquire(all, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        permits.release(all);
        return true;
    }

    /**
     * Cancels every request in flight and takes no new ones.
     *
     * @return the streams it ended whose channel goes on (stdio): their peer is not told by the
     *     channel's end, so the protocol on top tells it
     */
    public List<InFlight> close() {
        closed = true;
        List<InFlight> untold = new ArrayList<>();
        for (InFlight call : List.copyOf(inFlight.values())) {
            boolean stream = call.state() == InFlight.State.DETACHED;
            cancel(call.id());
            if (stream && !call.replies().finishEndsStream()) {
                untold.add(call);
            }
        }
        return untold;
    }

    /** Sends, or logs that the client is gone (an answer cut short on purpose is reported). */
    public static void sendQuietly(MessageSink sink, JsonRpcMessage message) {
        try {
            sink.send(message);
        } catch (IOException | RuntimeException e) {
            if (!AnswerBrokenException.reported(e, sink, message)) {
                log.debug("Could not send to the client (it may be gone)", e);
            }
        }
    }
}
