package dev.reservoir.transport.stdio;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.Transport;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.ServerConnection;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stdio transport: newline-delimited JSON-RPC on a byte stream pair. Only protocol messages
 * are written to the output; a message longer than the limit gets a -32600 error (and is skipped,
 * not buffered). When the input ends, answers in progress are given a short grace and then the
 * connection closes; when the output fails (the client closed stdout), the server stops at once.
 * Back-pressure is end to end: a client that stops reading blocks the writer,
 * the connection's in-flight limit then stops the reader, and queued notifications coalesce.
 */
public final class StdioTransport implements Transport {

    private static final Logger log = LoggerFactory.getLogger(StdioTransport.class);

    /** The default largest message the server accepts: 4 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 4 << 20;

    /**
     * How long closing waits for a write in progress once the input has ended and the answers in
     * progress had their grace: past it, the write is left blocked and {@link #serve} returns.
     */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(1);

    private final InputStream in;
    private final OutputStream out;
    private final int maxMessageBytes;
    private final Duration shutdownGrace;

    private StdioTransport(InputStream in, OutputStream out, int maxMessageBytes, Duration shutdownGrace) {
        this.in = Objects.requireNonNull(in, "in");
        this.out = Objects.requireNonNull(out, "out");
        if (maxMessageBytes < 1024) {
            throw new IllegalArgumentException("max message size must be at least 1024 bytes, not " + maxMessageBytes);
        }
        this.maxMessageBytes = maxMessageBytes;
        this.shutdownGrace = shutdownGrace;
    }

    /**
     * Serves on the process's stdin and stdout. {@code System.out} is pointed at stderr first, so
     * that nothing but protocol messages can reach stdout, whatever a library prints.
     */
    public static StdioTransport ofSystemStreams() {
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        return new StdioTransport(
                new FileInputStream(FileDescriptor.in), stdout, DEFAULT_MAX_MESSAGE_BYTES, Duration.ofSeconds(5));
    }

    /** Serves on the given streams (tests, sockets, pipes). */
    public static StdioTransport of(InputStream in, OutputStream out) {
        return new StdioTransport(in, out, DEFAULT_MAX_MESSAGE_BYTES, Duration.ofSeconds(5));
    }

    /** A copy with another message size limit. */
    public StdioTransport withMaxMessageBytes(int bytes) {
        return new StdioTransport(in, out, bytes, shutdownGrace);
    }

    /** A copy that waits this long for answers in progress once the input ends. */
    public StdioTransport withShutdownGrace(Duration grace) {
        return new StdioTransport(in, out, maxMessageBytes, grace);
    }

    @Override
    public void serve(McpServer server) throws IOException, InterruptedException {
        JsonRpcCodec codec = JsonRpcCodec.standard();
        CountDownLatch ended = new CountDownLatch(1);
        LineWriter writer = new LineWriter(out, codec, ended::countDown);
        ServerConnection connection = server.connect(writer, ConnectionInfo.STDIO);
        AtomicReference<IOException> readFailure = new AtomicReference<>();
        // The input is read on threads of its own, so that the server also stops when its output
        // fails (the client closed stdout): nothing can wake a read blocked on stdin.
        Reading reading = new Reading(
                new LineReader(in, maxMessageBytes), maxMessageBytes, connection, writer, codec, failure -> {
                    readFailure.set(failure);
                    ended.countDown();
                });
        reading.start();
        try {
            while (!ended.await(1, TimeUnit.MINUTES)) {
                // A session lasts as long as the client wants; nothing to do meanwhile.
            }
            if (writer.outputFailed()) {
                log.info("stdout closed: the client is gone; stopping");
                return;
            }
            if (readFailure.get() != null) {
                throw readFailure.get();
            }
            log.debug("stdin closed; finishing requests in progress");
            if (!connection.awaitIdle(shutdownGrace)) {
                log.warn("Requests still in progress after {}; cancelling them", shutdownGrace);
            }
        } finally {
            reading.stop();
            connection.close();
            // Closing the output tells the client the server is done (the process exit would too).
            writer.closeQuietly(CLOSE_WAIT);
        }
    }
}
