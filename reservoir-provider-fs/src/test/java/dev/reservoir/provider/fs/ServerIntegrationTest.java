package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The provider behind a real server: every message is checked against the official schema. */
@Timeout(60)
class ServerIntegrationTest {

    @TempDir
    Path root;

    private McpServer server;
    private TestClient client;
    private String base;

    @BeforeEach
    void setUp() throws IOException {
        Fixtures.write(root, "notes/today.md", "# Today\n");
        Fixtures.write(root, "notes/pic.png", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0});
        Fixtures.write(root, "big.txt", "x".repeat(2000));
        FileSystemProvider fs = FileSystemProvider.builder()
                .root(root)
                .maxReadBytes(1000)
                .coalesceWindow(Duration.ofMillis(50))
                .build();
        server = McpServer.builder().provider(fs).pageSize(2).build();
        client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true);
        base = fs.rootUris().getFirst().toString();
    }

    @AfterEach
    void tearDown() {
        client.close();
        server.close();
    }

    @Test
    void theTreeIsListedInPagesWithFullMetadata() {
        JsonNode first = client.result(McpMethod.RESOURCES_LIST.wire(), null);
        assertThat(first.get("resources")).hasSize(2);
        JsonNode rootItem = first.get("resources").get(0);
        assertThat(rootItem.get("uri").asText()).isEqualTo(base);
        assertThat(rootItem.get("isCollection").asBoolean()).isTrue();
        assertThat(rootItem.get("mimeType").asText()).isEqualTo("inode/directory");
        JsonNode big = first.get("resources").get(1);
        assertThat(big.get("uri").asText()).isEqualTo(base + "/big.txt");
        assertThat(big.get("size").asLong()).isEqualTo(2000);
        assertThat(big.get("annotations").get("lastModified").asText()).isNotEmpty();
        JsonNode second = client.result(
                McpMethod.RESOURCES_LIST.wire(),
                TestClient.json("{}").put("cursor", first.get("nextCursor").asText()));
        assertThat(second.get("resources").get(0).get("uri").asText()).isEqualTo(base + "/notes");
    }

    @Test
    void filesReadAsTextOrBlobAndFoldersAsCollections() {
        JsonNode text = read(base + "/notes/today.md").get("contents").get(0);
        assertThat(text.get("text").asText()).isEqualTo("# Today\n");
        assertThat(text.get("mimeType").asText()).isEqualTo("text/markdown");
        JsonNode blob = read(base + "/notes/pic.png").get("contents").get(0);
        assertThat(Base64.getDecoder().decode(blob.get("blob").asText())).hasSize(10);
        JsonNode folder = read(base + "/notes").get("contents");
        assertThat(folder.get(0).get("mimeType").asText()).isEqualTo("text/uri-list");
        assertThat(folder.get(1).get("uri").asText()).isEqualTo(base + "/notes/today.md");
    }

    @Test
    void aFileOverTheLimitIsRefusedWithItsSizeAndTheLimit() {
        JsonNode error = client.error(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", base + "/big.txt"));
        assertThat(error.get("code").asInt()).isEqualTo(-31000);
        assertThat(error.get("data").get("size").asLong()).isEqualTo(2000);
        assertThat(error.get("data").get("limit").asLong()).isEqualTo(1000);
    }

    @Test
    void templatesAndCompletionNameThePaths() {
        JsonNode templates = client.result(McpMethod.RESOURCES_TEMPLATES_LIST.wire(), null);
        assertThat(templates.get("resourceTemplates").get(0).get("uriTemplate").asText())
                .isEqualTo(base + "/{+path}");
        ObjectNode params = TestClient.json("{}");
        params.putObject("ref").put("type", "ref/resource").put("uri", base + "/{+path}");
        params.putObject("argument").put("name", "path").put("value", "notes/t");
        JsonNode completion = client.result(McpMethod.COMPLETION_COMPLETE.wire(), params);
        assertThat(completion.get("completion").get("values").get(0).asText()).isEqualTo("notes/today.md");
    }

    @Test
    void subscribersHearOfChangesOnDisk() throws IOException {
        client.result(
                McpMethod.RESOURCES_SUBSCRIBE.wire(), TestClient.json("{}").put("uri", base + "/notes/today.md"));
        Files.writeString(root.resolve("notes/today.md"), "# Today, changed\n");
        JsonNode updated = client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, Duration.ofSeconds(10));
        assertThat(updated.get("params").get("uri").asText()).isEqualTo(base + "/notes/today.md");
        Files.writeString(root.resolve("notes/tomorrow.md"), "# Tomorrow\n");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, Duration.ofSeconds(10));
        client.assertExhausted(Duration.ofMillis(500));
    }

    private JsonNode read(String uri) {
        return client.result(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri));
    }
}
