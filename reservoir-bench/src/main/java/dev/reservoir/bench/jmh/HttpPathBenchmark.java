package dev.reservoir.bench.jmh;

import dev.reservoir.demo.BenchData;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.http.McpHttpEndpoint;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * Reservoir's own part of an HTTP read, without a web server or a socket: one POST of a 1 KiB
 * {@code resources/read} handed to {@link McpHttpEndpoint#handle} as an {@link HttpExchange} held
 * in memory, the way Reservoir's Jetty hands it over on its I/O thread (the whole body held, the
 * thread one that must not block, the answer kept until {@code complete}). What is measured is
 * everything between Jetty's parsed request and Jetty's write: the guard's checks, the body
 * decoded, the session or the stateless era's header checks, the engine, the answer's JSON. The
 * socket benchmarks ({@code scripts/bench}) measure the same path with Jetty and the kernel around it,
 * on a machine too noisy to see a microsecond; this one can.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class HttpPathBenchmark {

    /** The texts read in turn, of the suite's 10,000 (each POST's body and Mcp-Name differ, as the suite's do). */
    static final int READ = 1000;

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private McpServer server;
    private McpHttpEndpoint endpoint;
    private final byte[][] reads2025 = new byte[READ][];
    private final byte[][] reads2026 = new byte[READ][];
    private String[] headers2025;
    private final String[][] headers2026 = new String[READ][];
    private int next;
    /** Reads answered with anything but 200: the trial fails at its end if there was one. */
    private long refused;

    @Setup(Level.Trial)
    public void setUp() {
        server = new BenchData(10_000).configure(McpServer.builder()).build();
        endpoint = HttpTransport.builder().buildEndpoint(server);
        endpoint.start();
        String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}";
        MemoryExchange opened = new MemoryExchange(
                true, init.getBytes(StandardCharsets.UTF_8), common("MCP-Protocol-Version", "2025-11-25"));
        endpoint.handle(opened);
        String session = opened.responseHeader("Mcp-Session-Id");
        if (opened.status != 200 || session == null) {
            throw new IllegalStateException("initialize failed: " + opened.status + " " + opened.answer());
        }
        headers2025 = common("MCP-Protocol-Version", "2025-11-25", "Mcp-Session-Id", session);
        MemoryExchange initialized = new MemoryExchange(
                true,
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".getBytes(StandardCharsets.UTF_8),
                headers2025);
        endpoint.handle(initialized);
        for (int i = 0; i < READ; i++) {
            String uri = BenchData.TEXT_PREFIX + (i * 7 % 10_000);
            String read = "{\"jsonrpc\":\"2.0\",\"id\":" + (1000 + i)
                    + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri + "\"";
            reads2025[i] = (read + "}}").getBytes(StandardCharsets.UTF_8);
            reads2026[i] = (read + "," + META + "}}").getBytes(StandardCharsets.UTF_8);
            headers2026[i] =
                    common("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/read", "Mcp-Name", uri);
        }
        // Both must answer the read, or the benchmark measures a refusal.
        check(read2025raw());
        check(read2026raw());
    }

    private static void check(MemoryExchange done) {
        if (done.status != 200 || !done.answer().contains("\"text\":\"bench text ") || !done.completed) {
            throw new IllegalStateException("the read failed: " + done.status + " " + done.answer());
        }
    }

    /** The headers every POST of the suite's client has, then {@code more} (name, value, ...). */
    private static String[] common(String... more) {
        List<String> all = new ArrayList<>(List.of(
                "Host", "127.0.0.1:8080",
                "Content-Type", "application/json",
                "Accept", "application/json, text/event-stream"));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        endpoint.close();
        server.close();
        if (refused > 0) {
            throw new IllegalStateException(refused + " reads were not answered 200: the figures measured refusals");
        }
    }

    private int next() {
        int i = next;
        next = i + 1 == READ ? 0 : i + 1;
        return i;
    }

    private MemoryExchange read2025raw() {
        MemoryExchange exchange = new MemoryExchange(false, reads2025[next()], headers2025);
        endpoint.handle(exchange);
        refused += exchange.status == 200 ? 0 : 1;
        return exchange;
    }

    private MemoryExchange read2026raw() {
        int i = next();
        MemoryExchange exchange = new MemoryExchange(false, reads2026[i], headers2026[i]);
        endpoint.handle(exchange);
        refused += exchange.status == 200 ? 0 : 1;
        return exchange;
    }

    /** A read of a session (2025-11-25). */
    @Benchmark
    public int read2025() {
        return read2025raw().written;
    }

    /** A stateless read (2026-07-28, with its {@code _meta} and its Mcp-Method and Mcp-Name headers). */
    @Benchmark
    public int read2026() {
        return read2026raw().written;
    }

    /**
     * A request held in memory and its answer: the body whole, the headers looked up by name without
     * case, the answer's bytes kept (as Reservoir's Jetty keeps them on its I/O thread) and counted.
     */
    static final class MemoryExchange implements HttpExchange {
        private final boolean mayBlock;
        private final byte[] body;
        private final String[] headers;
        private final List<String> responseHeaders = new ArrayList<>(8);
        private final List<ByteBuffer> held = new ArrayList<>(1);
        int status = 200;
        int written;
        boolean completed;
        private boolean committed;

        MemoryExchange(boolean mayBlock, byte[] body, String[] headers) {
            this.mayBlock = mayBlock;
            this.body = body;
            this.headers = headers;
        }

        String answer() {
            StringBuilder all = new StringBuilder();
            for (ByteBuffer piece : held) {
                all.append(StandardCharsets.UTF_8.decode(piece.duplicate()));
            }
            return all.toString();
        }

        String responseHeader(String name) {
            for (int i = 0; i < responseHeaders.size(); i += 2) {
                if (responseHeaders.get(i).equalsIgnoreCase(name)) {
                    return responseHeaders.get(i + 1);
                }
            }
            return null;
        }

        @Override
        public String method() {
            return "POST";
        }

        @Override
        public String path() {
            return "/mcp";
        }

        @Override
        public String query() {
            return null;
        }

        @Override
        public String header(String name) {
            for (int i = 0; i < headers.length; i += 2) {
                if (headers[i].equalsIgnoreCase(name)) {
                    return headers[i + 1];
                }
            }
            return null;
        }

        @Override
        public List<String> headers(String name) {
            String value = header(name);
            return value == null ? List.of() : List.of(value);
        }

        @Override
        public boolean secure() {
            return false;
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1";
        }

        @Override
        public long contentLength() {
            return body.length;
        }

        @Override
        public boolean mayBlock() {
            return mayBlock;
        }

        @Override
        public InputStream body() {
            return new ByteArrayInputStream(body);
        }

        @Override
        public void status(int code) {
            status = code;
        }

        @Override
        public void setHeader(String name, String value) {
            responseHeaders.add(name);
            responseHeaders.add(value);
        }

        @Override
        public void addHeader(String name, String value) {
            setHeader(name, value);
        }

        @Override
        public boolean committed() {
            return committed;
        }

        @Override
        public void write(ByteBuffer bytes) {
            committed = true;
            written += bytes.remaining();
            held.add(ByteBuffer.allocate(bytes.remaining()).put(bytes).flip());
        }

        @Override
        public void writeLast(ByteBuffer bytes) {
            committed = true;
            written += bytes.remaining();
            held.add(bytes);
        }

        @Override
        public void complete() {
            completed = true;
        }

        @Override
        public void fail(Throwable failure) {
            status = 599;
            completed = true;
        }

        @Override
        public AutoCloseable onHangup(Runnable onHangup) {
            return () -> {};
        }
    }
}
