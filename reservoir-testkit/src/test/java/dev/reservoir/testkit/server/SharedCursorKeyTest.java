package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Replicas that share a cursor key page one listing between them; a cursor signed elsewhere is refused. */
class SharedCursorKeyTest {

    private static final byte[] KEY = "a key every replica of the service shares".getBytes(StandardCharsets.UTF_8);

    private static McpServer replica(byte[] key) {
        return Fixtures.builder(Fixtures.items(25)).cursorKey(key).build();
    }

    @Test
    void aCursorMadeOnOneReplicaPagesOnAnother() {
        try (McpServer a = replica(KEY);
                McpServer b = replica(KEY);
                TestClient onA = TestClient.connect(a).initialize(ProtocolRevision.V2025_11_25);
                TestClient onB = TestClient.connect(b).initialize(ProtocolRevision.V2025_11_25)) {
            Set<String> uris = new HashSet<>();
            int pages = 0;
            String cursor = null;
            do {
                TestClient client = pages % 2 == 0 ? onA : onB;
                JsonNode page = client.result(
                        "resources/list",
                        cursor == null ? TestClient.json("{}") : TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
                page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
                cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
                pages++;
            } while (cursor != null);
            assertThat(pages).isGreaterThan(2);
            try (McpServer alone = replica(KEY);
                    TestClient all = TestClient.connect(alone).initialize(ProtocolRevision.V2025_11_25)) {
                assertThat(uris).hasSize(count(all));
            }
        }
    }

    @Test
    void aCursorSignedWithAnotherKeyIsInvalidParams() {
        byte[] other = "another service's key, 32 bytes or more".getBytes(StandardCharsets.UTF_8);
        try (McpServer a = replica(KEY);
                McpServer b = replica(other);
                TestClient onA = TestClient.connect(a).initialize(ProtocolRevision.V2025_11_25);
                TestClient onB = TestClient.connect(b).initialize(ProtocolRevision.V2025_11_25)) {
            String cursor = onA.result("resources/list", TestClient.json("{}"))
                    .get("nextCursor")
                    .asText();
            JsonNode error = onB.error("resources/list", TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
            assertThat(error.get("message").asText())
                    .contains("cursor is not valid")
                    .contains("another cursor key");

            String tampered = (cursor.charAt(3) == 'A' ? 'B' : 'A') + "";
            tampered = cursor.substring(0, 3) + tampered + cursor.substring(4);
            JsonNode changed = onA.error("resources/list", TestClient.json("{\"cursor\":\"" + tampered + "\"}"));
            assertThat(changed.get("code").asInt()).isEqualTo(-32602);
        }
    }

    private static int count(TestClient client) {
        int n = 0;
        String cursor = null;
        do {
            JsonNode page = client.result(
                    "resources/list",
                    cursor == null ? TestClient.json("{}") : TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
            n += page.get("resources").size();
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null);
        return n;
    }
}
