package dev.reservoir.transport.http.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SelectableChannelEndPoint;
import org.eclipse.jetty.server.Request;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices at once when a client closes the connection under a long-lived SSE response. Jetty reads
 * nothing from a connection while its response is being written, so a client that left was only
 * found out by a failing write: with keep-alives every 15 s, the second one after the close, some
 * 30 s later, and its stream slot stayed taken all that time. Here one thread watches the sockets
 * of open streams with a selector of its own (a channel may be registered with several): when one
 * becomes readable, the client either closed it (end of stream) or sent bytes, which a client
 * reading a stream never does (no HTTP client pipelines behind an open stream), so either way the
 * stream ends. Those bytes are read here and lost, which is why the watch must end before the
 * response does. Thread-safe.
 */
public final class Hangups implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Hangups.class);

    /** Watching one connection; {@link #close()} stops it. */
    interface Watch extends AutoCloseable {
        Watch NONE = () -> {};

        @Override
        void close();
    }

    private final Selector selector;
    private final Thread thread;
    private volatile boolean closed;

    public Hangups() throws IOException {
        this.selector = Selector.open();
        this.thread = new Thread(this::run, "reservoir-http-hangups");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Runs {@code onHangup} (once, on a virtual thread) when the client closes the connection under
     * this request or sends anything on it. Returns {@link Watch#NONE} when the connection is not
     * a socket this can watch.
     */
    Watch watch(Request request, Runnable onHangup) {
        EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
        while (endPoint instanceof EndPoint.Wrapper wrapper) {
            endPoint = wrapper.unwrap(); // TLS: the socket under the decrypting end point
        }
        if (closed
                || !(endPoint instanceof SelectableChannelEndPoint selectable)
                || !(selectable.getChannel() instanceof SocketChannel channel)) {
            return Watch.NONE;
        }
        Registration registration = new Registration(channel, onHangup);
        try {
            // A connection's key is kept from one response to the next (quiet in between): a key
            // cancelled here would still be registered until the selector's next round, and a new
            // registration of the same connection in that moment would fail.
            SelectionKey key = channel.keyFor(selector);
            if (key == null) {
                registration.key = channel.register(selector, SelectionKey.OP_READ, registration);
            } else {
                registration.key = key;
                key.attach(registration);
                key.interestOps(SelectionKey.OP_READ);
            }
        } catch (ClosedChannelException | CancelledKeyException e) {
            return Watch.NONE; // the connection is closing; the stream finds out when it writes
        } catch (ClosedSelectorException
                | IllegalArgumentException
                | java.nio.channels.IllegalBlockingModeException e) {
            return Watch.NONE;
        }
        selector.wakeup(); // a change made during a select takes effect at the next one
        return registration;
    }

    private void run() {
        while (!closed) {
            try {
                selector.select(key -> {
                    if (key.attachment() instanceof Registration registration) {
                        registration.readable(key);
                    }
                });
            } catch (ClosedSelectorException e) {
                return;
            } catch (IOException | RuntimeException e) {
                log.warn("Watching SSE connections failed; clients that leave are noticed at the next keep-alive", e);
                return;
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            selector.close();
        } catch (IOException e) {
            log.debug("Closing the hang-up selector failed", e);
        }
    }

    private static final class Registration implements Watch {
        private final SocketChannel channel;
        private final Runnable onHangup;
        /** Taken around every read, so none happens once {@link #close()} returned. */
        private final ReentrantLock lock = new ReentrantLock();

        private final ByteBuffer scratch = ByteBuffer.allocate(64);
        private volatile SelectionKey key;
        private boolean active = true;

        Registration(SocketChannel channel, Runnable onHangup) {
            this.channel = channel;
            this.onHangup = onHangup;
        }

        /** On the selector's thread: the socket has bytes, or its end. */
        void readable(SelectionKey selected) {
            lock.lock();
            try {
                key = selected; // the selector may see the socket before register() has returned
                if (!active) {
                    return;
                }
                scratch.clear();
                int read;
                try {
                    read = channel.read(scratch);
                } catch (IOException e) {
                    read = -1;
                }
                if (read == 0) {
                    return; // nothing after all
                }
                if (read > 0) {
                    log.debug("A client sent {} bytes while reading an SSE stream; ending the stream", read);
                }
            } finally {
                lock.unlock();
            }
            hangUp();
        }

        void hangUp() {
            lock.lock();
            try {
                if (!active) {
                    return;
                }
                active = false;
                // The connection is done for: its end would keep the selector waking up.
                SelectionKey k = key;
                if (k != null) {
                    k.cancel();
                }
            } finally {
                lock.unlock();
            }
            Thread.ofVirtual().name("sse-hangup").start(onHangup);
        }

        /** Stops watching; the connection's key stays registered, quiet, for its next stream. */
        @Override
        public void close() {
            lock.lock();
            try {
                active = false;
                SelectionKey k = key;
                if (k != null && k.attachment() == this) {
                    k.attach(null);
                    k.interestOps(0);
                }
            } catch (CancelledKeyException e) {
                // The connection closed.
            } finally {
                lock.unlock();
            }
        }
    }
}
