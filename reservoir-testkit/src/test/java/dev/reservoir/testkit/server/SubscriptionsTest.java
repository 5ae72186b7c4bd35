package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.testkit.TestClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** resources/subscribe (session era) and subscriptions/listen (stateless era). */
class SubscriptionsTest {

    private static final Duration QUIET = Duration.ofMillis(300);

    private final InMemoryProvider items = Fixtures.items(3);
    private final McpServer server = Fixtures.builder(items).build();

    @AfterEach
    void close() {
        server.close();
    }

    private void change(String uri, String text) {
        items.put(Resource.builder(uri, "changed").title("Changed " + uri).build(), ContentBody.text(text));
    }

    @ParameterizedTest
    @EnumSource(
            value = ProtocolRevision.class,
            names = {"V2024_11_05", "V2025_03_26", "V2025_06_18", "V2025_11_25"})
    void updatedGoesOnlyToSessionsSubscribedToThatUri(ProtocolRevision revision) {
        try (TestClient subscribed = TestClient.connect(server).initialize(revision);
                TestClient other = TestClient.connect(server).initialize(revision)) {
            subscribed.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
            other.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0002\"}"));
            change("demo://items/0001", "new");
            JsonNode updated = subscribed.awaitNotification("notifications/resources/updated", TestClient.TIMEOUT);
            assertThat(updated.at("/params/uri").asText()).isEqualTo("demo://items/0001");
            if (revision.hasTitleInUpdatedNotification()) {
                assertThat(updated.at("/params/title").asText()).isEqualTo("Changed demo://items/0001");
            } else {
                assertThat(updated.at("/params/title").isMissingNode()).isTrue();
            }
            subscribed.assertExhausted(QUIET);
            other.assertExhausted(QUIET);
        }
    }

    @Test
    void unsubscribeStopsUpdates() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
            client.result("resources/unsubscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
            change("demo://items/0001", "new");
            client.assertExhausted(QUIET);
        }
    }

    @Test
    void listChangedGoesToInitializedSessions() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            items.put(Resource.builder("demo://items/new", "new").build(), ContentBody.text("new"));
            JsonNode notification =
                    client.awaitNotification("notifications/resources/list_changed", TestClient.TIMEOUT);
            assertThat(notification.has("params")).isFalse();
            items.remove("demo://items/new");
            client.awaitNotification("notifications/resources/list_changed", TestClient.TIMEOUT);
        }
    }

    @Test
    void programmaticUpdatesReachSubscribers() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"test://text\"}"));
            server.resourceUpdated("test://text");
            JsonNode updated = client.awaitNotification("notifications/resources/updated", TestClient.TIMEOUT);
            assertThat(updated.at("/params/title").asText()).isEqualTo("Some text");
        }
    }

    @Test
    void aBurstOfUpdatesToAClientThatIsNotReadingCoalescesIntoOnePending() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
            client.stopReading();
            try {
                for (int i = 0; i < 2000; i++) {
                    change("demo://items/0001", "v" + i);
                }
            } finally {
                client.resumeReading();
            }
            // However fast the server is: at most one notification was being sent, one more waited.
            client.awaitNotification("notifications/resources/updated", TestClient.TIMEOUT);
            int more = 0;
            try {
                while (true) {
                    client.nextNotification(QUIET);
                    more++;
                }
            } catch (AssertionError drained) {
                // no more
            }
            assertThat(more)
                    .as("2000 updates of one URI while the client did not read arrive as at most two notifications")
                    .isLessThanOrEqualTo(1);
        }
    }

    @Test
    void listenAcknowledgesThenTagsNotificationsWithItsId() {
        try (TestClient client = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false)) {
            client.expect("listen-1", "subscriptions/listen");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"listen-1\",\"method\":\"subscriptions/listen\",\"params\":{"
                    + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
                    + "\"notifications\":{\"resourcesListChanged\":true,\"toolsListChanged\":true,"
                    + "\"resourceSubscriptions\":[\"demo://items/0001\"]}}}");
            JsonNode ack = client.nextNotification(TestClient.TIMEOUT);
            assertThat(ack.get("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                            .asText())
                    .isEqualTo("listen-1");
            assertThat(ack.at("/params/notifications/resourcesListChanged").asBoolean())
                    .isTrue();
            assertThat(ack.at("/params/notifications/toolsListChanged").isMissingNode())
                    .as("types the server does not support are left out of the acknowledgement")
                    .isTrue();
            assertThat(ack.at("/params/notifications/resourceSubscriptions/0").asText())
                    .isEqualTo("demo://items/0001");

            change("demo://items/0001", "new");
            JsonNode updated = client.nextNotification(TestClient.TIMEOUT);
            assertThat(updated.get("method").asText()).isEqualTo("notifications/resources/updated");
            assertThat(updated.at("/params/uri").asText()).isEqualTo("demo://items/0001");
            assertThat(updated.at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                            .asText())
                    .isEqualTo("listen-1");

            items.put(Resource.builder("demo://items/new", "new").build(), ContentBody.text("new"));
            JsonNode listChanged = client.nextNotification(TestClient.TIMEOUT);
            assertThat(listChanged.get("method").asText()).isEqualTo("notifications/resources/list_changed");
            assertThat(listChanged
                            .at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                            .asText())
                    .isEqualTo("listen-1");

            client.notify("notifications/cancelled", TestClient.json("{\"requestId\":\"listen-1\"}"));
            change("demo://items/0001", "newer");
            client.assertExhausted(QUIET);
        }
    }

    @Test
    void listenWithoutListChangedGetsNoListChanges() {
        try (TestClient client = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false)) {
            client.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"subscriptions/listen\",\"params\":{"
                    + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
                    + "\"notifications\":{\"resourceSubscriptions\":[\"demo://items/0002\"]}}}");
            JsonNode ack = client.nextNotification(TestClient.TIMEOUT);
            assertThat(ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                            .asInt())
                    .isEqualTo(7);
            items.put(Resource.builder("demo://items/other", "other").build(), ContentBody.text("x"));
            change("demo://items/0003", "not subscribed");
            client.assertExhausted(QUIET);
        }
    }

    @Test
    void closingTheConnectionEndsListenStreamsWithCancelled() {
        TestClient client = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false);
        client.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
                + "\"notifications\":{\"resourcesListChanged\":true}}}");
        client.nextNotification(TestClient.TIMEOUT);
        client.connection().close();
        JsonNode cancelled = client.nextNotification(TestClient.TIMEOUT);
        assertThat(cancelled.get("method").asText()).isEqualTo("notifications/cancelled");
        assertThat(cancelled.at("/params/requestId").asInt()).isEqualTo(9);
        client.close();
    }

    @Test
    void subscribeValidatesTheUri() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            assertThat(client.error("resources/subscribe", TestClient.json("{\"uri\":\"no scheme\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32602);
            assertThat(client.error("resources/subscribe", TestClient.json("{\"uri\":\"test://files/../x\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32602);
        }
    }
}
