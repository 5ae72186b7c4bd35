package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResponse;
import dev.reservoir.core.sse.SseEncoder;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer to one POST. The first message decides its form: a response that is ready first is
 * written as {@code application/json} (streamed, with its status), a notification first (the
 * acknowledgement of a listen stream) opens an SSE stream, and a frame that needs no answer gets
 * 202. A request still unanswered after {@code sseAfter} switches to an SSE stream, which in the
 * session era is resumable and may be polled. Writes of a JSON answer happen on the engine's
 * thread inside {@link #send} (so content streams from the provider to the socket); SSE events go
 * through an {@link EventStream} that the POST's own thread pumps in {@link #complete}.
 *
 * <p>The POST's thread also runs a lone request itself ({@link #callerRunsRequests}): a read
 * answered as JSON then costs no thread start and no hand-off. An answer that turns into an SSE
 * stream while that thread is still in the request (a slow one switched, a progress notification,
 * a listen stream's acknowledgement) is pumped by a virtual thread of its own, which
 * {@link #complete} then waits for; one opened by that thread itself waits for it to come back
 * (a listen stream's acknowledgement: the handler returns at once), for one tick of the
 * slow-answer watch at most.
 */
final class PostExchange implements MessageSink {

    private static final Logger log = LoggerFactory.getLogger(PostExchange.class);
    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();
    private static final int JSON_BUFFER = 16 * 1024;

    /** What differs between the kinds of POST (a session's, an initialize, a stateless one). */
    interface Hooks {
        /** Just before the response commits (an initialize that succeeded adds its session id). */
        default void beforeCommit(HttpExchange exchange) {}

        /** A stream for an SSE answer, or null when the stream budget is spent. */
        EventStream openStream();

        /** The SSE answer's pump ended. */
        void streamDone(EventStream stream);

        /**
         * The SSE answer's client left (or read too slowly) while the POST's thread was still in
         * the request. In the stateless era that cancels the request.
         */
        default void leftDuringRequest() {}

        /** The priming event for a new reader of the stream, or null (2025-11-25 resumable streams only). */
        default byte[] priming(EventStream.Reader reader) {
            return null;
        }
    }

    private enum Mode {
        PENDING,
        JSON,
        SSE,
        REFUSED
    }

    private final HttpExchange exchange;
    private final boolean stateless;
    private final boolean metaIncomplete;
    private final boolean acceptsJson;
    private final boolean acceptsSse;
    private final Hooks hooks;
    /** Where an answer that takes long is switched to SSE, or null never to switch. */
    private final SlowAnswers slow;
    /** How an SSE answer is pumped. */
    private final SsePump.Options options;
    /** Closes the HTTP connection (a replaced or too slow SSE reader). */
    private final Runnable abort;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private Mode mode = Mode.PENDING;
    private boolean finished;
    private EventStream stream;
    /**
     * The SSE stream once the answer is one and its first message is in it, else null: later
     * messages go straight to it, without this exchange's lock (it orders nothing more then: the
     * stream orders its appends). A change to 10,000 listen streams took 10,000 such locks.
     */
    private volatile EventStream sse;

    private Throwable failure;
    private long startedNanos;
    /** The POST's thread, which may run its request. */
    private final Thread caller = Thread.currentThread();
    /** Whether the POST's thread may be busy in the engine (until it calls {@link #complete}). */
    private boolean callerBusy = true;
    /** Whether the SSE answer waits for the POST's thread, which opened it from inside the request. */
    private boolean pumpDeferred;
    /** Whether a thread of its own pumps the SSE answer. */
    private boolean pumping;
    /** Whether that thread's pump ended, and how. */
    private boolean pumped;

    private SsePump.Outcome pumpOutcome;

    PostExchange(
            HttpExchange exchange,
            boolean stateless,
            boolean metaIncomplete,
            boolean acceptsJson,
            boolean acceptsSse,
            Hooks hooks,
            SlowAnswers slow,
            SsePump.Options options,
            Runnable abort) {
        this.exchange = exchange;
        this.stateless = stateless;
        this.metaIncomplete = metaIncomplete;
        this.acceptsJson = acceptsJson;
        this.acceptsSse = acceptsSse;
        this.hooks = hooks;
        this.slow = acceptsSse ? slow : null;
        this.options = options;
        this.abort = abort;
    }

    /**
     * Hands the POST's frame to the engine, then completes the exchange ({@link #complete}). The
     * watch for a slow answer starts before the engine has the frame (the request may run on this
     * thread, which completes the exchange only once it is answered), and ends however this does.
     *
     * @return how an SSE answer's pump ended, or null when the answer was not SSE
     */
    SsePump.Outcome serve(ServerConnection connection, Post post) throws InterruptedException {
        if (slow != null) {
            lock.lock();
            try {
                startedNanos = System.nanoTime();
            } finally {
                lock.unlock();
            }
            slow.add(this);
        }
        try {
            connection.receive(post.frame(), this);
            post.release();
            return complete();
        } finally {
            if (slow != null) {
                slow.remove(this);
            }
        }
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        EventStream open = sse;
        if (open != null) {
            open.append(Http.event(null, message));
            return;
        }
        lock.lock();
        try {
            switch (mode) {
                case PENDING -> {
                    if (message instanceof JsonRpcResponse && acceptsJson) {
                        if (callerBusy && Thread.currentThread() != caller) {
                            // Answered by another thread while the POST's still runs the request
                            // (it timed out): until that returns, the web server reads no next
                            // request on this connection, so the client must not wait on it.
                            exchange.setHeader(Http.CONNECTION, "close");
                        }
                        writeJson(Statuses.of(message, stateless, metaIncomplete), out -> CODEC.write(message, out));
                    } else if (toSse() || refuse()) {
                        stream.append(Http.event(null, message));
                        opened();
                    }
                }
                case SSE -> stream.append(Http.event(null, message));
                case JSON, REFUSED -> log.debug("Dropping a message sent after the answer was complete: {}", message);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
        EventStream open = sse;
        if (open != null) {
            open.append(Http.event(null, messages));
            return;
        }
        lock.lock();
        try {
            switch (mode) {
                case PENDING -> {
                    if (acceptsJson) {
                        writeJson(200, out -> CODEC.writeBatch(messages, out));
                    } else if (toSse() || refuse()) {
                        stream.append(Http.event(null, messages));
                        opened();
                    }
                }
                case SSE -> stream.append(Http.event(null, messages));
                case JSON, REFUSED -> log.debug("Dropping a batch sent after the answer was complete");
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void finish() {
        lock.lock();
        try {
            finished = true;
            if (mode == Mode.SSE) {
                stream.end();
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean callerRunsRequests() {
        return true;
    }

    /**
     * A blob is written to the socket 1 MiB of base64 at a time: each write goes through Jetty's
     * layers, most of them not yet compiled when a fresh server sends its first large blob, so the
     * fewer the better. A 100 MiB blob from a fresh server: 256 KiB writes took 0.84x the time of
     * 64 KiB ones, and 1 MiB writes made 1.07x-1.25x the MB/s of 256 KiB ones in both eras
     * (reservoir-bench/PROFILE.md). A read holds one piece and its base64 meanwhile, 1.75 MiB; 8
     * reads at most at once do (the rest write 64 KiB).
     */
    @Override
    public int contentWriteBytes() {
        return 1024 * 1024;
    }

    @Override
    public boolean finishEndsStream() {
        return true;
    }

    /** False on the web server's I/O thread: the engine then hands it only what it answers at once. */
    @Override
    public boolean callerMayBlock() {
        return exchange.mayBlock();
    }

    /**
     * Notifications only ever go to the SSE stream's buffer (the pump writes them), or, when no
     * stream can be had, into one short refusal on a response nothing was written to yet.
     */
    @Override
    public boolean queues() {
        return true;
    }

    /**
     * Completes the HTTP exchange on the POST's thread, once the engine has the frame (and, when
     * this thread ran the request, answered it): waits for the answer's form, then either waits for
     * the JSON write, answers 202, or pumps the SSE stream (or waits for the thread that pumps it).
     *
     * @return how an SSE answer's pump ended, or null when the answer was not SSE
     */
    private SsePump.Outcome complete() throws InterruptedException {
        lock.lock();
        try {
            callerBusy = false;
            try {
                while (mode == Mode.PENDING && !finished) {
                    changed.await();
                }
            } finally {
                if (slow != null) {
                    slow.remove(this);
                }
            }
            switch (mode) {
                case PENDING -> {
                    Http.empty(exchange, 202); // notifications and responses only
                    return null;
                }
                case JSON, REFUSED -> {
                    while (!finished) {
                        changed.await();
                    }
                    if (failure != null) {
                        exchange.fail(failure);
                    } else {
                        exchange.complete();
                    }
                    return null;
                }
                case SSE -> {
                    if (pumping) {
                        while (!pumped) {
                            changed.await();
                        }
                        return pumpOutcome;
                    }
                    // Pumped below, without the lock: the engine appends while the pump writes.
                }
            }
        } finally {
            lock.unlock();
        }
        return pump();
    }

    private SsePump.Outcome pump() {
        EventStream.Reader reader = stream.attach(null, abort);
        try {
            if (reader == null) {
                exchange.fail(new IOException("the stream was closed"));
                return SsePump.Outcome.REPLACED;
            }
            SsePump.Outcome outcome = SsePump.run(stream, reader, exchange, hooks.priming(reader), options);
            SsePump.end(exchange, outcome);
            return outcome;
        } finally {
            hooks.streamDone(stream);
        }
    }

    /** Pumps the SSE answer on a thread of its own (the POST's thread is busy in the request); under the lock. */
    private void pumpElsewhere() {
        pumping = true;
        Thread.ofVirtual().name("sse-answer").start(() -> {
            SsePump.Outcome outcome = null;
            boolean left;
            try {
                outcome = pump();
            } finally {
                lock.lock();
                try {
                    pumpOutcome = outcome;
                    pumped = true;
                    left = callerBusy && outcome != SsePump.Outcome.ENDED && outcome != SsePump.Outcome.POLL;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            }
            if (left) {
                hooks.leftDuringRequest();
            }
        });
    }

    /**
     * Switches to SSE if still unanswered after {@code afterNanos}, or starts the pump of an SSE
     * answer still waiting for the POST's thread; true when nothing is left to do.
     */
    boolean switchIfWaited(long now, long afterNanos) {
        lock.lock();
        try {
            if (pumpDeferred) {
                if (callerBusy && !pumping) {
                    pumpElsewhere();
                }
                return true;
            }
            if (mode != Mode.PENDING || finished) {
                return true;
            }
            if (now - startedNanos < afterNanos) {
                return false;
            }
            toSse(); // stays pending (JSON later) when no stream can be had
            return true;
        } finally {
            lock.unlock();
        }
    }

    private interface Body {
        void write(ResponseOutput out) throws IOException;
    }

    private void writeJson(int status, Body body) throws IOException {
        mode = Mode.JSON;
        exchange.status(status);
        exchange.setHeader(Http.CONTENT_TYPE, Http.JSON);
        hooks.beforeCommit(exchange);
        ResponseOutput out = new ResponseOutput(exchange, JSON_BUFFER);
        try {
            body.write(out);
            out.close();
        } catch (IOException | RuntimeException e) {
            // A provider's stream broke half-way, or the client left: the exchange fails, so the
            // client sees a broken response rather than truncated JSON.
            failure = e;
            throw e;
        }
    }

    /** Called with the lock held, after the first message: later ones skip the lock if SSE. */
    private void opened() {
        if (mode == Mode.SSE) {
            sse = stream;
        }
    }

    /** Switches to SSE; false when no stream could be had (the budget is spent). */
    private boolean toSse() {
        if (!acceptsSse || mode != Mode.PENDING) {
            return mode == Mode.SSE;
        }
        EventStream s = hooks.openStream();
        if (s == null) {
            return false;
        }
        stream = s;
        mode = Mode.SSE;
        SsePump.startResponse(exchange);
        hooks.beforeCommit(exchange);
        if (callerBusy && Thread.currentThread() == caller) {
            // Opened from inside the request, on the POST's thread (a listen stream's
            // acknowledgement): that thread pumps once it is back, which is soon; if it is not
            // back by the slow-answer watch's next tick, a thread of its own pumps instead.
            pumpDeferred = true;
        } else if (callerBusy) {
            pumpElsewhere();
        }
        changed.signalAll();
        return true;
    }

    /** Answers 429 (no stream could be opened) or 406 (the client takes no SSE); always false. */
    private boolean refuse() throws IOException {
        mode = Mode.REFUSED;
        int status = acceptsSse ? 429 : 406;
        String why = acceptsSse
                ? "Too many requests: the server has its most SSE streams open; retry later"
                : "Not acceptable: this answer is an SSE stream, and the request's Accept header excludes "
                        + Http.EVENT_STREAM;
        writeJson(status, out -> CODEC.write(new JsonRpcErrorResponse(null, JsonRpcError.invalidRequest(why)), out));
        changed.signalAll();
        return false;
    }

    static byte[] primingEvent(EventStream.Reader reader, long retryMillis) {
        return SseEncoder.event(reader.position(), null, "", retryMillis);
    }
}
