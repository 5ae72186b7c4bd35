package dev.reservoir.bench.jmh;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.demo.BenchData;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Stages of an HTTP read that {@link HttpPathBenchmark} runs together, each alone: decoding a read
 * request of each era (2026-07-28's carries its {@code _meta}), the engine connection a stateless
 * POST opens and closes, and the fields a 2026-07-28 result ends with ({@code resultType} and
 * {@code _meta.serverInfo}) against a result without them. A profile of the whole path spreads
 * its samples thin and moves them from one stage to the next; these say what each stage costs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ReadStagesBenchmark {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    private static final String READ =
            "{\"jsonrpc\":\"2.0\",\"id\":1007,\"method\":\"resources/read\",\"params\":{\"uri\":\"bench://text/4242\"";
    static final byte[] READ_2025 = (READ + "}}").getBytes(StandardCharsets.UTF_8);
    static final byte[] READ_2026 = (READ + "," + META + "}}").getBytes(StandardCharsets.UTF_8);

    /** A stateless POST's connection gets no notifications (they go out on the answer). */
    private static final MessageSink NONE = new MessageSink() {
        @Override
        public void send(JsonRpcMessage message) {}

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) {}
    };

    private final JsonRpcCodec codec = JsonRpcCodec.standard();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
    private final Implementation serverInfo = new Implementation("reservoir", "1.0.0", "Reservoir");
    private final WireFormat stateless = WireFormat.of(ProtocolRevision.V2026_07_28);
    private McpServer server;

    @Setup
    public void setUp() {
        server = new BenchData(10_000).configure(McpServer.builder()).build();
    }

    @TearDown
    public void tearDown() {
        server.close();
    }

    @Benchmark
    public Object decode2025() {
        return codec.decode(READ_2025);
    }

    @Benchmark
    public Object decode2026() {
        return codec.decode(READ_2026);
    }

    /** The engine connection of one stateless POST, opened and closed. */
    @Benchmark
    public void statelessConnection() {
        server.connect(NONE, ConnectionInfo.http(null, "address 127.0.0.1")).close();
    }

    /** A small result with the 2026-07-28 tail; {@link #resultWithoutTail} is the same without it. */
    @Benchmark
    public int resultTail() throws IOException {
        out.reset();
        try (JsonGenerator g = codec.generator(out)) {
            g.writeStartObject();
            g.writeStringField("a", "b");
            stateless.writeResultTail(g, null, serverInfo, null);
            g.writeEndObject();
        }
        return out.size();
    }

    @Benchmark
    public int resultWithoutTail() throws IOException {
        out.reset();
        try (JsonGenerator g = codec.generator(out)) {
            g.writeStartObject();
            g.writeStringField("a", "b");
            g.writeEndObject();
        }
        return out.size();
    }
}
