package dev.reservoir.server.internal;

import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.transport.MessageSink;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One request being answered. Exactly one of finishing, cancellation and timeout wins (a CAS on
 * the state), and only the winner may send anything for it, so a cancelled request's response is
 * never sent and a timed-out one is never answered twice.
 */
final class InFlight {

    enum State {
        RUNNING,
        DETACHED,
        DONE,
        CANCELLED,
        TIMED_OUT
    }

    final RequestId id;
    final String method;
    final MessageSink replies;
    private final AtomicReference<State> state = new AtomicReference<>(State.RUNNING);
    private final java.util.concurrent.atomic.AtomicBoolean permit =
            new java.util.concurrent.atomic.AtomicBoolean(true);
    volatile Thread thread;
    /** System.nanoTime() after which the request times out; 0 for none (inline calls, listen streams). */
    volatile long deadline;
    /** What the sweeper runs when the deadline passes. */
    volatile Runnable onDeadline;

    volatile WireFormat wire;
    /** Stateless era: the level from the request's _meta, or null (no log messages for it). */
    volatile LoggingLevel logLevel;
    /** Runs when a detached request (a listen stream) ends. */
    volatile Runnable onEnd;
    /** What providers and the engine do when the request is cancelled or times out ({@link ProviderCalls}). */
    final ProviderCalls.Cancellation cancellation = new ProviderCalls.Cancellation();

    InFlight(RequestId id, String method, MessageSink replies) {
        this.id = id;
        this.method = method;
        this.replies = replies;
    }

    /** Gives up the connection's concurrency permit; true the first time only. */
    boolean releasePermit() {
        return permit.compareAndSet(true, false);
    }

    State state() {
        return state.get();
    }

    /** The handler finished: true if it may send its response. */
    boolean finish() {
        return state.compareAndSet(State.RUNNING, State.DONE);
    }

    /** The request lives on without a response (a listen stream); true if it was still running. */
    boolean detach() {
        return state.compareAndSet(State.RUNNING, State.DETACHED);
    }

    /** The client cancelled; true if this call won (then nothing more is sent for the request). */
    boolean cancel() {
        return state.compareAndSet(State.RUNNING, State.CANCELLED)
                || state.compareAndSet(State.DETACHED, State.CANCELLED);
    }

    /** The deadline passed; true if this call won. */
    boolean timeOut() {
        return state.compareAndSet(State.RUNNING, State.TIMED_OUT);
    }

    void interrupt() {
        if (cancellation.fire()) {
            return; // a provider stops its own work: an interrupt would close its JDBC socket or NIO channel
        }
        Thread t = thread;
        if (t != null && t != Thread.currentThread()) {
            t.interrupt();
        }
    }
}
