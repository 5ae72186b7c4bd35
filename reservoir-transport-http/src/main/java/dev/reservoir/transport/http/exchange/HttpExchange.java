package dev.reservoir.transport.http.exchange;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;

/**
 * One HTTP request and its response, as a web server presents them to Reservoir's
 * {@link dev.reservoir.transport.http.McpHttpEndpoint}. An adapter keeps the request open after
 * {@code handle} returns (an SSE stream goes on being written from other threads) until
 * {@link #complete()} or {@link #fail(Throwable)} is called. Response methods may be called from
 * any thread, but never two writes at once: the endpoint serializes them.
 */
public interface HttpExchange {

    // --- the request

    /** The request method, such as {@code "POST"}. */
    String method();

    /** The path below the application's context path, starting with "/" (e.g. "/mcp"); not decoded further. */
    String path();

    /** The raw query string without "?", or null. */
    String query();

    /** The first value of a request header (names case-insensitive), or null. */
    String header(String name);

    /** Every value of a request header, in order; empty when absent. */
    List<String> headers(String name);

    /** Whether the request came over TLS (as the server sees it, after any forwarded-header handling). */
    boolean secure();

    /** The peer's address, such as "127.0.0.1" (per-client budgets use it when no token names the client). */
    String remoteAddress();

    /**
     * The request body's length from its {@code Content-Length} header, or -1 when unknown
     * (chunked). The default reads the header.
     */
    default long contentLength() {
        String length = header("Content-Length");
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Whether the calling thread may block. A web server that runs its handler on its own I/O
     * thread (Reservoir's Jetty does) says false there: the endpoint then serves on it only what
     * the engine answers at once (a read that a provider answers from memory, a ping, a refusal)
     * and continues anything else on a virtual thread of its own. An adapter that says false must
     * have the whole body readable from {@link #body()} without waiting, and must take
     * {@link #write(ByteBuffer)} on that thread without blocking (holding the bytes until
     * {@link #complete()}, which sends them without waiting). The default, true, suits a server
     * that calls the endpoint on a thread per request.
     */
    default boolean mayBlock() {
        return true;
    }

    /** The request body; blocking reads; reads past the end return -1. */
    InputStream body() throws IOException;

    // --- the response

    /** Sets the response status (before it is committed). */
    void status(int code);

    /** Sets a response header, replacing any value it had. */
    void setHeader(String name, String value);

    /** Adds a value to a response header. */
    void addHeader(String name, String value);

    /** Whether the status and headers were sent (no more header changes take effect). */
    boolean committed();

    /**
     * Sends bytes of the body and pushes them to the client now (commits the head first). An empty
     * buffer just commits the head. Blocking.
     */
    void write(ByteBuffer bytes) throws IOException;

    /**
     * {@link #write(ByteBuffer)} of the body's last bytes, whose buffer the caller hands over: it
     * never touches the buffer again, so an adapter that holds bytes until {@link #complete()} may
     * keep this buffer rather than a copy of it. The default writes it as any other.
     */
    default void writeLast(ByteBuffer bytes) throws IOException {
        write(bytes);
    }

    /**
     * Starts sending bytes of the body without blocking the caller, and calls {@code done} once
     * they are sent (with null) or could not be (with the failure, never thrown: also when the
     * exchange ended already), on any thread. The endpoint starts no other write until {@code done}
     * ran. This is the hot path of an SSE stream with many subscribers (the thread that appends an
     * event writes it for an idle reader), so an adapter with a non-blocking write should override
     * it; the default does the blocking {@link #write(ByteBuffer)} on a new virtual thread.
     */
    default void write(ByteBuffer bytes, Consumer<Throwable> done) {
        Thread.ofVirtual().name("reservoir-http-write").start(() -> {
            try {
                write(bytes);
            } catch (IOException | RuntimeException e) {
                done.accept(e);
                return;
            }
            done.accept(null);
        });
    }

    /** Ends the response normally. Idempotent. */
    void complete();

    /**
     * Ends the exchange after a failure: an error status if nothing was sent, else the connection
     * is dropped (a blocked write on it fails). Idempotent; may be called from any thread, also
     * while another thread writes (that is how a replaced or too slow SSE reader is cut off).
     */
    void fail(Throwable failure);

    /**
     * Runs {@code onHangup} once (on any thread) when the client goes away before the exchange ends,
     * so a long SSE stream is released at once. Closing the returned handle stops watching. An
     * adapter that cannot notice may return a handle that does nothing (the stream then notices
     * when a keep-alive write fails).
     */
    AutoCloseable onHangup(Runnable onHangup);
}
