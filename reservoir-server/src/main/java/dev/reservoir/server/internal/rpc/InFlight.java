package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.server.transport.MessageSink;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One request being answered. Exactly one of finishing, cancellation and timeout wins (a CAS on
 * the state), and only the winner may send anything for it, so a cancelled request's response is
 * never sent and a timed-out one is never answered twice.
 *
 * <p>One is made for every request, so it holds its state in its own fields (not in atomic
 * objects), makes its cancellation callbacks only when one is registered, and has a hash code of
 * its own ({@link IdentityKey}) for the maps that hold requests in flight.
 */
public final class InFlight extends IdentityKey {

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
    /** Changed only through {@link #STATE}. */
    private volatile State state = State.RUNNING;
    /** Whether the request still holds its concurrency permit; changed only through {@link #PERMIT}. */
    private volatile boolean permit = true;
    /** Made when the first callback is registered; {@link CancelHooks#FIRED} once dropped. */
    private volatile CancelHooks cancelHooks;
    /** What a read's answer holds, released if the request is dropped ({@link #releaseIfDropped}). */
    private volatile Runnable release;
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
        return state;
    }

    /** Whether the request was cancelled or timed out (nothing more is sent for it). */
    public boolean dropped() {
        State s = state;
        return s == State.CANCELLED || s == State.TIMED_OUT;
    }

    /** System.nanoTime() after which the request times out, or 0 when it has no deadline. */
    public long deadline() {
        return deadline;
    }

    /** The callbacks run when the request is cancelled or times out. */
    public CancelHooks cancelHooks() {
        CancelHooks hooks = cancelHooks;
        if (hooks == null) {
            CancelHooks made = new CancelHooks();
            hooks = HOOKS.compareAndSet(this, null, made) ? made : cancelHooks;
        }
        return hooks;
    }

    /**
     * Runs {@code release} if the request is cancelled or times out (its answer is then never
     * sent), at once if that happened already, as a callback registered with {@link #cancelHooks}
     * would run; a read registers one for every request, so it gets a field of its own.
     */
    public void releaseIfDropped(Runnable release) {
        if (!RELEASE.compareAndSet(this, null, release)) {
            cancelHooks().add(release, false); // dropped already (it runs at once), or a second one
        }
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
        return STATE.compareAndSet(this, State.RUNNING, State.DETACHED);
    }

    /** Ends the request as if the client had cancelled it (a stream whose client stopped reading). */
    public void cancelRequest() {
        connection.cancel(id);
    }

    /** Gives up the connection's concurrency permit; true the first time only. */
    boolean releasePermit() {
        return PERMIT.compareAndSet(this, true, false);
    }

    /** The handler finished: true if it may send its response. */
    boolean finish() {
        return STATE.compareAndSet(this, State.RUNNING, State.DONE);
    }

    /** The client cancelled; true if this call won (then nothing more is sent for the request). */
    boolean cancel() {
        return STATE.compareAndSet(this, State.RUNNING, State.CANCELLED)
                || STATE.compareAndSet(this, State.DETACHED, State.CANCELLED);
    }

    /** The deadline passed; true if this call won. */
    boolean timeOut() {
        return STATE.compareAndSet(this, State.RUNNING, State.TIMED_OUT);
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
        Runnable held = (Runnable) RELEASE.getAndSet(this, RELEASED);
        if (held != null && held != RELEASED) {
            CancelHooks.runLater(held);
        }
        // Callbacks registered from now on run at once (the request is dropped already).
        CancelHooks hooks = (CancelHooks) HOOKS.getAndSet(this, CancelHooks.FIRED);
        if (hooks != null && hooks.fire()) {
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

    /** {@link #release}'s value once the request was dropped. */
    private static final Runnable RELEASED = () -> {};

    private static final VarHandle STATE;
    private static final VarHandle PERMIT;
    private static final VarHandle HOOKS;
    private static final VarHandle RELEASE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(InFlight.class, "state", State.class);
            PERMIT = lookup.findVarHandle(InFlight.class, "permit", boolean.class);
            HOOKS = lookup.findVarHandle(InFlight.class, "cancelHooks", CancelHooks.class);
            RELEASE = lookup.findVarHandle(InFlight.class, "release", Runnable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
