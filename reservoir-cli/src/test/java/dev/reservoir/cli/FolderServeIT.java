package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.MessageValidator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The real jar serving a folder: over stdio, over HTTP, from a config file, and its errors. */
@Timeout(120)
class FolderServeIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("readme.md"), "# Hello\n");
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src/main.txt"), "main\n");
        Files.writeString(dir.resolve(".secret"), "hidden\n");
        Files.writeString(dir.resolve("app.log"), "noise\n");
        Files.writeString(dir.resolve(".gitignore"), "*.log\n");
    }

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
    }

    private Process start(List<String> args) throws IOException {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar));
        command.addAll(args);
        Process process = new ProcessBuilder(command).start();
        processes.add(process);
        return process;
    }

    private static String uri(Path path) {
        String uri = path.toUri().toString().replaceFirst("^file:/(?!/)", "file:///");
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    @Test
    void servesAFolderOverStdioWithLiveUpdates() throws Exception {
        Process process = start(List.of("serve", dir.toString()));
        BlockingQueue<JsonNode> out = new LinkedBlockingQueue<>();
        List<String> problems = new ArrayList<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    JsonNode message = MAPPER.readTree(line);
                    String method = message.has("id")
                            ? switch (message.get("id").asInt()) {
                                case 1 -> "initialize";
                                case 2 -> "resources/list";
                                case 3 -> "resources/read";
                                case 4 -> "resources/subscribe";
                                default -> "resources/read";
                            }
                            : null;
                    synchronized (problems) {
                        problems.addAll(
                                MessageValidator.validate(message, method, ProtocolRevision.V2025_11_25, false));
                    }
                    out.add(message);
                }
            } catch (IOException e) {
                // ended
            }
        });
        OutputStream in = process.getOutputStream();
        String root = uri(dir.toRealPath());
        send(
                in,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}");
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertThat(next(out, 1).at("/result/protocolVersion").asText()).isEqualTo("2025-11-25");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}");
        List<String> uris = next(out, 2).at("/result/resources").findValuesAsText("uri");
        assertThat(uris).contains(root + "/readme.md", root + "/src", root + "/src/main.txt");
        assertThat(String.join(" ", uris)).doesNotContain(".secret").doesNotContain("app.log");
        send(
                in,
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + root
                        + "/readme.md\"}}");
        JsonNode read = next(out, 3).at("/result/contents/0");
        assertThat(read.get("text").asText()).isEqualTo("# Hello\n");
        assertThat(read.get("mimeType").asText()).isEqualTo("text/markdown");
        send(
                in,
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"" + root
                        + "/readme.md\"}}");
        next(out, 4);
        Files.writeString(dir.resolve("readme.md"), "# Changed\n");
        JsonNode updated = awaitMethod(out, "notifications/resources/updated", root + "/readme.md");
        assertThat(updated).isNotNull();
        send(
                in,
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + root
                        + "/../etc/passwd\"}}");
        assertThat(next(out, 5).at("/error/code").asInt()).isIn(-32002, -32602);
        in.close();
        assertThat(process.waitFor(15, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(problems).isEmpty();
    }

    @Test
    void servesAFolderOverHttpFromAConfigFile() throws Exception {
        Path config = dir.resolve("reservoir.yaml");
        Files.writeString(config, "name: docs\npaths: [.]\nhttp:\n  listen: 127.0.0.1:0\nexclude: [\"src/\"]\n");
        Process process = start(List.of("serve", "--config", config.toString()));
        String endpoint = endpoint(process);
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> init = http.send(
                post(
                        endpoint,
                        null,
                        "2025-06-18",
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(init.statusCode()).isEqualTo(200);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(MAPPER.readTree(init.body()).at("/result/serverInfo/name").asText())
                .isEqualTo("docs");
        HttpResponse<String> list = http.send(
                post(endpoint, session, "2025-06-18", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}"),
                HttpResponse.BodyHandlers.ofString());
        String body = list.body();
        assertThat(body).contains("readme.md").doesNotContain("main.txt");
        // The stateless era on the same endpoint, without a session.
        HttpResponse<String> stateless = http.send(
                HttpRequest.newBuilder(URI.create(endpoint))
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .header("MCP-Protocol-Version", "2026-07-28")
                        .header("Mcp-Method", "resources/list")
                        .POST(
                                HttpRequest.BodyPublishers.ofString(
                                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/list\",\"params\":{\"_meta\":{"
                                                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(stateless.statusCode()).isEqualTo(200);
        assertThat(MAPPER.readTree(stateless.body()).at("/result/resultType").asText())
                .isEqualTo("complete");
    }

    @Test
    void aMissingFolderIsExitCodeTwoWithAMessage() throws Exception {
        Process process = start(List.of("serve", dir.resolve("nope").toString()));
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("does not exist");
    }

    @Test
    void aPortInUseIsExitCodeThree() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Process process = start(List.of("serve", dir.toString(), "--http", "127.0.0.1:" + taken.getLocalPort()));
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isEqualTo(3);
            assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                    .containsIgnoringCase("in use");
        }
    }

    @Test
    void anUnknownConfigSettingIsExitCodeTwoNamingIt() throws Exception {
        Path config = dir.resolve("bad.yaml");
        Files.writeString(config, "pathz: [.]\n");
        Process process = start(List.of("serve", "--config", config.toString()));
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("pathz");
    }

    private static String endpoint(Process process) throws IOException {
        return Cli.bannerUrl(process, "http");
    }

    private static HttpRequest post(String endpoint, String session, String version, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(endpoint))
                .timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", version)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            b.header("Mcp-Session-Id", session);
        }
        return b.build();
    }

    private static void send(OutputStream in, String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static JsonNode next(BlockingQueue<JsonNode> out, int id) {
        return take(out, "the response " + id, m -> m.path("id").asInt(-1) == id);
    }

    private static JsonNode awaitMethod(BlockingQueue<JsonNode> out, String method, String uri) {
        return take(
                out,
                method + " for " + uri,
                m -> method.equals(m.path("method").asText())
                        && uri.equals(m.at("/params/uri").asText()));
    }

    /** The first message that {@code which} takes, within 20 s; the messages before it are dropped. */
    private static JsonNode take(BlockingQueue<JsonNode> out, String what, Predicate<JsonNode> which) {
        return Eventually.awaitValue(what, Duration.ofSeconds(20), () -> {
            for (JsonNode m; (m = out.poll()) != null; ) {
                if (which.test(m)) {
                    return m;
                }
            }
            return null;
        });
    }
}
