package dev.reservoir.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Hosts show only what resources/list returns: the colour template lists a few of its colours on page one. */
class ListedColorsTest {

    @Test
    void theFirstPageListsColoursThatReadAsTheTemplateReadsThem() {
        try (DemoServer demo = new DemoServer(Duration.ofHours(1), Clock.systemUTC());
                McpServer server = demo.configure(McpServer.builder()).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            JsonNode first = client.result("resources/list", null);
            assertThat(first.get("resources").findValuesAsText("uri"))
                    .contains("demo://colors/red", "demo://colors/green", "demo://colors/blue");
            JsonNode read = client.result("resources/read", TestClient.json("{\"uri\":\"demo://colors/green\"}"));
            assertThat(read.at("/contents/0/text").asText()).isEqualTo("green is #008000");
            // Colours that are not listed still read through the template.
            JsonNode teal = client.result("resources/read", TestClient.json("{\"uri\":\"demo://colors/teal\"}"));
            assertThat(teal.at("/contents/0/text").asText()).isEqualTo("teal is #008080");
        }
    }
}
