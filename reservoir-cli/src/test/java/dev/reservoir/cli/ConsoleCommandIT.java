package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.testkit.Eventually;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
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
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code reservoir console SERVER} and {@code reservoir serve --console}, as users run them: the
 * real jar, its printed address, the page and its API over HTTP.
 */
@Timeout(120)
class ConsoleCommandIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String jar() {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        assertThat(Path.of(jar)).as("the runnable jar (built by package)").exists();
        return jar;
    }

    /** Starts the jar with a bare environment, as an MCP host would. */
    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        String path = env.get("PATH");
        env.clear();
        env.put("PATH", path);
        env.put("HOME", System.getProperty("user.home"));
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    private static BlockingQueue<String> lines(InputStream in) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("(read failed: " + e + ")");
            }
        });
        return lines;
    }

    /** The first line holding {@code http://127.0.0.1}, within 60 s. */
    private static URI address(BlockingQueue<String> lines) {
        String marker = "http://127.0.0.1:";
        List<String> seen = new ArrayList<>();
        Eventually.await(
                "an address printed",
                Duration.ofSeconds(60),
                () -> {
                    lines.drainTo(seen);
                    return seen;
                },
                printed -> printed.stream().anyMatch(l -> l.contains(marker)));
        String line = seen.stream().filter(l -> l.contains(marker)).findFirst().orElseThrow();
        return URI.create(line.substring(line.indexOf(marker)).split("\\s")[0]);
    }

    /** The token of the printed address, as the page keeps it. */
    private static String token(URI url) {
        return url.getQuery().substring("token=".length());
    }

    private static JsonNode api(URI url, String path, String token) throws Exception {
        HttpResponse<String> answer = HTTP.send(
                HttpRequest.newBuilder(url.resolve(path))
                        .header("X-Console-Token", token)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    @Test
    void consoleConnectsToAStdioServerAndPrintsAnAddressWithAToken() throws Exception {
        Process console = start("console", "stdio:" + java() + " -jar " + jar() + " serve --demo");
        URI url = address(lines(console.getInputStream()));
        assertThat(url.getQuery()).startsWith("token=");
        String token = token(url);
        JsonNode status = api(url, "/api/status", token);
        assertThat(status.path("state").asText()).isEqualTo("up");
        assertThat(status.path("server").path("name").asText()).isEqualTo("reservoir-demo");
        assertThat(status.path("server").path("transport").asText()).isEqualTo("stdio");
        JsonNode rows = api(url, "/api/rows?q=static-text", token);
        assertThat(rows.path("rows").get(0).path("uri").asText()).isEqualTo("test://static-text");
        HttpResponse<String> page =
                HTTP.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.body()).contains("<title>Reservoir console</title>");
        console.destroy(); // SIGTERM: the shutdown hook closes the console and the server it started
        assertThat(console.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void serveWithConsoleShowsTheServedFolderBesideStdio() throws Exception {
        Files.writeString(dir.resolve("hello.md"), "# Hello\n");
        Process serve = start("serve", dir.toString(), "--console");
        URI url = address(lines(serve.getErrorStream()));
        String token = token(url);
        JsonNode status = api(url, "/api/status", token);
        assertThat(status.path("target").asText()).contains("(this process)");
        JsonNode rows = api(url, "/api/rows?q=hello.md", token);
        assertThat(rows.path("rows").get(0).path("uri").asText()).endsWith("/hello.md");
        JsonNode preview = api(
                url, "/api/preview?uri=" + rows.path("rows").get(0).path("uri").asText(), token);
        assertThat(preview.path("text").asText()).isEqualTo("# Hello\n");
        serve.getOutputStream().close(); // the stdio client leaves: the server and its console end
        assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(serve.exitValue()).isZero();
    }

    @Test
    void anUnreachableServerIsExitCodeThree() {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute("console", "http://127.0.0.1:9/mcp", "--timeout", "5s");
        assertThat(code).isEqualTo(3);
        assertThat(err.toString()).startsWith("reservoir console: ").contains("http://127.0.0.1:9/mcp");
    }

    @Test
    void aConsolePortInUseIsExitCodeThree() throws Exception {
        try (java.net.ServerSocket busy =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            Process serve =
                    start("serve", "--demo", "--console", "--console-port", Integer.toString(busy.getLocalPort()));
            serve.getOutputStream().close();
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String err = new String(serve.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(serve.exitValue()).as(err).isEqualTo(3);
            assertThat(err).contains("reservoir serve: the console cannot listen on 127.0.0.1:" + busy.getLocalPort());
        }
    }
}
