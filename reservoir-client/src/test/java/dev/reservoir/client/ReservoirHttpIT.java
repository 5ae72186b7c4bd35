package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.transport.http.HttpTransport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reservoir's own HTTP server (Jetty, in this JVM) through the client: Streamable HTTP in the
 * stateless era and with a session, and the 2024-11-05 HTTP+SSE endpoint. Answers slower than 100 ms
 * become SSE streams, and the server cuts stream connections every 300 ms, so slow reads are resumed
 * with Last-Event-ID.
 */
@Timeout(120)
class ReservoirHttpIT {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final CountDownLatch slowInterrupted = new CountDownLatch(1);
    private static DemoServer demo;
    private static McpServer server;
    private static HttpTransport.Running running;

    @BeforeAll
    static void start() throws IOException {
        demo = new DemoServer(Duration.ZERO, Clock.systemUTC());
        server = demo.configure(McpServer.builder())
                .template(ResourceTemplate.builder("slow://{ms}", "slow").build(), request -> {
                    try {
                        Thread.sleep(Long.parseLong(request.variable("ms")));
                    } catch (InterruptedException e) {
                        slowInterrupted.countDown();
                        Thread.currentThread().interrupt();
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), "slow").build(), ContentBody.text("finally"));
                })
                .build();
        running = HttpTransport.builder()
                .port(0)
                .sseAfter(Duration.ofMillis(100))
                .ssePollInterval(Duration.ofMillis(300))
                .sseRetry(Duration.ofMillis(50))
                .keepAlive(Duration.ofMillis(200)) // the server notices a closed stream when it next writes
                .build()
                .start(server);
    }

    @AfterAll
    static void stop() {
        running.close();
        server.close();
        demo.close();
    }

    record Way(String name, ProtocolRevision revision, TransportKind transport, ProtocolRevision expected) {
        URI uri() {
            return transport == TransportKind.HTTP_SSE ? running.httpSseEndpoint() : running.endpoint();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> ways() {
        return Stream.of(
                Arguments.of(new Way("detected", null, TransportKind.STREAMABLE_HTTP, ProtocolRevision.V2026_07_28)),
                Arguments.of(new Way(
                        "session 2025-11-25",
                        ProtocolRevision.V2025_11_25,
                        TransportKind.STREAMABLE_HTTP,
                        ProtocolRevision.V2025_11_25)),
                Arguments.of(new Way(
                        "session 2025-03-26",
                        ProtocolRevision.V2025_03_26,
                        TransportKind.STREAMABLE_HTTP,
                        ProtocolRevision.V2025_03_26)),
                Arguments.of(new Way("HTTP+SSE", null, TransportKind.HTTP_SSE, ProtocolRevision.V2025_11_25)));
    }

    private static McpClient connect(Way way) {
        return McpClient.builder()
                .http(way.uri())
                .revision(way.revision())
                .requestTimeout(Duration.ofSeconds(20))
                .spillThreshold(1 << 20)
                .connect();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void theWholeResourcesApi(Way way) throws Exception {
        try (McpClient client = connect(way)) {
            assertThat(client.server().transport()).isEqualTo(way.transport());
            assertThat(client.server().revision()).isEqualTo(way.expected());
            List<Resource> all = client.resources().toList();
            assertThat(all).hasSizeGreaterThan(DemoServer.ITEM_COUNT);
            assertThat(client.read("test://static-text").text()).isEqualTo(DemoServer.STATIC_TEXT);
            try (ReadResourceResult blob = client.read(DemoServer.BLOB_URI)) {
                assertThat(blob.blob().size()).isEqualTo(DemoServer.BLOB_SIZE);
                assertThat(blob.blob().inMemory()).isFalse();
            }
            assertThatThrownBy(() -> client.read("test://missing")).isInstanceOf(ResourceNotFoundException.class);
            ResourceTemplate colors = client.templates()
                    .filter(t -> t.uriTemplate().equals("demo://colors/{name}"))
                    .findFirst()
                    .orElseThrow();
            assertThat(client.read(colors, Map.of("name", "teal")).text()).isEqualTo("teal is #008080");
            assertThat(client.complete(colors.uriTemplate(), "name", "te", Map.of())
                            .values())
                    .containsExactly("teal");
            assertThat(client.metadata("demo://collection/readme.md").size()).isPositive();
            assertThat(client.children("demo://collection/").count()).isEqualTo(4);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void subscriptionsHearChanges(Way way) throws Exception {
        try (McpClient client = connect(way)) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(List.of(DemoServer.WATCHED), true, recorder)) {
                recorder.trigger(demo::touchWatched, "updated " + DemoServer.WATCHED, WAIT);
                recorder.trigger(server::resourceListChanged, "listChanged", WAIT);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void aSlowAnswerArrivesOverAPolledAndResumedStream(Way way) {
        try (McpClient client = connect(way)) {
            // 1.5 s: several poll cuts (every 300 ms); each is resumed with Last-Event-ID.
            assertThat(client.read("slow://1500").text()).isEqualTo("finally");
        }
    }

    @ParameterizedTest(name = "noticed by {0}")
    @ValueSource(strings = {"a request", "the GET stream"})
    void aSessionTheServerEndedIsReplacedAndItsSubscriptionsCarryOn(String noticedBy) throws Exception {
        Way way = new Way(
                "session 2025-11-25",
                ProtocolRevision.V2025_11_25,
                TransportKind.STREAMABLE_HTTP,
                ProtocolRevision.V2025_11_25);
        try (McpClient client = connect(way)) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(List.of(DemoServer.WATCHED), true, recorder)) {
                String first = sessionOf(client);
                // The server ends the session (as it does after its idle timeout, or a restart with
                // sessions in memory): a DELETE from outside the client.
                HttpResponse<Void> deleted = HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(running.endpoint())
                                        .header("Mcp-Session-Id", first)
                                        .header("MCP-Protocol-Version", "2025-11-25")
                                        .DELETE()
                                        .build(),
                                HttpResponse.BodyHandlers.discarding());
                assertThat(deleted.statusCode() / 100).isEqualTo(2);

                if (noticedBy.equals("a request")) {
                    // The next request meets 404, a new session is started, and the request succeeds.
                    assertThat(client.read("test://static-text").text()).isEqualTo(DemoServer.STATIC_TEXT);
                }
                // (Otherwise the GET stream, cut by the server, reconnects, meets 404 and asks for one.)
                // What changed in the gap went unheard: the listener is told to look again.
                assertThat(List.of(recorder.next(WAIT), recorder.next(WAIT)))
                        .containsExactlyInAnyOrder("updated " + DemoServer.WATCHED, "listChanged");
                assertThat(sessionOf(client)).isNotNull().isNotEqualTo(first);
                // And the subscription holds in the new session: one change, one notification.
                demo.touchWatched();
                assertThat(recorder.next(WAIT)).isEqualTo("updated " + DemoServer.WATCHED);
                assertThat(sub.isOpen()).isTrue();
                assertThat(client.read("test://static-text").text()).isEqualTo(DemoServer.STATIC_TEXT);
            }
        }
    }

    private static String sessionOf(McpClient client) {
        return ((dev.reservoir.client.internal.http.StreamableHttpTransport)
                        ((ClientImpl) client).connection().transport())
                .sessionId();
    }

    @Test
    void givingUpInTheStatelessEraClosesTheStreamAndTheServerStops() throws Exception {
        try (McpClient client = McpClient.builder().http(running.endpoint()).connect()) {
            assertThat(client.server().revision().isStateless()).isTrue();
            assertThatThrownBy(() -> client.withTimeout(Duration.ofMillis(500)).read("slow://30000"))
                    .isInstanceOf(McpTimeoutException.class);
            assertThat(slowInterrupted.await(10, TimeUnit.SECONDS))
                    .as("the server cancelled the read when its stream closed")
                    .isTrue();
        }
    }

    @Test
    void closingASessionEndsItOnTheServer() throws Exception {
        McpClient client = McpClient.builder()
                .http(running.endpoint())
                .revision(ProtocolRevision.V2025_11_25)
                .connect();
        int before = running.openSessions();
        assertThat(before).isPositive();
        client.close();
        Eventually.await("fewer than " + before + " open sessions", WAIT, running::openSessions, n -> n < before);
    }
}
