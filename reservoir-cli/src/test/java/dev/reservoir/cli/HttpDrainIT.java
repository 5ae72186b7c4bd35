package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM on {@code reservoir serve --http}, as a load balancer's orchestrator sends it: open
 * streams (a 2026-07-28 {@code subscriptions/listen} and a 2025-11-25 session's GET stream) are
 * ended cleanly, so the JDK's HTTP client sees each body end (the last chunk of a chunked body,
 * not a connection cut short), and the process exits 0 well within its drain period.
 */
@Timeout(120)
class HttpDrainIT {

    private static final String LISTEN =
            """
            {"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{"_meta":{\
            "io.modelcontextprotocol/protocolVersion":"2026-07-28",\
            "io.modelcontextprotocol/clientCapabilities":{}},\
            "notifications":{"resourcesListChanged":true}}}""";
    private static final String INITIALIZE =
            """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
            "capabilities":{},"clientInfo":{"name":"drain-test","version":"1"}}}""";

    @TempDir
    Path dir;

    private Process process;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stop() {
        if (process != null) {
            process.destroyForcibly();
        }
        http.close();
    }

    @Test
    void sigtermEndsOpenStreamsCleanlyAndExitsZero() throws Exception {
        Files.writeString(dir.resolve("README.md"), "# Drained\n");
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Dreservoir.stopGrace=PT30S",
                        "-jar",
                        jar,
                        "serve",
                        "--http",
                        "127.0.0.1:0",
                        dir.toString())
                .redirectErrorStream(true)
                .start();
        BufferedReader log =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        URI endpoint = endpoint(log);

        Stream<String> listen = open(post(endpoint, LISTEN)
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen")
                .build());
        var listenLines = listen.iterator();
        List<String> listened = new ArrayList<>();
        while (listened.stream().noneMatch(l -> l.contains("notifications/subscriptions/acknowledged"))) {
            listened.add(listenLines.next()); // the stream is open once the server acknowledged it
        }
        HttpResponse<String> initialized =
                http.send(post(endpoint, INITIALIZE).build(), HttpResponse.BodyHandlers.ofString());
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        http.send(
                post(endpoint, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                        .header("Mcp-Session-Id", session)
                        .header("MCP-Protocol-Version", "2025-11-25")
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        Stream<String> sessionStream = open(HttpRequest.newBuilder(endpoint)
                .header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "2025-11-25")
                .GET()
                .build());

        CompletableFuture<String> listenEnd = CompletableFuture.supplyAsync(() -> drainToEnd(listenLines));
        CompletableFuture<String> sessionEnd =
                CompletableFuture.supplyAsync(() -> drainToEnd(sessionStream.iterator()));
        long start = System.nanoTime();
        process.toHandle().destroy(); // SIGTERM
        CompletableFuture<String> rest = CompletableFuture.supplyAsync(() -> rest(log));
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the server ended").isTrue();
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        String said = rest.get(30, TimeUnit.SECONDS);
        assertThat(listenEnd.get(30, TimeUnit.SECONDS))
                .as("the listen stream's end")
                .isEqualTo("ended");
        assertThat(sessionEnd.get(30, TimeUnit.SECONDS))
                .as("the session stream's end")
                .isEqualTo("ended");
        assertThat(process.exitValue())
                .as("exit code after SIGTERM; the server said:%n%s", said)
                .isZero();
        assertThat(said).contains("stopping (SIGTERM)").doesNotContain("cut short");
        System.out.printf("HttpDrainIT: SIGTERM to exit in %d ms (drain period 30 s)%n", tookMs);
        assertThat(tookMs).as("exited within the drain period").isLessThan(30_000);
    }

    private static HttpRequest.Builder post(URI endpoint, String body) {
        return HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private Stream<String> open(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).as("status of %s", request).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/event-stream"));
        return response.body();
    }

    /** Reads a stream to its end: "ended" when its body ended, else what broke it. */
    private static String drainToEnd(java.util.Iterator<String> lines) {
        try {
            while (lines.hasNext()) {
                lines.next();
            }
            return "ended";
        } catch (UncheckedIOException e) {
            return "broken: " + e.getCause();
        }
    }

    private static URI endpoint(BufferedReader log) throws IOException {
        return URI.create(Cli.untilBanner(log).getLast().replaceFirst(".* over HTTP at (\\S+).*", "$1"));
    }

    private static String rest(BufferedReader log) {
        StringBuilder out = new StringBuilder();
        try {
            for (String line; (line = log.readLine()) != null; ) {
                out.append(line).append('\n');
            }
        } catch (IOException e) {
            out.append("(reading the output failed: ").append(e).append(")\n");
        }
        return out.toString();
    }
}
