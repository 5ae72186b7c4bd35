package dev.reservoir.server.transport;

import dev.reservoir.core.jsonrpc.Decoded;

/**
 * One client's connection to the server as a transport sees it: a stdio process, an HTTP session
 * of the stateful era, or one HTTP exchange of the stateless era. Thread-safe.
 */
public interface ServerConnection extends AutoCloseable {

    /**
     * Handles one decoded frame. Requests run on virtual threads and answer through
     * {@code replies}; this method returns once they are started, but blocks while the connection
     * already has its maximum number of requests in flight (so a transport stops reading).
     */
    void receive(Decoded frame, MessageSink replies);

    /** Whether the client chose the stateful era on this connection (sent {@code initialize}). */
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
