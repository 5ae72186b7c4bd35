package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.testkit.Eventually;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batches of thousands of reads of real files, sent by a stdio client (protocol 2025-03-26) to the
 * real jar started under a descriptor limit of 256 (prlimit), while a second client reads over
 * HTTP: every read of both must be answered with its content. The server's open descriptors are
 * sampled from /proc during the batches and printed. The measuring part uses the JDK only, so it
 * also runs by hand against another jar: {@code java -cp target/test-classes
 * dev.reservoir.cli.DescriptorBudgetIT JAR}.
 */
@Timeout(300)
class DescriptorBudgetIT {

    static final int FILES = 3000;
    static final int BATCH = 1000;
    static final int LIMIT = 256;

    /** What one run saw. */
    record Outcome(
            int batchResults,
            int batchErrors,
            String firstError,
            int otherReads,
            int otherFailures,
            int fdsIdle,
            int fdsMost,
            int fdsAfter) {}

    @Test
    void thousandsOfReadsInBatchesKeepWithinTheDescriptorLimitAndOtherClientsKeepReading(@TempDir Path dir)
            throws Exception {
        Outcome outcome = run(Path.of(System.getProperty("reservoir.jar", "target/reservoir.jar")), dir);
        System.out.println("DescriptorBudgetIT: " + outcome);
        assertThat(outcome.batchErrors())
                .as("batch reads that failed; first: %s", outcome.firstError())
                .isZero();
        assertThat(outcome.batchResults()).isEqualTo(FILES);
        assertThat(outcome.otherReads())
                .as("reads of the HTTP client during the batches")
                .isPositive();
        assertThat(outcome.otherFailures())
                .as("failed reads of the HTTP client")
                .isZero();
        assertThat(outcome.fdsMost()).isLessThan(LIMIT);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("descriptor-budget");
        System.out.println(run(Path.of(args[0]), dir));
    }

    static Outcome run(Path jar, Path dir) throws Exception {
        Path served = Files.createDirectories(dir.resolve("files"));
        for (int i = 0; i < FILES; i++) {
            Files.writeString(served.resolve(String.format("f%04d.txt", i)), ("file " + i + "\n").repeat(40));
        }
        Path stderr = dir.resolve("stderr.log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process server = new ProcessBuilder(
                        "prlimit",
                        "--nofile=" + LIMIT + ":" + LIMIT,
                        java,
                        "-jar",
                        jar.toAbsolutePath().toString(),
                        "serve",
                        served.toString(),
                        "--http",
                        "127.0.0.1:0",
                        "--stdio")
                .redirectError(stderr.toFile())
                .start();
        try {
            return drive(server, served, stderr);
        } finally {
            server.destroyForcibly();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Outcome drive(Process server, Path served, Path stderr) throws Exception {
        URI endpoint = endpoint(stderr);
        OutputStream in = server.getOutputStream();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8), 1 << 20);
        send(
                in,
                "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-03-26\",\"capabilities\":{},\"clientInfo\":{\"name\":\"batcher\",\"version\":\"1\"}}}");
        out.readLine();
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        int idle = descriptors(server.pid());
        AtomicInteger most = new AtomicInteger(idle);
        AtomicBoolean batchesDone = new AtomicBoolean();
        Thread sampler = Thread.ofPlatform().start(() -> {
            while (!batchesDone.get()) {
                most.accumulateAndGet(descriptors(server.pid()), Math::max);
                Thread.onSpinWait();
            }
        });
        int[] other = new int[2];
        Thread reader = Thread.ofPlatform().start(() -> otherClient(endpoint, served, batchesDone, other));
        for (int b = 0; b < FILES / BATCH; b++) {
            int from = b * BATCH;
            send(
                    in,
                    IntStream.range(from, from + BATCH)
                            .mapToObj(i -> "{\"jsonrpc\":\"2.0\",\"id\":" + i
                                    + ",\"method\":\"resources/read\",\"params\":" + "{\"uri\":\""
                                    + served.resolve(String.format("f%04d.txt", i))
                                            .toUri() + "\"}}")
                            .collect(Collectors.joining(",", "[", "]")));
        }
        int results = 0;
        int errors = 0;
        String firstError = null;
        for (int b = 0; b < FILES / BATCH; b++) {
            String answer = out.readLine();
            results += count(answer, "\"result\":");
            int failed = count(answer, "\"error\":");
            if (failed > 0 && firstError == null) {
                Matcher m = Pattern.compile("\"error\":\\{[^}]*\\}").matcher(answer);
                firstError = m.find() ? m.group() : answer.substring(0, Math.min(300, answer.length()));
            }
            errors += failed;
        }
        batchesDone.set(true);
        sampler.join();
        reader.join();
        return new Outcome(
                results, errors, firstError, other[0], other[1], idle, most.get(), descriptors(server.pid()));
    }

    /** Reads files over HTTP (stateless requests, a new exchange each) until the batches are answered. */
    private static void otherClient(URI endpoint, Path served, AtomicBoolean stop, int[] counts) {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; !stop.get(); i++) {
            String uri = served.resolve(String.format("f%04d.txt", i % FILES))
                    .toUri()
                    .toString();
            String body =
                    "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri
                            + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
            try {
                HttpResponse<String> response = http.send(
                        HttpRequest.newBuilder(endpoint)
                                .header("Content-Type", "application/json")
                                .header("Accept", "application/json, text/event-stream")
                                .header("MCP-Protocol-Version", "2026-07-28")
                                .header("Mcp-Method", "resources/read")
                                .header("Mcp-Name", uri)
                                .timeout(Duration.ofSeconds(60))
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                counts[0]++;
                if (response.statusCode() != 200 || !response.body().contains("file " + (i % FILES))) {
                    counts[1]++;
                    System.err.println("HTTP read failed: " + response.statusCode() + " " + response.body());
                }
            } catch (IOException | InterruptedException e) {
                counts[0]++;
                counts[1]++;
                System.err.println("HTTP read failed: " + e);
            }
        }
    }

    private static URI endpoint(Path stderr) throws Exception {
        Pattern at = Pattern.compile("over HTTP at (http://\\S+/mcp)");
        String said = Eventually.await(
                "the server to print its HTTP endpoint",
                Duration.ofSeconds(60),
                () -> Files.exists(stderr) ? Files.readString(stderr) : "",
                text -> at.matcher(text).find());
        Matcher m = at.matcher(said);
        m.find();
        return URI.create(m.group(1));
    }

    private static void send(OutputStream in, String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** Open descriptors of the process, from /proc; 0 once it is gone. */
    private static int descriptors(long pid) {
        String[] fds = Path.of("/proc", Long.toString(pid), "fd").toFile().list();
        return fds == null ? 0 : fds.length;
    }
}
