package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.InteropScript;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
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
    void theSdk1ClientSpeaksTheHttpSseTransport() throws Exception {
        List<String> steps =
                runClient("legacy-sse.mjs", running.httpSseEndpoint().toString());
        assertThat(steps).containsExactly("initialize", "list-and-read", "subscribe-updated");
        awaitNoStreams();
    }

    private void awaitNoStreams() {
        Eventually.await(
                "the streams of gone clients to close; open streams",
                Duration.ofSeconds(10),
                running::openStreams,
                open -> open == 0);
    }

    /** Runs one client script against the given URL; performs what it asks for on FIRE lines; returns its OK steps. */
    private List<String> runClient(String script, String url) throws Exception {
        return InteropScript.run(script, List.of(url), this::fire);
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
                            Thread.sleep(30); // spaced out, as real changes are: the script counts them
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
