package dev.reservoir.transport.stdio;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.server.transport.MessageSink;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one message per line. A lock (not {@code synchronized}, which pins virtual threads on
 * JDK 21) keeps messages whole; a write blocks while the reader is slow, which is the back-pressure.
 */
final class LineWriter implements MessageSink {

    private static final Logger log = LoggerFactory.getLogger(LineWriter.class);

    private final Tracking target;
    private final OutputStream out;
    private final JsonRpcCodec codec;
    private final ReentrantLock lock = new ReentrantLock();
    /** Set (under the lock) when a message that was to be flushed left its flush to a writer waiting behind it. */
    private boolean flushOwed;
    /** Whether bytes wait in the buffer (set under the lock; read without it by {@link #unflushed()}). */
    private volatile boolean unflushed;

    /** {@code onOutputFailure} runs once, when writing to the output itself fails (the client is gone). */
    LineWriter(OutputStream out, JsonRpcCodec codec, Runnable onOutputFailure) {
        this.target = new Tracking(out, onOutputFailure);
        this.out = new BufferedOutputStream(target, 65536);
        this.codec = codec;
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        write(() -> codec.write(message, out), true);
    }

    /**
     * Writes a message, leaving it in the buffer when {@code flush} is false: the next flush (of
     * any message, or {@link #flush()}) sends it, with whatever else came meanwhile, in one write.
     */
    void send(JsonRpcMessage message, boolean flush) throws IOException {
        write(() -> codec.write(message, out), flush);
    }

    /** Whether written bytes wait in the buffer for a flush. */
    boolean unflushed() {
        return unflushed;
    }

    /** Sends what is buffered. */
    void flush() throws IOException {
        if (target.failed) {
            throw new IOException("the output is closed");
        }
        lock.lock();
        try {
            out.flush();
            flushOwed = false;
            unflushed = false;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
        write(() -> codec.writeBatch(messages, out), true);
    }

    /** A stdio client reads each line whole, and the TypeScript SDK drops one over 10 MiB. */
    @Override
    public boolean capsMessageSize() {
        return true;
    }

    private interface Body {
        void write() throws IOException;
    }

    private void write(Body body, boolean flush) throws IOException {
        if (target.failed) {
            throw new IOException("the output is closed");
        }
        lock.lock();
        try {
            try {
                body.write();
            } catch (IOException | RuntimeException e) {
                if (!target.failed) {
                    // The content failed half-way (a provider's stream broke): end the line so the
                    // next message is still framed; the client sees one unparseable line.
                    out.write('\n');
                    out.flush();
                }
                throw e;
            }
            out.write('\n');
            // Group commit: when other messages wait for the lock, the last of them flushes, so a
            // busy connection makes one write call for many messages and an idle one loses no time.
            // A message written without a flush still makes the flush a waiting one left to it.
            if (!lock.hasQueuedThreads() && (flush || flushOwed)) {
                out.flush();
                flushOwed = false;
                unflushed = false;
            } else {
                flushOwed |= flush;
                unflushed = true;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Remembers whether the output itself failed, as opposed to the content being written. */
    private static final class Tracking extends java.io.FilterOutputStream {
        private final Runnable onFailure;
        volatile boolean failed;

        Tracking(OutputStream out, Runnable onFailure) {
            super(out);
            this.onFailure = onFailure;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        private IOException failed(IOException e) {
            if (!failed) {
                failed = true;
                onFailure.run(); // stdout closed (EPIPE): nobody reads the answers any more
            }
            return e;
        }
    }

    /** Whether writing to the output failed: the client no longer reads. */
    boolean outputFailed() {
        return target.failed;
    }

    /**
     * Closes the output, unless a write still holds it after {@code wait}. A client that stopped
     * reading leaves a write blocked in the full pipe for good (a write to stdout cannot be
     * interrupted); the server must still end once its input has closed, and the process's exit
     * then closes the output. Waiting on the lock without a bound, a server whose client closed
     * stdin without reading the answer in progress never exited (only SIGTERM ended it).
     */
    void closeQuietly(Duration wait) {
        try {
            if (!lock.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                log.warn("The output is still blocked after {} (the client reads no more); leaving it", wait);
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            // Nobody is reading any more.
        } finally {
            lock.unlock();
        }
    }
}
