package dev.reservoir.client;

import static dev.reservoir.client.support.ScriptedServer.error;
import static dev.reservoir.client.support.ScriptedServer.initialized;
import static dev.reservoir.client.support.ScriptedServer.method;
import static dev.reservoir.client.support.ScriptedServer.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.client.support.ScriptedServer;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Era detection, error codes, odd but valid wire shapes and server-initiated messages, against scripted servers. */
@Timeout(30)
class ProtocolEdgesTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    /** A session-era server: server/discover is an unknown method; everything else from the given answers. */
    private static ScriptedServer sessionEra(String version, Function<JsonNode, List<String>> resources) {
        return new ScriptedServer((m, s) -> switch (method(m)) {
            case "server/discover" -> List.of(error(m, -32601, "Method not found", null));
            case "initialize" -> List.of(initialized(m, version));
            case "notifications/initialized", "notifications/cancelled" -> List.of();
            default -> resources.apply(m);
        });
    }

    @Test
    void aSessionEraServerRefusingTheProbeGetsInitialize() throws Exception {
        try (ScriptedServer server = sessionEra("2025-06-18", m -> List.of());
                McpClient client = server.client().connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2025_06_18);
            assertThat(client.server().serverInfo().name()).isEqualTo("scripted");
            server.await(m -> method(m).equals("notifications/initialized"), WAIT);
            assertThat(server.methods()).startsWith("server/discover", "initialize", "notifications/initialized");
            JsonNode init = server.received().get(1);
            assertThat(init.path("params").path("protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(init.path("params")
                            .path("capabilities")
                            .path("experimental")
                            .has("dev.reservoir/sep-2093"))
                    .isTrue();
        }
    }

    @Test
    void aServerThatAnswersPingButIgnoresTheProbeGetsInitialize() {
        ScriptedServer server = new ScriptedServer((m, s) -> switch (method(m)) {
            case "ping" -> List.of(result(m, "{}"));
            case "initialize" -> List.of(initialized(m, "2024-11-05"));
            default -> List.of();
        });
        try (server;
                McpClient client =
                        server.client().probeTimeout(Duration.ofMillis(300)).connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2024_11_05);
            assertThat(server.methods()).startsWith("server/discover", "ping");
        }
    }

    /**
     * A stateless-only server that starts only after the probe timeout (npx downloading, a JVM
     * building): it reads everything queued once it is up, answers the probe, and refuses
     * {@code initialize} and claim-less pings with -32022. Its slow start must not make it look
     * like a session-era one.
     */
    @Test
    void aStatelessEraServerStillStartingWhenTheProbeTimesOutIsStillOfTheStatelessEra() {
        ScriptedServer server = new ScriptedServer((m, s) -> {
            if (s.received().size() < 2) {
                return List.of(); // still starting: the probe waits in the pipe
            }
            return s.received().stream()
                    .filter(r -> r == m || s.received().size() == 2)
                    .filter(r -> r.has("id"))
                    .map(r -> method(r).equals("server/discover")
                            ? result(
                                    r,
                                    "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"resources\":{}},"
                                            + "\"resultType\":\"complete\"}")
                            : error(r, -32022, "Unsupported protocol version", "{\"supported\":[\"2026-07-28\"]}"))
                    .toList();
        });
        try (server;
                McpClient client =
                        server.client().probeTimeout(Duration.ofMillis(300)).connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2026_07_28);
            assertThat(server.methods()).doesNotContain("initialize");
        }
    }

    @Test
    void aStatelessEraErrorToInitializeIsRetriedWithAVersionTheServerLists() {
        ScriptedServer server = new ScriptedServer((m, s) -> switch (method(m)) {
            case "ping" -> List.of(error(m, -32601, "Method not found", null));
            case "initialize" ->
                List.of(error(
                        m,
                        -32022,
                        "Unsupported protocol version: 2025-11-25",
                        "{\"supported\":[\"2026-07-28\"],\"requested\":\"2025-11-25\"}"));
            case "server/discover" ->
                s.methods().contains("initialize") // the first probe is lost; the retry is answered
                        ? List.of(
                                result(
                                        m,
                                        "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{},\"resultType\":\"complete\"}"))
                        : List.of();
            default -> List.of();
        });
        try (server;
                McpClient client =
                        server.client().probeTimeout(Duration.ofMillis(200)).connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2026_07_28);
            assertThat(server.methods()).containsSubsequence("initialize", "server/discover");
        }
    }

    @Test
    void aServerSilentToProbeAndPingIsAConnectTimeoutNotASessionEraServer() {
        ScriptedServer server = new ScriptedServer((m, s) -> List.of());
        try (server) {
            assertThatThrownBy(() -> server.client()
                            .probeTimeout(Duration.ofMillis(100))
                            .connectTimeout(Duration.ofMillis(600))
                            .connect())
                    .isInstanceOf(McpTimeoutException.class)
                    .hasMessageContaining("neither server/discover nor ping within 600 ms");
            assertThat(server.methods()).doesNotContain("initialize");
        }
    }

    @Test
    void anUnsupportedVersionErrorMeansAStatelessEraServerAndItsListIsUsed() {
        ScriptedServer server = new ScriptedServer((m, s) -> switch (method(m)) {
            case "server/discover" ->
                List.of(error(
                        m,
                        -32022,
                        "Unsupported protocol version",
                        "{\"supported\":[\"2025-06-18\"],\"requested\":\"2026-07-28\"}"));
            case "initialize" ->
                List.of(initialized(m, m.path("params").path("protocolVersion").asText()));
            default -> List.of();
        });
        try (server;
                McpClient client = server.client().connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2025_06_18);
            assertThat(server.received()
                            .get(1)
                            .path("params")
                            .path("protocolVersion")
                            .asText())
                    .isEqualTo("2025-06-18");
        }
    }

    @Test
    void anotherStatelessEraErrorFailsInsteadOfFallingBack() {
        ScriptedServer server = new ScriptedServer((m, s) -> switch (method(m)) {
            case "server/discover" -> List.of(error(m, -32021, "Missing required client capability", null));
            case "initialize" -> List.of(initialized(m, "2025-11-25"));
            default -> List.of();
        });
        try (server) {
            assertThatThrownBy(() -> server.client().connect())
                    .isInstanceOf(McpClientException.class)
                    .hasMessageContaining("Missing required client capability");
            assertThat(server.methods()).doesNotContain("initialize");
        }
    }

    @Test
    void aVersionTheClientDoesNotSpeakIsRefused() {
        try (ScriptedServer server = sessionEra("1999-01-01", m -> List.of())) {
            assertThatThrownBy(() -> server.client().connect())
                    .isInstanceOf(McpClientException.class)
                    .hasMessageContaining("1999-01-01");
        }
    }

    @Test
    void theStatelessEraRequestsCarryTheEraMeta() throws Exception {
        ScriptedServer server = new ScriptedServer((m, s) -> switch (method(m)) {
            case "server/discover" ->
                List.of(result(
                        m,
                        "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"resources\":{}},"
                                + "\"resultType\":\"complete\",\"ttlMs\":0,\"cacheScope\":\"public\"}"));
            case "resources/read" ->
                List.of(result(m, "{\"contents\":[{\"uri\":\"a://b\",\"text\":\"hi\"}],\"resultType\":\"complete\"}"));
            default -> List.of();
        });
        try (server;
                McpClient client = server.client().connect()) {
            assertThat(client.read("a://b").text()).isEqualTo("hi");
            JsonNode read = server.await(m -> method(m).equals("resources/read"), WAIT);
            JsonNode meta = read.path("params").path("_meta");
            assertThat(meta.path("io.modelcontextprotocol/protocolVersion").asText())
                    .isEqualTo("2026-07-28");
            assertThat(meta.path("io.modelcontextprotocol/clientCapabilities")
                            .path("extensions")
                            .has("dev.reservoir/sep-2093"))
                    .isTrue();
            assertThat(meta.path("io.modelcontextprotocol/clientInfo")
                            .path("name")
                            .asText())
                    .isEqualTo("reservoir-client");
            assertThat(server.methods()).doesNotContain("initialize");
        }
    }

    @Test
    void notFoundIsOneExceptionForEveryCodeServersUse() {
        try (ScriptedServer server = sessionEra("2025-11-25", m -> {
                    String uri = m.path("params").path("uri").asText();
                    return List.of(
                            switch (uri) {
                                case "x://a" -> error(m, -32002, "Resource not found", "{\"uri\":\"x://a\"}");
                                case "x://b" -> error(m, -32602, "Resource not found", "{\"uri\":\"x://b\"}");
                                case "x://c" -> error(m, -32602, "MCP error -32602: Resource x://c not found", null);
                                default -> error(m, -32602, "Invalid params: 'uri' is not a URI", null);
                            });
                });
                McpClient client = server.client().connect()) {
            for (String uri : List.of("x://a", "x://b", "x://c")) {
                assertThatThrownBy(() -> client.read(uri))
                        .isInstanceOf(ResourceNotFoundException.class)
                        .hasMessageContaining(uri);
            }
            assertThatThrownBy(() -> client.read("x://d"))
                    .isInstanceOf(McpException.class)
                    .isNotInstanceOf(ResourceNotFoundException.class)
                    .hasMessageContaining("not a URI");
        }
    }

    @Test
    void aRepeatedCursorStopsTheListingWithAClearError() {
        try (ScriptedServer server = sessionEra(
                        "2025-11-25",
                        m -> List.of(result(
                                m,
                                "{\"resources\":[{\"uri\":\"x://" + m.path("id").asText() + "\",\"name\":\"n\"}],"
                                        + "\"nextCursor\":\"again\"}")));
                McpClient client = server.client().connect()) {
            List<String> seen = new ArrayList<>();
            assertThatThrownBy(() -> client.resources().forEach(r -> seen.add(r.uri())))
                    .isInstanceOf(McpClientException.class)
                    .hasMessageContaining("\"again\" a second time (page 2)");
            assertThat(seen).hasSize(1);
        }
    }

    @Test
    void aResultBeforeItsIdAndUnknownFieldsAreRead() {
        byte[] bytes = {0, 1, 2, (byte) 255};
        String blob = Base64.getEncoder().withoutPadding().encodeToString(bytes);
        try (ScriptedServer server = sessionEra(
                        "2025-11-25",
                        m -> List.of("{\"result\":{\"contents\":[{\"blob\":\"" + blob + "\",\"x-extra\":[1,{\"a\":2}],"
                                + "\"mimeType\":\"application/x\",\"uri\":\"x://blob\"}]},\"jsonrpc\":\"2.0\",\"id\":"
                                + m.get("id") + "}"));
                McpClient client = server.client().connect()) {
            ReadResourceResult read = client.read("x://blob");
            assertThat(read.blob().bytes()).isEqualTo(bytes);
            assertThat(read.first().mimeType()).isEqualTo("application/x");
        }
    }

    @Test
    void pingsFromTheServerAreAnsweredAndOtherRequestsRefused() throws Exception {
        try (ScriptedServer server = sessionEra("2025-11-25", m -> List.of());
                McpClient client = server.client().connect()) {
            server.send("{\"jsonrpc\":\"2.0\",\"id\":\"p1\",\"method\":\"ping\"}");
            server.send("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"method\":\"sampling/createMessage\",\"params\":{}}");
            JsonNode pong = server.await(m -> m.path("id").asText().equals("p1"), WAIT);
            assertThat(pong.path("result").isObject()).isTrue();
            JsonNode refused = server.await(m -> m.path("id").asText().equals("s1"), WAIT);
            assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32601);
        }
    }

    @Test
    void aLineThatIsNotAMessageIsSkipped() {
        try (ScriptedServer server = sessionEra(
                        "2025-11-25",
                        m -> List.of(
                                "Debugger listening on ws://127.0.0.1:9229",
                                result(m, "{\"resources\":[{\"uri\":\"x://ok\",\"name\":\"ok\"}]}")));
                McpClient client = server.client().connect()) {
            assertThat(client.resources().map(Resource::uri).toList()).containsExactly("x://ok");
        }
    }

    @Test
    void givingUpSendsCancelledWithTheRequestId() throws Exception {
        try (ScriptedServer server = sessionEra("2025-11-25", m -> List.of()); // never answers
                McpClient client = server.client().connect()) {
            assertThatThrownBy(() -> client.withTimeout(Duration.ofMillis(200)).read("x://slow"))
                    .isInstanceOf(McpTimeoutException.class);
            JsonNode read = server.await(m -> method(m).equals("resources/read"), WAIT);
            JsonNode cancelled = server.await(m -> method(m).equals("notifications/cancelled"), WAIT);
            assertThat(cancelled.path("params").path("requestId")).isEqualTo(read.path("id"));
        }
    }

    @Test
    void aListenStreamTheServerCancelsEndsTheSubscription() throws Exception {
        ScriptedServer server = new ScriptedServer((m, s) -> switch (method(m)) {
            case "server/discover" ->
                List.of(
                        result(
                                m,
                                "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"resources\":{\"subscribe\":true}}}"));
            case "subscriptions/listen" -> {
                String meta = "\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":" + m.get("id") + "}";
                yield List.of(
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\",\"params\":{"
                                + meta + ",\"notifications\":{\"resourceSubscriptions\":[\"x://a\"]}}}",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{" + meta
                                + ",\"uri\":\"x://a\"}}",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{"
                                + "\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":999},\"uri\":\"x://a\"}}",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":"
                                + m.get("id") + ",\"reason\":\"shutting down\"}}");
            }
            default -> List.of();
        });
        try (server;
                McpClient client = server.client().connect()) {
            Recorder recorder = new Recorder();
            Subscription sub = client.subscribe(List.of("x://a", "x://b"), true, recorder);
            assertThat(sub.uris()).containsExactly("x://a"); // what the server acknowledged
            assertThat(sub.listChanged()).isFalse();
            assertThat(recorder.next(WAIT)).isEqualTo("updated x://a");
            assertThat(recorder.next(WAIT)).isEqualTo("closed"); // the one for subscription 999 was not ours
            assertThat(sub.isOpen()).isFalse();
        }
    }
}
