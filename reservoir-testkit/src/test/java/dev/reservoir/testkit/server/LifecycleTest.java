package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Both eras of the lifecycle in one server. */
class LifecycleTest {

    private final McpServer server = Fixtures.server();

    @AfterEach
    void close() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(
            value = ProtocolRevision.class,
            names = {"V2024_11_05", "V2025_03_26", "V2025_06_18", "V2025_11_25"})
    void initializeEchoesASupportedRevision(ProtocolRevision revision) {
        try (TestClient client = TestClient.connect(server)) {
            client.initialize(revision);
            JsonNode list = client.result("resources/list", null);
            assertThat(list.get("resources").size()).isEqualTo(10);
            assertThat(list.has("resultType"))
                    .as("no resultType before 2026-07-28")
                    .isFalse();
        }
    }

    @Test
    void initializeOffersLatestStatefulRevisionForAnUnknownOne() {
        try (TestClient client = TestClient.connect(server)) {
            JsonNode result = client.result(
                    "initialize",
                    TestClient.json(
                            "{\"protocolVersion\":\"2099-01-01\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
            assertThat(result.get("protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(result.at("/capabilities/resources/subscribe").asBoolean())
                    .isTrue();
            assertThat(result.at("/capabilities/resources/listChanged").asBoolean())
                    .isTrue();
            assertThat(result.at("/serverInfo/name").asText()).isEqualTo("fixture");
        }
    }

    @Test
    void initializeNamingTheStatelessRevisionGetsTheLatestStatefulOne() {
        try (TestClient client = TestClient.connect(server)) {
            JsonNode result = client.result(
                    "initialize",
                    TestClient.json(
                            "{\"protocolVersion\":\"2026-07-28\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
            assertThat(result.get("protocolVersion").asText()).isEqualTo("2025-11-25");
        }
    }

    @Test
    void requestsBeforeInitializeAreRefusedButPingIsNot() {
        try (TestClient client = TestClient.connect(server)) {
            JsonNode error = client.error("resources/list", null);
            assertThat(error.get("code").asInt()).isEqualTo(-32600);
            assertThat(error.get("message").asText()).contains("not initialized");
            assertThat(client.result("ping", null).isObject()).isTrue();
        }
    }

    @Test
    void secondInitializeIsRefused() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            JsonNode error = client.error(
                    "initialize",
                    TestClient.json(
                            "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32600);
        }
    }

    @Test
    void initializeAndAListSentTogetherAreHandledInOrder() {
        try (TestClient client = TestClient.connect(server)) {
            client.expect("i", "initialize");
            client.expect("l", "resources/list");
            client.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":\"i\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"l\",\"method\":\"resources/list\"}");
            assertThat(client.awaitResponse("i").has("result")).isTrue();
            assertThat(client.awaitResponse("l").has("result")).isTrue();
        }
    }

    @Test
    void discoverAdvertisesVersionsCapabilitiesAndServerInfo() {
        try (TestClient client = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false)) {
            JsonNode result = client.result("server/discover", null);
            assertThat(result.get("resultType").asText()).isEqualTo("complete");
            assertThat(result.get("supportedVersions").toString()).contains("2026-07-28", "2025-11-25", "2024-11-05");
            assertThat(result.at("/capabilities/resources/subscribe").asBoolean())
                    .isTrue();
            assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name")
                            .asText())
                    .isEqualTo("fixture");
            assertThat(result.has("ttlMs")).isTrue();
            assertThat(result.get("cacheScope").asText()).isIn("public", "private");
        }
    }

    @Test
    void statelessRequestsCarryResultTypeAndServerInfoWithoutInitialize() {
        try (TestClient client = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false)) {
            JsonNode list = client.result("resources/list", null);
            assertThat(list.get("resultType").asText()).isEqualTo("complete");
            assertThat(list.at("/_meta/io.modelcontextprotocol~1serverInfo/version")
                            .asText())
                    .isEqualTo("1.0");
            assertThat(list.get("ttlMs").canConvertToLong()).isTrue();
            assertThat(list.get("cacheScope").asText()).isEqualTo("private");
        }
    }

    @Test
    void unsupportedVersionListsTheSupportedOnes() {
        try (TestClient client = TestClient.connect(server)) {
            client.expect("v", "resources/list");
            client.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":\"v\",\"method\":\"resources/list\",\"params\":{\"_meta\":{"
                            + "\"io.modelcontextprotocol/protocolVersion\":\"1900-01-01\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
            JsonNode error = client.awaitResponse("v").get("error");
            assertThat(error.get("code").asInt()).isEqualTo(-32022);
            assertThat(error.at("/data/requested").asText()).isEqualTo("1900-01-01");
            assertThat(error.at("/data/supported").toString()).contains("2026-07-28", "2025-11-25");
        }
    }

    @Test
    void statelessRequestWithoutCapabilitiesIsInvalidParams() {
        try (TestClient client = TestClient.connect(server)) {
            client.expect("c", "resources/list");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"resources/list\",\"params\":{\"_meta\":{"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}");
            JsonNode error = client.awaitResponse("c").get("error");
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
            assertThat(error.get("message").asText()).contains("clientCapabilities");
        }
    }

    @Test
    void discoverWithoutMetaIsInvalidParams() {
        try (TestClient client = TestClient.connect(server)) {
            JsonNode error = client.error("server/discover", null);
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
            assertThat(error.get("message").asText()).contains("protocolVersion");
        }
    }

    @Test
    void methodsOfOneEraAreNotFoundInTheOther() {
        try (TestClient stateless = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false)) {
            assertThat(stateless
                            .error("initialize", TestClient.json("{\"protocolVersion\":\"2025-06-18\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32601);
            assertThat(stateless.error("ping", null).get("code").asInt()).isEqualTo(-32601);
            assertThat(stateless
                            .error("resources/subscribe", TestClient.json("{\"uri\":\"test://text\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32601);
        }
    }

    @Test
    void bothErasWorkOnOneConnection() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                            .has("resultType"))
                    .isFalse();
            client.stateless(ProtocolRevision.V2026_07_28, false);
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                            .has("resultType"))
                    .isTrue();
        }
    }

    @Test
    void aServerWithoutStatefulRevisionsSaysWhichItSpeaks() {
        try (McpServer statelessOnly = Fixtures.builder(Fixtures.items(1))
                        .revisions(EnumSet.of(ProtocolRevision.V2026_07_28))
                        .build();
                TestClient client = TestClient.connect(statelessOnly)) {
            JsonNode error = client.error(
                    "initialize",
                    TestClient.json(
                            "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
            assertThat(error.get("message").asText()).contains("2026-07-28");
        }
    }
}
