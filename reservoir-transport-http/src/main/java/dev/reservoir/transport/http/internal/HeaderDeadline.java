package dev.reservoir.transport.http.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A deadline for the head of every request: a connection whose request line and headers have not
 * all arrived {@code timeout} after they began (or, on a new connection, after it opened) gets 408
 * and is closed. The idle timeout alone does not stop a client that sends one byte every few
 * seconds and so holds a connection, and a thread's worth of parser state, for ever. Jetty has no
 * such deadline of its own; this watches open connections and {@link #sweep}s them now and then.
 * Thread-safe.
 */
public final class HeaderDeadline implements Connection.Listener {

    private static final Logger log = LoggerFactory.getLogger(HeaderDeadline.class);

    private final long timeoutNanos;
    /** Open HTTP connections, with when they opened. */
    private final Map<HttpConnection, Long> open = new ConcurrentHashMap<>();

    /** False on the module path without Jetty's internal package exported to us: no deadline then. */
    private final boolean enabled = jettyConnectionVisible();

    public HeaderDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
        if (!enabled) {
            log.warn("No deadline for request heads: run java with --add-exports "
                    + "org.eclipse.jetty.server/org.eclipse.jetty.server.internal=dev.reservoir.transport.http");
        }
    }

    /**
     * The 408 answer, whole, made at the first deadline missed: made with the server, it started the
     * JSON machinery on the main thread before the port opened (12-19 ms of a first answer over
     * HTTP, while the warm-up thread was starting the same), for an answer most servers never send.
     */
    private static final class Answer {

        static final byte[] BYTES = make();

        private static byte[] make() {
            byte[] body = JsonErrorHandler.body(408, null);
            String head = "HTTP/1.1 408 Request Timeout\r\nContent-Type: " + Http.JSON + "\r\nContent-Length: "
                    + body.length + "\r\nConnection: close\r\n\r\n";
            byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
            byte[] answer = new byte[headBytes.length + body.length];
            System.arraycopy(headBytes, 0, answer, 0, headBytes.length);
            System.arraycopy(body, 0, answer, headBytes.length, body.length);
            return answer;
        }
    }

    /**
     * Whether this class may use Jetty's {@code HttpConnection}: always on the class path; on the
     * module path only when the application exports Jetty's internal package to this module.
     */
    static boolean jettyConnectionVisible() {
        return Connector.class
                .getModule()
                .isExported("org.eclipse.jetty.server.internal", HeaderDeadline.class.getModule());
    }

    @Override
    public void onOpened(Connection connection) {
        if (enabled && connection instanceof HttpConnection http) {
            open.put(http, System.nanoTime());
        }
    }

    @Override
    public void onClosed(Connection connection) {
        if (enabled && connection instanceof HttpConnection http) {
            open.remove(http);
        }
    }

    /** How often {@link #sweep} should run: a tenth of the timeout, within 100 ms and 1 s. */
    public Duration sweepInterval() {
        return Duration.ofNanos(Math.clamp(timeoutNanos / 10, 100_000_000L, 1_000_000_000L));
    }

    /**
     * Answers 408 on each connection whose request head is overdue. Reads the parser's state from
     * another thread, so it may be a moment late: a deadline, not a stopwatch.
     */
    public void sweep() {
        if (open.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        // A loop, not forEach with a lambda: the lambda (capturing now) was linked at the first
        // sweep, which the launcher's training does not reach, so every fresh server spun its
        // class a second after it started, while its first requests were often still being
        // served: about 4 ms of CPU on the timer's thread, taken from the core that the JIT and
        // the requests share (async-profiler, 8 fresh servers over HTTP).
        for (Map.Entry<HttpConnection, Long> entry : open.entrySet()) {
            HttpConnection connection = entry.getKey();
            HttpParser parser = connection.getParser();
            boolean midHead = parser.inHeaderState() && !parser.isStart();
            boolean neverSpoke = parser.isStart() && connection.getMessagesIn() == 0 && connection.getBytesIn() == 0;
            long begun = midHead ? parser.getBeginNanoTime() : 0;
            if (overdue(midHead, begun, neverSpoke, entry.getValue(), now, timeoutNanos)
                    && !unread(connection.getEndPoint())) {
                expire(connection);
            }
        }
    }

    /**
     * Whether a connection's head is overdue, from what the sweep read of its parser on another
     * thread, field by field and not at one instant: the parser may finish the request and reset
     * between the reads, and its reset sets the start time to 0 (which a read after the state's
     * would take for a head begun at the start of time: a busy keep-alive connection was answered
     * 408 and closed in the middle of its traffic).
     *
     * @param midHead the parser was in the request line or headers, past their start
     * @param begun when it began that head (System.nanoTime()), or 0 when it was reset since
     * @param neverSpoke the connection has not sent a byte
     */
    static boolean overdue(
            boolean midHead, long begun, boolean neverSpoke, long openedAt, long now, long timeoutNanos) {
        if (midHead) {
            return begun != 0 && now - begun > timeoutNanos;
        }
        return neverSpoke && now - openedAt > timeoutNanos;
    }

    /**
     * Whether bytes the client sent wait in the connection's socket, not yet read by the server:
     * the client spoke in time, and it is the server that is behind (thousands of connections
     * opened at once on a busy machine), so a head overdue by the parser's clock is not the
     * client's doing. In the fan-out benchmark, 10,000 subscribers of three servers opened together,
     * a subscriber whose stream request went out with its connection was answered 408 (full run
     * AX, PROFILE.md, forty-sixth pass). Asked only of a connection otherwise overdue: one {@code
     * ioctl}; under TLS, of the socket under it. False where no socket can be asked (another
     * transport): the deadline then applies as before.
     */
    static boolean unread(EndPoint endPoint) {
        Object transport = endPoint.getTransport();
        if (transport instanceof EndPoint encrypted && encrypted != endPoint) {
            transport = encrypted.getTransport(); // TLS: the decrypting end point sits on the socket's
        }
        if (transport instanceof SocketChannel channel) {
            try {
                return channel.socket().getInputStream().available() > 0;
            } catch (IOException | RuntimeException e) {
                return false; // closed meanwhile, or not a socket this JDK can ask
            }
        }
        return false;
    }

    private void expire(HttpConnection connection) {
        if (open.remove(connection) == null) {
            return;
        }
        log.debug("A request head took longer than {} ms; answering 408", timeoutNanos / 1_000_000);
        EndPoint endPoint = connection.getEndPoint();
        endPoint.write(Callback.from(endPoint::close, failure -> endPoint.close()), ByteBuffer.wrap(Answer.BYTES));
    }
}
