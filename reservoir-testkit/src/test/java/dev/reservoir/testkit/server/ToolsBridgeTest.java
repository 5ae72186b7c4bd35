package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The tools bridge: the resources as list_resources, read_resource and search_resources, in each
 * revision's tools format (every answer is checked against that revision's official schema).
 */
class ToolsBridgeTest {

    private final McpServer bridged =
            Fixtures.builder(Fixtures.items(25)).toolsBridge(true).build();
    private final McpServer plain = Fixtures.server();

    @AfterEach
    void close() {
        bridged.close();
        plain.close();
    }

    private static TestClient client(McpServer server, ProtocolRevision revision) {
        return Sep2093Test.client(server, revision, false);
    }

    private static JsonNode call(TestClient client, String tool, String arguments) {
        return client.result(
                "tools/call", TestClient.json("{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}"));
    }

    private static boolean hasLinks(ProtocolRevision revision) {
        return revision.compareTo(ProtocolRevision.V2025_06_18) >= 0;
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void withoutTheBridgeThereAreNoToolsAndToolsListIsMethodNotFound(ProtocolRevision revision) {
        try (TestClient client = client(plain, revision)) {
            JsonNode error = client.error("tools/list", TestClient.json("{}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32601);
            assertThat(error.get("message").asText()).isEqualTo("Method not found: tools/list");
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void theBridgeListsThreeReadOnlyTools(ProtocolRevision revision) {
        try (TestClient client = client(bridged, revision)) {
            JsonNode tools = client.result("tools/list", TestClient.json("{}")).get("tools");
            assertThat(tools.findValuesAsText("name"))
                    .containsExactly("list_resources", "read_resource", "search_resources");
            assertThat(tools.get(1).at("/inputSchema/required/0").asText()).isEqualTo("uri");
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void listResourcesPagesWithTheCursorItReturns(ProtocolRevision revision) {
        try (TestClient client = client(bridged, revision)) {
            List<String> seen = new ArrayList<>();
            String arguments = "{}";
            for (int calls = 0; calls < 10; calls++) {
                JsonNode result = call(client, "list_resources", arguments);
                JsonNode content = result.get("content");
                String header = content.get(0).get("text").asText();
                for (int i = 1; i < content.size(); i++) {
                    JsonNode item = content.get(i);
                    seen.add(
                            hasLinks(revision)
                                    ? item.get("uri").asText()
                                    : item.get("text").asText().split(" ")[0]);
                    assertThat(item.get("type").asText()).isEqualTo(hasLinks(revision) ? "resource_link" : "text");
                }
                if (!header.contains("cursor \"")) {
                    break;
                }
                String cursor = header.substring(header.indexOf("cursor \"") + 8, header.lastIndexOf('"'));
                arguments = "{\"cursor\":\"" + cursor + "\"}";
            }
            assertThat(seen).contains("test://text", "test://bytes", "demo://items/0001", "demo://items/0025");
            assertThat(seen).containsExactlyElementsOf(listed(client));
        }
    }

    /** Every URI resources/list gives, page after page. */
    private static List<String> listed(TestClient client) {
        List<String> uris = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = client.result(
                    "resources/list", TestClient.json(cursor == null ? "{}" : "{\"cursor\":\"" + cursor + "\"}"));
            page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null);
        return uris;
    }

    @Test
    void listResourcesWithAPrefixKeepsOnlyThoseUris() {
        try (TestClient client = client(bridged, ProtocolRevision.V2025_11_25)) {
            JsonNode content = call(client, "list_resources", "{\"prefix\":\"demo://items/000\"}")
                    .get("content");
            assertThat(content.findValuesAsText("uri")).hasSize(9).allMatch(u -> u.startsWith("demo://items/000"));
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void readResourceEmbedsTextAndSaysWhenItIsCut(ProtocolRevision revision) {
        try (TestClient client = client(bridged, revision)) {
            JsonNode whole = call(client, "read_resource", "{\"uri\":\"test://text\"}");
            assertThat(whole.at("/content/0/type").asText()).isEqualTo("resource");
            assertThat(whole.at("/content/0/resource/text").asText()).isEqualTo(Fixtures.TEXT);
            assertThat(whole.get("content")).hasSize(1);
            JsonNode cut = call(client, "read_resource", "{\"uri\":\"test://text\",\"maxBytes\":5}");
            assertThat(cut.at("/content/0/resource/text").asText()).isEqualTo(Fixtures.TEXT.substring(0, 5));
            assertThat(cut.at("/content/1/text").asText())
                    .startsWith("[Cut: this shows the first 5 bytes of " + Fixtures.TEXT.length()
                            + " bytes of test://text.");
            assertThat(cut.has("isError")).isFalse();
        }
    }

    @Test
    void readResourceEmbedsABlobThatFitsAndOnlyLinksOneThatDoesNot() {
        try (TestClient client = client(bridged, ProtocolRevision.V2025_06_18)) {
            JsonNode fits = call(client, "read_resource", "{\"uri\":\"test://bytes\"}");
            assertThat(fits.at("/content/0/resource/blob").asText())
                    .isEqualTo(java.util.Base64.getEncoder().encodeToString(Fixtures.BYTES));
            JsonNode big = call(client, "read_resource", "{\"uri\":\"test://bytes\",\"maxBytes\":3}");
            assertThat(big.at("/content/0/type").asText()).isEqualTo("resource_link");
            assertThat(big.at("/content/1/text").asText()).startsWith("[Not embedded: test://bytes is binary, 7 bytes");
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void whatTheModelCanCorrectIsAToolErrorAndAnUnknownToolAProtocolError(ProtocolRevision revision) {
        try (TestClient client = client(bridged, revision)) {
            JsonNode missing = call(client, "read_resource", "{\"uri\":\"test://missing\"}");
            assertThat(missing.get("isError").asBoolean()).isTrue();
            assertThat(missing.at("/content/0/text").asText()).isEqualTo("Resource not found: test://missing");
            JsonNode noUri = call(client, "read_resource", "{}");
            assertThat(noUri.at("/content/0/text").asText()).isEqualTo("Invalid arguments: 'uri' is required");
            JsonNode unknown = client.error("tools/call", TestClient.json("{\"name\":\"delete_everything\"}"));
            assertThat(unknown.get("code").asInt()).isEqualTo(-32602);
            assertThat(unknown.get("message").asText()).contains("unknown tool 'delete_everything'");
        }
    }

    @Test
    void searchResourcesMatchesNamesTitlesAndDescriptions() {
        try (TestClient client = client(bridged, ProtocolRevision.V2026_07_28)) {
            JsonNode byTitle = call(client, "search_resources", "{\"query\":\"SOME TEXT\"}")
                    .get("content");
            assertThat(byTitle.findValuesAsText("uri")).containsExactly("test://text");
            JsonNode none =
                    call(client, "search_resources", "{\"query\":\"zebra\"}").get("content");
            assertThat(none).hasSize(1);
            assertThat(none.get(0).get("text").asText()).startsWith("0 by name, title, description or URI");
        }
    }
}
