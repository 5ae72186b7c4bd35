package dev.reservoir.bench.http;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * End-to-end HTTP benchmark (not a test): {@code resources/read} of 1 KiB text resources over
 * Streamable HTTP at 1, 16 and 64 concurrent requests, in both eras (a session per client, and
 * 2026-07-28 stateless requests), next to the same driver against a trivial Jetty handler that
 * answers a fixed response of the same size (the floor for this machine); then the memory per idle
 * session with 1,000 open GET streams. Loopback only; the runs are bounded in time.
 *
 * <p>Run: {@code java -cp <reservoir-bench classpath> dev.reservoir.bench.http.HttpBench [warmupSeconds
 * measureSeconds sessions]}. Each figure is the median of {@code -Dbench.rounds} (3) interleaved
 * rounds, because other work on a shared machine moves single runs a lot.
 */
public final class HttpBench {

    private static final int RESOURCES = 100;
    private static final int[] CONCURRENCY = {1, 16, 64};

    /** Rounds per target and concurrency, interleaved; the median round is reported (the machine is shared). */
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 3);

    private HttpBench() {}

    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        Duration warmup = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 2);
        Duration measure = Duration.ofSeconds(args.length > 1 ? Long.parseLong(args[1]) : 5);
        int sessions = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        var builder = McpServer.builder().serverInfo("reservoir-bench", "1");
        String text = "x".repeat(1024);
        for (int i = 0; i < RESOURCES; i++) {
            builder.resource(
                    Resource.builder(uri(i), "text-" + i).mimeType("text/plain").build(), text);
        }
        List<LoadDriver.Result> results = new ArrayList<>();
        try (McpServer server = builder.build();
                HttpTransport.Running running = HttpTransport.builder().build().start(server)) {
            URI endpoint = running.endpoint();
            HttpClient http = HttpClient.newHttpClient();
            String sample = read(http, endpoint, session(http, endpoint), 0);
            try (FloorServer floor = new FloorServer(sample)) {
                URI floorUri = URI.create("http://127.0.0.1:" + floor.port() + "/mcp");
                LoadDriver driver = new LoadDriver();
                for (int c : CONCURRENCY) {
                    List<List<LoadDriver.Result>> rounds =
                            List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                    for (int round = 0; round < ROUNDS; round++) {
                        rounds.get(0)
                                .add(driver.run(
                                        "floor (fixed response)",
                                        floorUri,
                                        c,
                                        w -> worker(Map.of(), w),
                                        warmup,
                                        measure));
                        rounds.get(1)
                                .add(driver.run(
                                        "reservoir, session (2025-11-25)",
                                        endpoint,
                                        c,
                                        w -> worker(
                                                Map.of(
                                                        "Mcp-Session-Id",
                                                        session(http, endpoint),
                                                        "MCP-Protocol-Version",
                                                        "2025-11-25"),
                                                w),
                                        warmup,
                                        measure));
                        rounds.get(2)
                                .add(driver.run(
                                        "reservoir, stateless (2026-07-28)",
                                        endpoint,
                                        c,
                                        HttpBench::statelessWorker,
                                        warmup,
                                        measure));
                    }
                    rounds.forEach(r -> results.add(median(r)));
                }
            }
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "resources/read of 1 KiB text over HTTP/1.1 on loopback (%d cores, %s)%n",
                Runtime.getRuntime().availableProcessors(),
                Runtime.version());
        System.out.printf(
                Locale.ROOT,
                "%-36s %5s %10s %10s %10s %9s%n",
                "target",
                "conc",
                "ops/s",
                "p50 ms",
                "p99 ms",
                "vs floor");
        for (LoadDriver.Result r : results) {
            double floorOps = results.stream()
                    .filter(f -> f.concurrency() == r.concurrency() && f.name().startsWith("floor"))
                    .findFirst()
                    .map(LoadDriver.Result::opsPerSecond)
                    .orElse(Double.NaN);
            System.out.printf(
                    Locale.ROOT,
                    "%-36s %5d %10.0f %10.3f %10.3f %8.0f%%%s%n",
                    r.name(),
                    r.concurrency(),
                    r.opsPerSecond(),
                    r.p50Nanos() / 1e6,
                    r.p99Nanos() / 1e6,
                    100 * r.opsPerSecond() / floorOps,
                    r.errors() > 0 ? "  (" + r.errors() + " errors)" : "");
        }
        if (sessions <= 0) {
            return;
        }
        SessionMemory.Result memory = SessionMemory.measure(sessions);
        System.out.println();
        System.out.printf(Locale.ROOT, "idle sessions with an open GET stream: %d%n", memory.sessions());
        System.out.printf(Locale.ROOT, "  heap after GC per session: %,d bytes%n", memory.heapBytesPerSession());
        System.out.printf(Locale.ROOT, "  resident set per session:  %,d bytes%n", memory.rssBytesPerSession());
        System.out.printf(
                Locale.ROOT,
                "  platform+virtual threads visible: %d before, %d after%n",
                memory.threadsBefore(),
                memory.threadsAfter());
    }

    private static LoadDriver.Result median(List<LoadDriver.Result> rounds) {
        List<LoadDriver.Result> sorted = new ArrayList<>(rounds);
        sorted.sort(java.util.Comparator.comparingDouble(LoadDriver.Result::opsPerSecond));
        return sorted.get(sorted.size() / 2);
    }

    private static String uri(int i) {
        return "bench://text/" + i;
    }

    private static LoadDriver.Worker worker(Map<String, String> headers, int id) {
        String uri = uri(id % RESOURCES);
        return new LoadDriver.Worker() {
            @Override
            public Map<String, String> headers() {
                return headers;
            }

            @Override
            public String body(long n) {
                return "{\"jsonrpc\":\"2.0\",\"id\":" + n + ",\"method\":\"resources/read\",\"params\":{\"uri\":\""
                        + uri + "\"}}";
            }
        };
    }

    private static LoadDriver.Worker statelessWorker(int id) {
        String uri = uri(id % RESOURCES);
        Map<String, String> headers =
                Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/read", "Mcp-Name", uri);
        return new LoadDriver.Worker() {
            @Override
            public Map<String, String> headers() {
                return headers;
            }

            @Override
            public String body(long n) {
                return "{\"jsonrpc\":\"2.0\",\"id\":" + n + ",\"method\":\"resources/read\",\"params\":{\"uri\":\""
                        + uri
                        + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
            }
        };
    }

    /** Opens a session (initialize, then notifications/initialized) and returns its id. */
    private static String session(HttpClient http, URI endpoint) {
        try {
            HttpResponse<String> init = http.send(
                    HttpRequest.newBuilder(endpoint)
                            .header("Content-Type", "application/json")
                            .header("Accept", "application/json, text/event-stream")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                                            + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                                            + "\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            String id = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            http.send(
                    HttpRequest.newBuilder(endpoint)
                            .header("Content-Type", "application/json")
                            .header("Mcp-Session-Id", id)
                            .header("MCP-Protocol-Version", "2025-11-25")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            return id;
        } catch (Exception e) {
            throw new IllegalStateException("could not open a session", e);
        }
    }

    private static String read(HttpClient http, URI endpoint, String session, int i) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(endpoint)
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .header("Mcp-Session-Id", session)
                        .header("MCP-Protocol-Version", "2025-11-25")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                worker(Map.of(), i).body(1)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200 || !r.body().contains("\"text\"")) {
            throw new IllegalStateException("unexpected answer: " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }
}
