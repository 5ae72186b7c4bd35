package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Log messages to clients: logging/setLevel (session era) and _meta logLevel (2026-07-28). */
class LoggingTest {

    private final McpServer server = Fixtures.server();

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void setLevelThenFailuresArriveAsLogMessagesWithoutDetail() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            assertThat(client.result("logging/setLevel", TestClient.json("{\"level\":\"warning\"}"))
                            .size())
                    .isZero();
            client.error("resources/read", TestClient.json("{\"uri\":\"test://broken/1\"}"));
            JsonNode log = client.awaitNotification("notifications/message", TestClient.TIMEOUT);
            assertThat(log.at("/params/level").asText()).isEqualTo("error");
            assertThat(log.at("/params/data").asText())
                    .contains("resources/read failed")
                    .doesNotContain("hunter2");
        }
    }

    @Test
    void withoutSetLevelNoLogMessagesAreSent() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            client.error("resources/read", TestClient.json("{\"uri\":\"test://broken/1\"}"));
            client.assertExhausted(Duration.ofMillis(300));
        }
    }

    @Test
    void aLevelAboveTheMessageFiltersItOut() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.result("logging/setLevel", TestClient.json("{\"level\":\"critical\"}"));
            client.error("resources/read", TestClient.json("{\"uri\":\"test://broken/1\"}"));
            client.assertExhausted(Duration.ofMillis(300));
        }
    }

    @Test
    void anUnknownLevelIsInvalidParams() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            assertThat(client.error("logging/setLevel", TestClient.json("{\"level\":\"loud\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32602);
        }
    }

    @Test
    void statelessRequestsGetLogMessagesOnlyWhenTheirMetaAsks() {
        try (TestClient client = TestClient.connect(server).stateless(ProtocolRevision.V2026_07_28, false)) {
            client.error("resources/read", TestClient.json("{\"uri\":\"test://broken/1\"}"));
            client.assertExhausted(Duration.ofMillis(300));
            client.error(
                    "resources/read",
                    TestClient.json(
                            "{\"uri\":\"test://broken/2\",\"_meta\":{\"io.modelcontextprotocol/logLevel\":\"info\"}}"));
            JsonNode log = client.nextNotification(TestClient.TIMEOUT);
            assertThat(log.get("method").asText()).isEqualTo("notifications/message");
            assertThat(log.at("/params/level").asText()).isEqualTo("error");
            assertThat(client.error("logging/setLevel", TestClient.json("{\"level\":\"info\"}"))
                            .get("code")
                            .asInt())
                    .as("setLevel is gone in 2026-07-28")
                    .isEqualTo(-32601);
        }
    }
}
