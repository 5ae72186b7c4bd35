package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.server.transport.MessageSink;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One request being answered. Exactly one of finishing, cancellation and timeout wins (a CAS on
 * the state), and only the winner may send anything for it, so a cancelled request's response is
 * never sent and a timed-out one is never answered twice.
 */
public final class InFlight {

    /** Where a request is in its life. */
    public enum State {
        RUNNING,
        /** Open without a response (a stream the handler feeds). */
        DETACHED,
        DONE,
        CANCELLED,
        TIMED_OUT
    }

    private final RequestId id;
    private final String method;
    private final MessageSink replies;
    private final RpcConnection connection;
    private final AtomicReference<State> state = new AtomicReference<>(State.RUNNING);
    private final AtomicBoolean permit = new AtomicBoolean(true);
    private final CancelHooks cancelHooks = new CancelHooks();
    /** The thread running the handler, once it entered and until it left (guarded by this). */
    private Thread thread;
    /** Whether {@link #interrupt} interrupted that thread (guarded by this). */
    private boolean interrupted;
    /** System.nanoTime() after which the request times out; 0 for none (inline calls, streams). */
    volatile long deadline;
    /** Runs when a detached request (a stream) ends. */
    private volatile Runnable onEnd;
    /** What the handler keeps about this request (the engine never looks at it). */
    private volatile Object attachment;

    InFlight(RequestId id, String method, MessageSink replies, RpcConnection connection) {
        this.id = id;
        this.method = method;
        this.replies = replies;
        this.connection = connection;
    }

    public RequestId id() {
        return id;
    }

    public String method() {
        return method;
    }

    /** Where this request's answer, and anything sent on its own channel, goes. */
    public MessageSink replies() {
        return replies;
    }

    public State state() {
        return state.get();
    }

    /** Whether the request was cancelled or timed out (nothing more is sent for it). */
    public boolean dropped() {
        State s = state.get();
        return s == State.CANCELLED || s == State.TIMED_OUT;
    }

    /** System.nanoTime() after which the request times out, or 0 when it has no deadline. */
    public long deadline() {
        return deadline;
    }

    /** The callbacks run when the request is cancelled or times out. */
    public CancelHooks cancelHooks() {
        return cancelHooks;
    }

    public Object attachment() {
        return attachment;
    }

    public void attach(Object value) {
        attachment = value;
    }

    /**
     * The request lives on without a response (a stream): it gives up its concurrency permit (a
     * stream is not a request in progress and must not block others), and {@code onEnd} runs when
     * it is cancelled or the connection closes. False if the request was no longer running.
     */
    public boolean detach(Runnable onEnd) {
        this.onEnd = onEnd;
        connection.releasePermit(this);
        return state.compareAndSet(State.RUNNING, State.DETACHED);
    }

    /** Ends the request as if the client had cancelled it (a stream whose client stopped reading). */
    public void cancelRequest() {
        connection.cancel(id);
    }

    /** Gives up the connection's concurrency permit; true the first time only. */
    boolean releasePermit() {
        return permit.compareAndSet(true, false);
    }

    /** The handler finished: true if it may send its response. */
    boolean finish() {
        return state.compareAndSet(State.RUNNING, State.DONE);
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

    Runnable onEnd() {
        return onEnd;
    }

    /** The current thread runs the handler: a cancellation or timeout interrupts it from now on. */
    synchronized void enter() {
        thread = Thread.currentThread();
    }

    /**
     * The thread that ran the handler goes on to other work (the caller's, which ran the request
     * for it): no later cancellation reaches it, and an interrupt meant for the request is cleared.
     */
    synchronized void leave() {
        thread = null;
        if (interrupted) {
            Thread.interrupted();
        }
    }

    void interrupt() {
        if (cancelHooks.fire()) {
            return; // a provider stops its own work: an interrupt would close its JDBC socket or NIO channel
        }
        synchronized (this) {
            Thread t = thread;
            if (t != null && t != Thread.currentThread()) {
                interrupted = true;
                t.interrupt();
            }
        }
    }
}
