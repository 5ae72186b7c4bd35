package dev.reservoir.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The README's example does what the README says. */
class ReadmeExampleTest {

    @Test
    void servesTwoStaticResourcesAndATemplate() {
        byte[] logo = DemoImages.png();
        try (McpServer server = ReadmeExample.server(logo);
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            assertThat(client.result("resources/list", null).get("resources").findValuesAsText("uri"))
                    .containsExactly("notes://logo", "notes://readme");
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"notes://readme\"}"))
                            .at("/contents/0/text")
                            .asText())
                    .startsWith("# Notes");
            assertThat(Base64.getDecoder()
                            .decode(client.result("resources/read", TestClient.json("{\"uri\":\"notes://logo\"}"))
                                    .at("/contents/0/blob")
                                    .asText()))
                    .isEqualTo(logo);
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"notes://day/2026-11-21\"}"))
                            .at("/contents/0/text")
                            .asText())
                    .isEqualTo("Notes of 2026-11-21: nothing yet.");
            assertThat(client.error("resources/read", TestClient.json("{\"uri\":\"notes://day/..\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32602);
        }
    }

    @Test
    void theDemoPngIsAValidPng() {
        byte[] png = DemoImages.png();
        assertThat(png).startsWith(new byte[] {(byte) 0x89, 80, 78, 71, 13, 10, 26, 10});
    }
}
