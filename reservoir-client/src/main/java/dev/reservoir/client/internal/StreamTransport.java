package dev.reservoir.client.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.internal.io.HeadInput;
import dev.reservoir.client.internal.io.Json;
import dev.reservoir.core.io.LineInput;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.Cancellation;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Newline-delimited JSON-RPC over a byte-stream pair: a server process's stdin and stdout, or
 * streams the application gives. One platform thread reads; each line is parsed as it arrives, so a
 * large answer streams into its call's decoder. Writes are serialized with a lock.
 */
public final class StreamTransport implements ClientTransport {

    private static final Logger log = LoggerFactory.getLogger(StreamTransport.class);
    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();

    private final InputStream in;
    private final OutputStream out;
    private final TransportKind kind;
    private final Runnable onClose;
    private static final int STRAY_LINES = 5;

    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock strayLock = new ReentrantLock();
    private final Deque<String> stray = new ArrayDeque<>();
    private volatile boolean closing;
    private Thread reader;

    /**
     * @param onClose what closing does after the streams are closed (ends the server process), or null
     */
    public StreamTransport(InputStream in, OutputStream out, TransportKind kind, Runnable onClose) {
        this.in = in;
        this.out = new BufferedOutputStream(out, 64 * 1024);
        this.kind = kind;
        this.onClose = onClose;
    }

    @Override
    public TransportKind kind() {
        return kind;
    }

    @Override
    public void start(Rpc rpc) {
        reader = Thread.ofPlatform().daemon().name("mcp-client-reader").start(() -> read(rpc));
    }

    private void read(Rpc rpc) {
        LineInput lines = new LineInput(in, 64 * 1024);
        Throwable cause = null;
        try {
            for (InputStream line; (line = lines.nextLine()) != null; ) {
                HeadInput recorded = new HeadInput(line, 200);
                try (JsonParser parser = Json.parser(recorded)) {
                    MessageReader.read(parser, rpc::decoderFor, rpc::accept);
                } catch (JsonProcessingException e) {
                    // Servers print banners and logs on stdout by mistake: show the line, not a parser's complaint.
                    log.warn("the server wrote a line that is not an MCP message (ignored): {}", recorded.head());
                    keepStray(recorded.head());
                }
            }
        } catch (IOException | RuntimeException e) {
            cause = e;
        }
        rpc.closed(
                closing
                        ? new McpClientException("the client closed the connection")
                        : new McpClientException(
                                cause == null
                                        ? "the server closed its output"
                                        : "reading from the server failed: " + cause,
                                cause));
    }

    private void keepStray(String line) {
        strayLock.lock(); // not the write lock: a write blocked on a full pipe must not stop the reader
        try {
            if (stray.size() == STRAY_LINES) {
                stray.removeFirst();
            }
            stray.addLast(line);
        } finally {
            strayLock.unlock();
        }
    }

    /** The last lines the server wrote that were not messages (at most five), oldest first. */
    public List<String> strayLines() {
        strayLock.lock();
        try {
            return List.copyOf(stray);
        } finally {
            strayLock.unlock();
        }
    }

    @Override
    public void send(Call<?> call) throws IOException {
        send(call.request());
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        writeLock.lock();
        try {
            CODEC.write(message, out);
            out.write('\n');
            out.flush();
        } finally {
            writeLock.unlock();
        }
    }

    /** On a shared channel the only way to cancel is {@code notifications/cancelled}, in both eras. */
    @Override
    public void cancel(Call<?> call, String reason) {
        try {
            send(Cancellation.notification(call.id(), reason));
        } catch (IOException e) {
            log.debug("Could not send notifications/cancelled for {}", call.id(), e);
        }
    }

    @Override
    public void close() {
        closing = true;
        writeLock.lock();
        try {
            out.close(); // the server sees the end of its input: the graceful shutdown signal
        } catch (IOException e) {
            log.debug("Closing the server's input failed", e);
        } finally {
            writeLock.unlock();
        }
        if (onClose != null) {
            onClose.run();
            // The process has ended, so its stdout ends too: let the reader take what is left (often
            // the line that says why it failed) before the stream is closed under it.
            awaitReader(2000);
        }
        try {
            in.close();
        } catch (IOException e) {
            log.debug("Closing the server's output failed", e);
        }
        awaitReader(2000);
    }

    private void awaitReader(long millis) {
        if (reader != null && reader != Thread.currentThread()) {
            try {
                reader.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
