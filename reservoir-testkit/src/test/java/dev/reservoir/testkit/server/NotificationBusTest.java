package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.ServerStatus;
import dev.reservoir.server.bus.BusStatus;
import dev.reservoir.server.bus.Change;
import dev.reservoir.server.bus.NotificationBus;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.testkit.TestClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The notification bus seam: what servers publish, and that subscribers hear what the bus delivers. */
class NotificationBusTest {

    private static final Duration QUIET = Duration.ofMillis(300);

    /** A bus two servers share in one test: every change goes to both, as Redis would carry it. */
    static final class SharedBus {
        final List<NotificationBus.Delivery> servers = new CopyOnWriteArrayList<>();
        final List<String> versions = new CopyOnWriteArrayList<>();

        NotificationBus member() {
            return new NotificationBus() {
                @Override
                public void start(Delivery delivery) {
                    servers.add(delivery);
                }

                @Override
                public void publish(Change change) {
                    versions.add(servers.getFirst().version(change));
                    servers.forEach(server -> server.deliver(change));
                }

                @Override
                public BusStatus status() {
                    return new BusStatus("shared", false, "a test bus");
                }

                @Override
                public void close() {}
            };
        }
    }

    private final SharedBus bus = new SharedBus();
    private final InMemoryProvider itemsA = Fixtures.items(3);
    private final InMemoryProvider itemsB = Fixtures.items(3);
    private final McpServer replicaA =
            Fixtures.builder(itemsA).bus(bus.member()).replicaId("a").build();
    private final McpServer replicaB =
            Fixtures.builder(itemsB).bus(bus.member()).replicaId("b").build();

    @AfterEach
    void close() {
        replicaA.close();
        replicaB.close();
    }

    @Test
    void aChangeOneReplicaDetectsReachesTheSubscribersOfAnother() {
        try (TestClient onB = TestClient.connect(replicaB).stateless(ProtocolRevision.V2026_07_28, false)) {
            onB.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscriptions/listen\",\"params\":{"
                            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}},"
                            + "\"notifications\":{\"resourcesListChanged\":true,\"resourceSubscriptions\":[\"test://text\"]}}}");
            assertThat(onB.nextNotification(TestClient.TIMEOUT).get("method").asText())
                    .isEqualTo("notifications/subscriptions/acknowledged");

            replicaA.resourceUpdated("test://text");
            JsonNode updated = onB.nextNotification(TestClient.TIMEOUT);
            assertThat(updated.get("method").asText()).isEqualTo("notifications/resources/updated");
            assertThat(updated.at("/params/uri").asText()).isEqualTo("test://text");

            itemsA.put(Resource.builder("demo://items/new", "new").build(), ContentBody.text("new"));
            assertThat(onB.nextNotification(TestClient.TIMEOUT).get("method").asText())
                    .isEqualTo("notifications/resources/list_changed");
            onB.assertExhausted(QUIET);
        }
    }

    @Test
    void subscribersHearOnlyWhatTheBusDelivers() {
        NotificationBus silent = new NotificationBus() {
            @Override
            public void start(Delivery delivery) {}

            @Override
            public void publish(Change change) {}

            @Override
            public BusStatus status() {
                return BusStatus.IN_PROCESS;
            }

            @Override
            public void close() {}
        };
        InMemoryProvider items = Fixtures.items(3);
        try (McpServer server = Fixtures.builder(items).bus(silent).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://items/0001\"}"));
            items.put(Resource.builder("demo://items/0001", "changed").build(), ContentBody.text("x"));
            server.resourceUpdated("demo://items/0001");
            client.assertExhausted(QUIET);
        }
    }

    @Test
    void replicasNameTheSameStateAlikeAndANewStateDifferently() {
        Resource item = Resource.builder("demo://items/0001", "one")
                .size(3L)
                .annotations(new dev.reservoir.core.model.Annotations(List.of(), null, Fixtures.MODIFIED))
                .build();
        itemsA.put(item, ContentBody.text("abc"));
        itemsB.put(item, ContentBody.text("abc"));
        bus.versions.clear();
        replicaA.resourceUpdated("demo://items/0001");
        replicaB.resourceUpdated("demo://items/0001");
        assertThat(bus.versions).hasSize(2);
        assertThat(bus.versions.get(0)).isNotNull().isEqualTo(bus.versions.get(1));

        itemsA.put(item.toBuilder().size(4L).build(), ContentBody.text("abcd"));
        replicaA.resourceUpdated("demo://items/0001");
        assertThat(bus.versions.getLast()).isNotEqualTo(bus.versions.getFirst());

        bus.versions.clear();
        replicaA.resourceListChanged();
        replicaA.resourceListChanged();
        itemsA.put(Resource.builder("demo://items/more", "more").build(), ContentBody.text("m"));
        replicaA.resourceListChanged();
        assertThat(bus.versions.get(0)).isNotNull().isEqualTo(bus.versions.get(1));
        assertThat(bus.versions.getLast()).isNotEqualTo(bus.versions.getFirst());
    }

    @Test
    void statusNamesTheReplicaAndItsBus() {
        ServerStatus status = replicaA.status();
        assertThat(status.replicaId()).isEqualTo("a");
        assertThat(status.draining()).isFalse();
        assertThat(status.bus().kind()).isEqualTo("shared");
    }
}
