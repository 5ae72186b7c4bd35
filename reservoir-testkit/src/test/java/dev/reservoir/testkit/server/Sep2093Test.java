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

/** SEP-2093: opt-in metadata on read, resources/metadata, isCollection and collections. */
class Sep2093Test {

    private final McpServer server = Fixtures.server();

    @AfterEach
    void close() {
        server.close();
    }

    static TestClient client(McpServer server, ProtocolRevision revision, boolean sep) {
        TestClient client = TestClient.connect(server);
        return revision.isStateless() ? client.stateless(revision, sep) : client.initialize(revision, sep);
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void readCarriesFullMetadataOnlyForClientsThatOptIn(ProtocolRevision revision) {
        try (TestClient plain = client(server, revision, false);
                TestClient sep = client(server, revision, true)) {
            JsonNode without = plain.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                    .at("/contents/0");
            assertThat(without.has("name")).isFalse();
            assertThat(without.has("isCollection")).isFalse();
            JsonNode with = sep.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                    .at("/contents/0");
            assertThat(with.get("name").asText()).isEqualTo("text");
            assertThat(with.get("isCollection").asBoolean()).isFalse();
            assertThat(with.get("size").asLong()).isEqualTo(Fixtures.TEXT.length());
            assertThat(with.at("/annotations/priority").asDouble()).isEqualTo(0.8);
            assertThat(with.get("text").asText()).isEqualTo(Fixtures.TEXT);
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void notFoundIsInvalidParamsWithTheSep(ProtocolRevision revision) {
        try (TestClient sep = client(server, revision, true)) {
            JsonNode error = sep.error("resources/read", TestClient.json("{\"uri\":\"test://missing\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
            assertThat(error.at("/data/uri").asText()).isEqualTo("test://missing");
        }
    }

    @Test
    void metadataReturnsTheResourceWithoutContent() {
        try (TestClient sep = client(server, ProtocolRevision.V2025_11_25, true)) {
            JsonNode resource = sep.result("resources/metadata", TestClient.json("{\"uri\":\"test://text\"}"))
                    .get("resource");
            assertThat(resource.get("uri").asText()).isEqualTo("test://text");
            assertThat(resource.get("title").asText()).isEqualTo("Some text");
            assertThat(resource.get("isCollection").asBoolean()).isFalse();
            assertThat(resource.has("text")).isFalse();
            JsonNode missing = sep.error("resources/metadata", TestClient.json("{\"uri\":\"test://missing\"}"));
            assertThat(missing.get("code").asInt()).isEqualTo(-32602);
            JsonNode dir = sep.result("resources/metadata", TestClient.json("{\"uri\":\"demo://dir/\"}"))
                    .get("resource");
            assertThat(dir.get("isCollection").asBoolean()).isTrue();
            assertThat(dir.get("mimeType").asText()).isEqualTo("inode/directory");
        }
    }

    @Test
    void metadataWorksInTheStatelessEraToo() {
        try (TestClient sep = client(server, ProtocolRevision.V2026_07_28, true)) {
            JsonNode result = sep.result("resources/metadata", TestClient.json("{\"uri\":\"test://bytes\"}"));
            assertThat(result.get("resultType").asText()).isEqualTo("complete");
            assertThat(result.at("/resource/uri").asText()).isEqualTo("test://bytes");
        }
    }

    @Test
    void listedResourcesCarryIsCollectionWithTheSep() {
        try (TestClient sep = client(server, ProtocolRevision.V2025_06_18, true)) {
            JsonNode page = sep.result("resources/list", null).get("resources");
            for (JsonNode r : page) {
                assertThat(r.has("isCollection")).as(r.toString()).isTrue();
            }
        }
    }

    @Test
    void listingACollectionPagesThroughItsChildren() {
        try (McpServer small = Fixtures.builder(Fixtures.items(1)).pageSize(2).build();
                TestClient sep = client(small, ProtocolRevision.V2025_11_25, true)) {
            List<String> children = new ArrayList<>();
            String cursor = null;
            do {
                String params = cursor == null
                        ? "{\"uri\":\"demo://dir/\"}"
                        : "{\"uri\":\"demo://dir/\",\"cursor\":\"" + cursor + "\"}";
                JsonNode page = sep.result("resources/list", TestClient.json(params));
                assertThat(page.get("resources").size()).isLessThanOrEqualTo(2);
                page.get("resources").forEach(r -> children.add(r.get("uri").asText()));
                cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
            } while (cursor != null);
            assertThat(children).containsExactly("demo://dir/a.txt", "demo://dir/b.txt", "demo://dir/c.txt");
        }
    }

    @Test
    void aChildrenCursorOnlyContinuesItsOwnCollection() {
        try (McpServer small = Fixtures.builder(Fixtures.items(5)).pageSize(2).build();
                TestClient sep = client(small, ProtocolRevision.V2025_11_25, true)) {
            String cursor = sep.result("resources/list", TestClient.json("{\"uri\":\"demo://dir/\"}"))
                    .get("nextCursor")
                    .asText();
            JsonNode error = sep.error("resources/list", TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
        }
    }

    @Test
    void listingALeafAsACollectionIsInvalidParams() {
        try (TestClient sep = client(server, ProtocolRevision.V2025_11_25, true)) {
            JsonNode error = sep.error("resources/list", TestClient.json("{\"uri\":\"test://text\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32602);
            assertThat(error.get("message").asText()).contains("not a collection");
        }
    }

    @Test
    void readingACollectionReturnsItsChildren() {
        try (TestClient sep = client(server, ProtocolRevision.V2025_11_25, true)) {
            JsonNode contents = sep.result("resources/read", TestClient.json("{\"uri\":\"demo://dir/\"}"))
                    .get("contents");
            assertThat(contents.findValuesAsText("uri"))
                    .containsExactly("demo://dir/a.txt", "demo://dir/b.txt", "demo://dir/c.txt");
            assertThat(contents.get(0).get("text").asText()).isEqualTo("child a.txt");
            assertThat(contents.get(0).get("name").asText()).isEqualTo("a.txt");
        }
    }
}
