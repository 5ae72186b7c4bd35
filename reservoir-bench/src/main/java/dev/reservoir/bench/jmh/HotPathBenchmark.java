package dev.reservoir.bench.jmh;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The server's hot path for one {@code resources/read} of a 1 KiB text resource: decode the
 * request bytes, dispatch (on a virtual thread, as in production), read from the provider, and
 * encode the response to bytes. {@code codecOnly} is the decode + encode part alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class HotPathBenchmark {

    static final String TEXT = "x".repeat(1024);
    static final byte[] REQUEST =
            ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"bench://text/1\","
                            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}")
                    .getBytes(StandardCharsets.UTF_8);

    private McpServer server;
    private ServerConnection connection;
    private final SynchronousQueue<byte[]> responses = new SynchronousQueue<>();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);
    private final JsonRpcCodec codec = JsonRpcCodec.standard();
    private MessageSink sink;
    /** Runs each request on the calling thread and writes its answer into {@link #buffer}. */
    private MessageSink inline;

    @Setup(Level.Trial)
    public void setUp() {
        server = McpServer.builder()
                .resource(
                        Resource.builder("bench://text/1", "text-1")
                                .mimeType("text/plain")
                                .build(),
                        TEXT)
                .build();
        sink = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) throws IOException {
                ByteArrayOutputStream out = new ByteArrayOutputStream(1536);
                codec.write(message, out);
                try {
                    responses.put(out.toByteArray());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {
                throw new IllegalStateException("no batches here");
            }
        };
        connection = server.connect(sink);
        inline = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) throws IOException {
                codec.write(message, buffer);
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {
                throw new IllegalStateException("no batches here");
            }

            @Override
            public boolean callerRunsRequests() {
                return true;
            }
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        connection.close();
        server.close();
    }

    @Benchmark
    public byte[] readOneKilobyte() throws InterruptedException {
        connection.receive(codec.decode(REQUEST), sink);
        return responses.take();
    }

    /**
     * The engine's own part of a read, as stdio runs it (the thread that reads a request runs it
     * and writes its answer): decoding, dispatch, the provider, the answer's JSON; no thread hand-off.
     */
    @Benchmark
    public int readInline() {
        buffer.reset();
        connection.receive(codec.decode(REQUEST), inline);
        return buffer.size();
    }

    @Benchmark
    public int codecOnly() throws IOException {
        var decoded = codec.decode(REQUEST);
        buffer.reset();
        codec.write(
                dev.reservoir.core.jsonrpc.JsonRpcResult.of(
                        dev.reservoir.core.jsonrpc.RequestId.of(1),
                        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                                .objectNode()
                                .put("text", TEXT)),
                buffer);
        return buffer.size() + (decoded instanceof dev.reservoir.core.jsonrpc.Decoded.Single ? 1 : 0);
    }
}
