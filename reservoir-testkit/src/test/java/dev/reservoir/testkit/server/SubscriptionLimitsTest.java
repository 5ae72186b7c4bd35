package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.testkit.TestClient;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Subscriptions cost memory, so each client has a budget over all its connections (over HTTP every
 * 2026-07-28 request is a connection of its own) and the server one in all; and only resources
 * that exist can be subscribed to.
 */
class SubscriptionLimitsTest {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final InMemoryProvider items = Fixtures.items(9);
    private McpServer server = Fixtures.builder(items).build();

    @AfterEach
    void close() {
        server.close();
    }

    private static String listen(String id, List<String> uris) {
        String list = uris.stream().map(u -> "\"" + u + "\"").collect(Collectors.joining(","));
        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"subscriptions/listen\",\"params\":{" + META
                + ",\"notifications\":{\"resourceSubscriptions\":[" + list + "]}}}";
    }

    private static TestClient stateless(McpServer server, String client) {
        return TestClient.connect(server, client).stateless(ProtocolRevision.V2026_07_28, false);
    }

    /** Opens a listen stream and waits for its acknowledgement. */
    private static void listening(TestClient client, String id, List<String> uris) {
        client.send(listen(id, uris));
        JsonNode ack = client.nextNotification(TestClient.TIMEOUT);
        assertThat(ack.get("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
    }

    private static JsonNode listenError(TestClient client, String id, List<String> uris) {
        client.expect(id, "subscriptions/listen");
        client.send(listen(id, uris));
        JsonNode response = client.awaitResponse(id);
        assertThat(response.has("error")).as("listen should fail: %s", response).isTrue();
        return response.get("error");
    }

    @Test
    void subscribingToAResourceThatDoesNotExistIsResourceNotFound() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            JsonNode error = client.error("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/nope\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32002);
            assertThat(error.at("/data/uri").asText()).isEqualTo("demo://items/nope");
            JsonNode elsewhere = client.error("resources/subscribe", TestClient.json("{\"uri\":\"other://x\"}"));
            assertThat(elsewhere.get("code").asInt()).isEqualTo(-32002);
            // A collection is a resource: subscribing to it is fine.
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://dir/\"}"));
        }
    }

    @Test
    void listeningToAResourceThatDoesNotExistIsRefusedWithInvalidParams() {
        try (TestClient client = stateless(server, "alice")) {
            JsonNode error = listenError(client, "l1", List.of("demo://items/0001", "demo://items/nope"));
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
            assertThat(error.at("/data/uri").asText()).isEqualTo("demo://items/nope");
            listening(client, "l2", List.of("demo://items/0001", "demo://dir/"));
        }
    }

    @Test
    void aClientsBudgetSpansAllItsConnectionsAndComesBackWhenTheyEnd() {
        server.close();
        server = Fixtures.builder(items).subscriptionBudget(3, 100).build();
        TestClient session = TestClient.connect(server, "alice").initialize(ProtocolRevision.V2025_11_25);
        session.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
        session.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0002\"}"));
        try (TestClient stream = stateless(server, "alice");
                TestClient other = stateless(server, "bob")) {
            JsonNode error = listenError(stream, "l1", List.of("demo://items/0003", "demo://items/0004"));
            assertThat(error.get("code").asInt()).isEqualTo(-31002);
            assertThat(error.at("/data/scope").asText()).isEqualTo("client");
            assertThat(error.at("/data/limit").asInt()).isEqualTo(3);
            assertThat(error.at("/data/held").asInt()).isEqualTo(2);
            assertThat(error.get("message").asText()).contains("Too many subscriptions");
            // Another client has a budget of its own.
            listening(other, "l1", List.of("demo://items/0003", "demo://items/0004", "demo://items/0005"));
            session.close();
            listening(stream, "l2", List.of("demo://items/0003", "demo://items/0004"));
        }
    }

    @Test
    void theServersBudgetBoundsAllClientsTogether() {
        server.close();
        server = Fixtures.builder(items).subscriptionBudget(3, 4).build();
        try (TestClient alice = stateless(server, "alice");
                TestClient bob = stateless(server, "bob")) {
            listening(alice, "l1", List.of("demo://items/0001", "demo://items/0002", "demo://items/0003"));
            JsonNode error = listenError(bob, "l1", List.of("demo://items/0001", "demo://items/0002"));
            assertThat(error.get("code").asInt()).isEqualTo(-31002);
            assertThat(error.at("/data/scope").asText()).isEqualTo("server");
            assertThat(error.at("/data/limit").asInt()).isEqualTo(4);
            alice.notify("notifications/cancelled", TestClient.json("{\"requestId\":\"l1\"}"));
            listening(bob, "l2", List.of("demo://items/0001", "demo://items/0002"));
        }
    }

    @Test
    void aListenOverTheBudgetIsRefusedBeforeAnyProviderIsAsked() {
        server.close();
        server = Fixtures.builder(items).subscriptionBudget(1, 100).build();
        try (TestClient client = stateless(server, "alice")) {
            JsonNode error = listenError(client, "l1", List.of("demo://items/nope-1", "demo://items/nope-2"));
            assertThat(error.get("code").asInt())
                    .as("the budget, checked first, not the lookups")
                    .isEqualTo(-31002);
        }
    }

    @Test
    void aLongUriCostsOneUnitPerStarted128Characters() {
        String longUri = "demo://items/" + "x".repeat(300 - "demo://items/".length());
        items.put(Resource.builder(longUri, "long").build(), ContentBody.text("long"));
        server.close();
        server = Fixtures.builder(items).subscriptionBudget(3, 100).build();
        try (TestClient client = TestClient.connect(server, "alice").initialize(ProtocolRevision.V2025_11_25)) {
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"" + longUri + "\"}"));
            JsonNode error = client.error("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-31002);
            assertThat(error.at("/data/held").asInt()).isEqualTo(3);
        }
    }
}
