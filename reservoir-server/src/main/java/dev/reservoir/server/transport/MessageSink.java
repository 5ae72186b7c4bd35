package dev.reservoir.server.transport;

import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import java.io.IOException;
import java.util.List;

/**
 * Where the server writes messages: the reply channel of one inbound frame, or a connection's
 * channel for notifications. Implementations are thread-safe; {@code send} may block while the
 * peer is slow (that is the back-pressure) and throws IOException once the peer is gone.
 */
public interface MessageSink {

    /** Writes one message. */
    void send(JsonRpcMessage message) throws IOException;

    /** Writes the responses to a batch as one JSON array. */
    void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException;

    /**
     * Called once when nothing more will be sent through this sink for its frame: every request
     * in it was answered (or cancelled), or the subscription it carried ended.
     */
    default void finish() {}

    /**
     * Whether {@link #finish()} ends a stream of this frame's own (an HTTP response), so the client
     * sees a subscription end when it ends. False (the default) for a channel that many requests
     * share (stdio): there the server tells the client with {@code notifications/cancelled}.
     */
    default boolean finishEndsStream() {
        return false;
    }

    /**
     * Whether the peer reads each message whole and caps its size (a stdio client: the TypeScript
     * SDK drops a line over 10 MiB and loses the connection). The server then measures answers
     * before sending them and refuses, with an error, one larger than its {@code maxMessageBytes}.
     * False (the default) for a channel that streams large answers (HTTP).
     */
    default boolean capsMessageSize() {
        return false;
    }

    /**
     * About how many bytes of a large content (a blob's base64) the server writes to this sink at a
     * time; each piece is made while the peer takes the one before. The default, 64 KiB, is what a
     * pipe holds: over stdio the server makes a piece while the client reads the last, and larger
     * writes left the client waiting while the server made the next (a 100 MiB blob: 0.81x the
     * throughput with 256 KiB). A socket's buffers hold more and a write through a web server's
     * layers costs each time, so HTTP asks for more (reservoir-bench/PROFILE.md).
     */
    default int contentWriteBytes() {
        return 64 * 1024;
    }

    /**
     * Whether {@code send} only queues (never waits for the peer): an HTTP stream with its own
     * buffer and writer. The server then sends notifications on the thread that raised them,
     * instead of handing each to a thread of its own (which costs 10,000 thread hand-offs when one
     * change reaches 10,000 subscribers). False (the default) for a sink that may block. Asked
     * once, before the first notification: the answer must not change.
     */
    default boolean queues() {
        return false;
    }

    /**
     * Whether the thread that hands this sink's frame to {@link ServerConnection#receive} is the
     * request's own, free to run it to its end (an HTTP POST's thread, which would otherwise only
     * wait for the answer). The server then runs a lone request on that thread, and {@code receive}
     * returns once it is answered (or became a stream), instead of starting a virtual thread for it.
     * The sink must then deliver what is sent on it while that thread is busy (an HTTP answer that
     * turns into an SSE stream is pumped by a thread of its own). False (the default) for a channel
     * whose reader must go on reading.
     */
    default boolean callerRunsRequests() {
        return false;
    }

    /**
     * With {@link #callerRunsRequests()}: called on the caller's thread when it starts running a
     * request of this frame (true; its place among the connection's concurrent requests is
     * granted by then) and when it is done with it (false). A transport whose reading thread runs
     * the requests it reads times the run with this, to hand the reading to another thread when a
     * request takes long (stdio).
     */
    default void callerRunning(boolean running) {}

    /**
     * With {@link #callerRunsRequests()}: false when the caller's thread must not block (a web
     * server's I/O thread). The caller then hands {@link ServerConnection#receive} only a frame
     * that {@link ServerConnection#answersAtOnce} said is answered at once, and the request runs
     * as the quick requests a reader runs inline do: without a deadline and never interrupted.
     * It does not wait for its place among the connection's concurrent requests either: if
     * another thread took the last one since {@code answersAtOnce}, it runs without one (one more
     * per such thread at most, and it is answered at once). True (the default): the caller may block.
     */
    default boolean callerMayBlock() {
        return true;
    }
}
