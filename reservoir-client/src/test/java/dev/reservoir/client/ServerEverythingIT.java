package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.support.Interop;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The official reference server, {@code @modelcontextprotocol/server-everything} from npm, over
 * stdio, Streamable HTTP and the 2024-11-05 HTTP+SSE transport.
 */
@Timeout(120)
class ServerEverythingIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String FEATURES = "demo://resource/static/document/features.md";
    private static Interop.ServerProcess streamable;
    private static Interop.ServerProcess sse;
    private static int streamablePort;
    private static int ssePort;

    @BeforeAll
    static void startHttpServers() {
        String node = Interop.node().toString();
        String script = Interop.serverEverything().toString();
        streamablePort = Interop.freePort();
        streamable = new Interop.ServerProcess(
                List.of(node, script, "streamableHttp"),
                Map.of("PORT", Integer.toString(streamablePort)),
                streamablePort);
        ssePort = Interop.freePort();
        sse = new Interop.ServerProcess(
                List.of(node, script, "sse"), Map.of("PORT", Integer.toString(ssePort)), ssePort);
    }

    @AfterAll
    static void stopHttpServers() {
        if (streamable != null) {
            streamable.close();
        }
        if (sse != null) {
            sse.close();
        }
    }

    static Stream<String> transports() {
        return Stream.of("stdio", "streamableHttp", "sse");
    }

    private static McpClient connect(String transport) {
        McpClientBuilder builder = McpClient.builder().requestTimeout(WAIT).connectTimeout(Duration.ofSeconds(30));
        return switch (transport) {
            case "stdio" -> builder.stdio(Interop.serverEverythingStdio()).connect();
            case "streamableHttp" ->
                builder.http("http://127.0.0.1:" + streamablePort + "/mcp").connect();
            default -> builder.http("http://127.0.0.1:" + ssePort + "/sse").connect();
        };
    }

    @ParameterizedTest
    @MethodSource("transports")
    void connectsInTheHandshakeEra(String transport) {
        try (McpClient client = connect(transport)) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2025_11_25);
            assertThat(client.server().transport())
                    .isEqualTo(
                            switch (transport) {
                                case "stdio" -> TransportKind.STDIO;
                                case "sse" -> TransportKind.HTTP_SSE;
                                default -> TransportKind.STREAMABLE_HTTP;
                            });
            assertThat(client.server().serverInfo().name()).isEqualTo("mcp-servers/everything");
            assertThat(client.server().capabilities().subscribe()).isTrue();
            assertThat(client.server().capabilities().completions()).isTrue();
            assertThat(client.server().capabilities().sep2093()).isFalse();
        }
    }

    @ParameterizedTest
    @MethodSource("transports")
    void listsAndReadsStaticDocuments(String transport) {
        try (McpClient client = connect(transport)) {
            List<Resource> resources = client.resources().toList();
            assertThat(resources).extracting(Resource::uri).contains(FEATURES);
            String text = client.read(FEATURES).text();
            assertThat(text).isNotBlank();
            assertThat(client.read(FEATURES).first().mimeType()).isEqualTo("text/markdown");
            assertThatThrownBy(() -> client.read("demo://resource/static/document/nope.md"))
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThatThrownBy(() -> client.metadata(FEATURES)).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("transports")
    void readsTemplatedTextAndBlobsAndCompletes(String transport) {
        try (McpClient client = connect(transport)) {
            List<ResourceTemplate> templates = client.templates().toList();
            ResourceTemplate text = templates.stream()
                    .filter(t -> t.uriTemplate().endsWith("/text/{resourceId}"))
                    .findFirst()
                    .orElseThrow();
            ResourceTemplate blob = templates.stream()
                    .filter(t -> t.uriTemplate().endsWith("/blob/{resourceId}"))
                    .findFirst()
                    .orElseThrow();
            assertThat(client.read(text, Map.of("resourceId", "3")).text()).startsWith("Resource 3:");
            try (ReadResourceResult read = client.read(blob, Map.of("resourceId", "4"))) {
                assertThat(new String(read.blob().bytes(), StandardCharsets.UTF_8))
                        .startsWith("Resource 4: This is a base64 blob");
            }
            assertThat(client.complete(text.uriTemplate(), "resourceId", "7", Map.of())
                            .values())
                    .containsExactly("7");
        }
    }

    @ParameterizedTest
    @MethodSource("transports")
    void hearsUpdatesOfASubscribedResource(String transport) throws Exception {
        try (McpClient client = connect(transport)) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(FEATURES, recorder)) {
                assertThat(sub.uris()).containsExactly(FEATURES);
                ObjectNode call = JsonNodeFactory.instance.objectNode().put("name", "toggle-subscriber-updates");
                call.putObject("arguments");
                assertThat(client.request("tools/call", call).path("content").toString())
                        .contains("Started");
                assertThat(recorder.next(WAIT)).isEqualTo("updated " + FEATURES);
            }
        }
    }

    @Test
    void theServersStderrGoesToTheLogNotTheProtocol(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        try (McpClient client = McpClient.builder()
                .stdio(Interop.serverEverythingStdio())
                .serverLog(log)
                .connect()) {
            assertThat(client.resources().count()).isPositive();
        }
        assertThat(Files.readString(log)).contains("Starting default (STDIO) server");
    }
}
