package dev.reservoir.server.transport;

import dev.reservoir.core.jsonrpc.Decoded;

/**
 * One client's connection to the server as a transport sees it: a stdio process, an HTTP session
 * of the session era, or one HTTP exchange of the stateless era. Thread-safe.
 */
public interface ServerConnection extends AutoCloseable {

    /**
     * Handles one decoded frame; requests answer through {@code replies}. The requests that change
     * the session (such as {@code initialize} and {@code resources/subscribe}) run on the calling
     * thread, in arrival order, before this method returns; the others run on virtual threads, and
     * this method returns once they are started (or, when {@code replies} says its caller's thread
     * runs requests, a lone request runs on the calling thread, and this method returns once it is
     * answered). It blocks while the connection already has its
     * maximum number of requests in flight (so a transport stops reading).
     */
    void receive(Decoded frame, MessageSink replies);

    /**
     * Whether {@link #receive} answers this frame at once, without blocking: one request that
     * needs no thread of its own, such as a read that its provider answers from memory
     * ({@link dev.reservoir.server.spi.ResourceProvider#readsFromMemory}), a {@code ping}, or one
     * refused at once (a URI that is not one). A transport whose thread must not block (a web
     * server's I/O thread) hands such a frame to {@code receive} on that thread, with a sink whose
     * {@link MessageSink#callerMayBlock()} is false, and any other frame to a thread that may
     * block. The default: false.
     */
    default boolean answersAtOnce(Decoded frame) {
        return false;
    }

    /** Whether the client chose the session era on this connection (sent {@code initialize}). */
    boolean initialized();

    /**
     * Waits until no request is in flight (listen streams aside), at most {@code timeout}; true if
     * that happened. Transports call it before closing, so answers already being made still go out.
     */
    boolean awaitIdle(java.time.Duration timeout) throws InterruptedException;

    /** Cancels what is in flight, ends subscriptions, and frees the connection. */
    @Override
    void close();
}
