package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.support.InProcessServer;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.demo.DemoServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The whole resources API against Reservoir's own server (in this JVM, over pipes), in every revision. */
@Timeout(60)
class ReservoirServerTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private InProcessServer server;

    @BeforeEach
    void start() {
        server = InProcessServer.demo();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static Stream<Arguments> revisions() {
        return Stream.of(
                Arguments.of((ProtocolRevision) null),
                Arguments.of(ProtocolRevision.V2026_07_28),
                Arguments.of(ProtocolRevision.V2025_11_25),
                Arguments.of(ProtocolRevision.V2025_06_18),
                Arguments.of(ProtocolRevision.V2025_03_26),
                Arguments.of(ProtocolRevision.V2024_11_05));
    }

    private McpClient connect(ProtocolRevision revision) {
        return server.client().revision(revision).requestTimeout(WAIT).connect();
    }

    @Test
    void detectsTheStatelessEraOfADualEraServer() {
        try (McpClient client = connect(null)) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2026_07_28);
            assertThat(client.server().transport()).isEqualTo(TransportKind.STREAMS);
            assertThat(client.server().serverInfo().name()).isEqualTo("reservoir");
            assertThat(client.server().capabilities().subscribe()).isTrue();
            assertThat(client.server().capabilities().sep2093()).isTrue();
            assertThat(client.server().supportedVersions()).contains("2026-07-28", "2025-11-25");
            assertThat(client.server().instructions()).contains("demo");
        }
    }

    @ParameterizedTest
    @MethodSource("revisions")
    void listsEveryPageLazily(ProtocolRevision revision) {
        try (McpClient client = connect(revision)) {
            ListResourcesResult first = client.listResources(null);
            assertThat(first.resources()).hasSize(100);
            assertThat(first.nextCursor()).isNotNull();
            List<Resource> all = client.resources().toList();
            assertThat(all).hasSizeGreaterThan(DemoServer.ITEM_COUNT);
            assertThat(all.stream().map(Resource::uri).distinct().count()).isEqualTo(all.size());
            assertThat(all).extracting(Resource::uri).contains("test://static-text", "demo://items/1000");
            // Lazy: taking a few fetches one page only.
            assertThat(client.resources().limit(3).toList()).hasSize(3);
        }
    }

    @ParameterizedTest
    @MethodSource("revisions")
    void readsTextAndBlobs(ProtocolRevision revision) {
        try (McpClient client = connect(revision)) {
            assertThat(client.read("test://static-text").text()).isEqualTo(DemoServer.STATIC_TEXT);
            try (ReadResourceResult png = client.read("test://static-binary")) {
                assertThat(png.blob().bytes()).startsWith(0x89, 'P', 'N', 'G');
                assertThat(png.first().mimeType()).isEqualTo("image/png");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("revisions")
    void aMissingResourceIsOneTypedExceptionWhateverTheCode(ProtocolRevision revision) {
        try (McpClient client = connect(revision)) {
            assertThatThrownBy(() -> client.read("test://no-such-thing"))
                    .isInstanceOf(ResourceNotFoundException.class)
                    .extracting(e -> ((ResourceNotFoundException) e).uri())
                    .isEqualTo("test://no-such-thing");
            assertThatThrownBy(() -> client.read("demo://colors/ultraviolet"))
                    .isInstanceOf(ResourceNotFoundException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("revisions")
    void expandsTemplatesAndCompletesTheirArguments(ProtocolRevision revision) {
        try (McpClient client = connect(revision)) {
            ResourceTemplate data = client.templates()
                    .filter(t -> t.uriTemplate().equals("test://template/{id}/data"))
                    .findFirst()
                    .orElseThrow();
            assertThat(client.read(data, Map.of("id", "123")).text()).contains("\"id\":\"123\"");
            assertThat(McpClient.expand(data, Map.of("id", "a b"))).isEqualTo("test://template/a%20b/data");
            CompleteResult colors = client.complete("demo://colors/{name}", "name", "bl", Map.of());
            assertThat(colors.values()).containsExactly("black", "blue");
            assertThat(colors.hasMore()).isFalse();
        }
    }

    @ParameterizedTest
    @MethodSource("revisions")
    void sep2093MetadataAndCollections(ProtocolRevision revision) {
        try (McpClient client = connect(revision)) {
            Resource meta = client.metadata("test://static-text");
            assertThat(meta.size()).isEqualTo(DemoServer.STATIC_TEXT.length());
            assertThat(meta.annotations().priority()).isEqualTo(0.9);
            assertThat(client.children("demo://collection/").map(Resource::uri).toList())
                    .contains("demo://collection/readme.md", "demo://collection/nested/");
            assertThatThrownBy(() -> client.metadata("test://nope")).isInstanceOf(ResourceNotFoundException.class);
            // Read contents carry the full metadata when opted in (titles exist from 2025-06-18).
            Resource item = client.read("test://static-text").first().resource();
            assertThat(item.size()).isEqualTo(DemoServer.STATIC_TEXT.length());
            if (client.server().revision().hasTitles()) {
                assertThat(item.title()).isEqualTo("Static text");
            }
        }
    }

    @Test
    void withoutTheOptInSep2093CallsAreRefusedLocally() {
        try (McpClient client = server.client().sep2093(false).connect()) {
            assertThat(client.server().capabilities().sep2093()).isFalse();
            assertThatThrownBy(() -> client.metadata("test://static-text"))
                    .isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("SEP-2093");
        }
    }

    @ParameterizedTest
    @MethodSource("revisions")
    void subscriptionsHearUpdatesAndListChanges(ProtocolRevision revision) throws Exception {
        try (McpClient client = connect(revision)) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(List.of(DemoServer.WATCHED), true, recorder)) {
                assertThat(sub.uris()).containsExactly(DemoServer.WATCHED);
                assertThat(sub.listChanged()).isTrue();
                recorder.trigger(server.demoSet()::touchWatched, "updated " + DemoServer.WATCHED, WAIT);
                recorder.trigger(server.server()::resourceListChanged, "listChanged", WAIT);
            }
            // Closed: nothing more arrives.
            server.demoSet().touchWatched();
            recorder.assertExhausted(Duration.ofMillis(300));
        }
    }
}
