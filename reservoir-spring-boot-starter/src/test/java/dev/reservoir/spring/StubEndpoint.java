package dev.reservoir.spring;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A stand-in for the MCP endpoint that tests a web server adapter's {@link HttpExchange}: {@code /echo}
 * answers what it was asked in one chunk, {@code /stream} writes a line, waits for the test, writes
 * another, {@code /flood} writes until the client goes away. Thread-safe.
 */
public final class StubEndpoint implements Consumer<HttpExchange> {

    /** Released by the test once it read the stream's first line. */
    public final CountDownLatch readFirst = new CountDownLatch(1);
    /** Counted down when the flood's client was seen gone (onHangup ran). */
    public final CountDownLatch hungUp = new CountDownLatch(1);
    /** Bytes the flood's writes returned for. */
    public final AtomicLong flooded = new AtomicLong();
    /** What ended the flood: the failed write's exception, or an error of the stub. */
    public final AtomicReference<Throwable> floodEnd = new AtomicReference<>();
    /** The thread that writes the flood, while it does. */
    public final AtomicReference<Thread> floodWriter = new AtomicReference<>();

    /** Largest flood, so a missing bound ends the test instead of filling memory. */
    public static final long FLOOD_LIMIT = 256L << 20;

    @Override
    public void accept(HttpExchange exchange) {
        try {
            switch (exchange.path()) {
                case "/echo" -> echo(exchange);
                case "/stream" -> stream(exchange);
                case "/flood" -> flood(exchange);
                default -> {
                    exchange.status(404);
                    exchange.complete();
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            exchange.fail(e);
        }
    }

    private static void echo(HttpExchange exchange) throws IOException {
        String body = new String(exchange.body().readAllBytes(), StandardCharsets.UTF_8);
        exchange.status(201);
        exchange.setHeader("Content-Type", "text/plain");
        exchange.addHeader("X-Seen", exchange.method() + " " + exchange.path() + "?" + exchange.query());
        exchange.addHeader("X-Seen", "header=" + exchange.header("x-test") + " all=" + exchange.headers("X-Test"));
        exchange.addHeader(
                "X-Seen",
                "length=" + exchange.contentLength() + " peer=" + exchange.remoteAddress() + " secure="
                        + exchange.secure());
        exchange.write(ByteBuffer.wrap(("body=" + body).getBytes(StandardCharsets.UTF_8)));
        // Ended a random moment (up to 0.2 ms) after the write, as the MCP endpoint ends an answer
        // after some work of its own: sometimes while the server still sends the head, sometimes
        // while it takes the chunk.
        LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(200_000));
        exchange.complete();
    }

    private void stream(HttpExchange exchange) throws IOException, InterruptedException {
        exchange.status(200);
        exchange.setHeader("Content-Type", "text/event-stream");
        exchange.write(ByteBuffer.wrap("first\n".getBytes(StandardCharsets.UTF_8)));
        if (!readFirst.await(30, TimeUnit.SECONDS)) {
            throw new IOException("the client did not get the first line: the write was not flushed");
        }
        exchange.write(ByteBuffer.wrap("second\n".getBytes(StandardCharsets.UTF_8)));
        exchange.complete();
    }

    private void flood(HttpExchange exchange) {
        exchange.onHangup(hungUp::countDown);
        exchange.status(200);
        exchange.setHeader("Content-Type", "application/octet-stream");
        floodWriter.set(Thread.currentThread());
        byte[] chunk = new byte[64 << 10];
        try {
            while (flooded.get() < FLOOD_LIMIT) {
                exchange.write(ByteBuffer.wrap(chunk));
                flooded.addAndGet(chunk.length);
            }
            floodEnd.set(new IllegalStateException("wrote " + FLOOD_LIMIT + " bytes to a client that reads none"));
            exchange.complete();
        } catch (IOException e) {
            floodEnd.set(e);
            exchange.fail(e);
        } finally {
            floodWriter.set(null);
        }
    }

    /** Opens a connection, asks for the flood and reads nothing; the caller closes it. */
    public static Socket floodWithoutReading(int port, String path) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setReceiveBufferSize(4096);
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    /** Whether the flood's writer is parked inside a write (held back by the client that does not read). */
    public boolean writerBlockedIn(String adapterClass) {
        Thread writer = floodWriter.get();
        if (writer == null) {
            return false;
        }
        Thread.State state = writer.getState();
        if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement frame : writer.getStackTrace()) {
            if (frame.getClassName().equals(adapterClass)
                    && frame.getMethodName().equals("write")) {
                return true;
            }
        }
        return false;
    }

    /** Waits until {@code condition} holds, failing after {@code timeout}. */
    public static void await(BooleanSupplier condition, Duration timeout, String what) {
        long end = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(new IOException("interrupted", e));
            }
        }
    }
}
