package dev.reservoir.transport.http.internal;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A blocking output stream over an exchange's response that holds the first bytes (in a buffer that
 * grows from 2 KiB to its limit): a body that fits is sent in one write with its length (no
 * chunking); a longer one streams as it is written, so large content is never held whole. Not
 * thread-safe; the caller serializes writes.
 */
final class ResponseOutput extends OutputStream {

    private static final int INITIAL = 2048;

    private final HttpExchange exchange;
    private final int limit;
    private byte[] buffer;
    private int count;
    private boolean streamed;
    private boolean closed;

    ResponseOutput(HttpExchange exchange, int limit) {
        this.exchange = exchange;
        this.limit = limit;
        this.buffer = new byte[Math.min(INITIAL, limit)];
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        if (count == buffer.length && !grow(1)) {
            drain(false);
        }
        buffer[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        if (len > buffer.length - count && !grow(len)) {
            drain(false);
            if (len >= buffer.length) {
                exchange.write(ByteBuffer.wrap(b, off, len));
                return;
            }
        }
        System.arraycopy(b, off, buffer, count, len);
        count += len;
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("the response is complete");
        }
    }

    /** Makes room for {@code more} bytes within the limit; false when the limit is reached. */
    private boolean grow(int more) {
        if (streamed || count + more > limit) {
            return false;
        }
        int size = buffer.length;
        while (size < count + more) {
            size = Math.min(limit, size * 2);
        }
        buffer = Arrays.copyOf(buffer, size);
        return true;
    }

    /**
     * Does nothing: the JSON writer flushes when it closes, and the body should still go out in one
     * write with its length when it fits. Bytes go out when the buffer fills, and at {@link #close}.
     */
    @Override
    public void flush() {}

    /** Sends what is held as the end of the body (the caller then completes the exchange). */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (!streamed && !exchange.committed()) {
            // The whole body is here: say its length rather than chunking it.
            exchange.setHeader(Http.CONTENT_LENGTH, Integer.toString(count));
        }
        drain(true);
    }

    private void drain(boolean last) throws IOException {
        streamed |= !last;
        ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, count);
        count = 0;
        if (last) {
            buffer = null; // handed over: nothing is written here after close
            exchange.writeLast(bytes);
        } else {
            exchange.write(bytes);
        }
    }
}
