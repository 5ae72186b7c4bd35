package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The provider behind a real server: every message is checked against the official schema of its revision. */
@Timeout(60)
class ServerIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private TestRepo git;
    private String first;
    private McpServer server;
    private TestClient client;

    @BeforeEach
    void setUp() {
        git = TestRepo.init(dir.resolve("repo"));
        git.write("README.md", "# Read me\n")
                .write("src/Main.java", "class Main {}\n")
                .write("logo.png", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0});
        first = git.commit("first");
        git.write("README.md", "# Read me\n\nSecond.\n").commit("second");
        git.git("tag", "v1", first);
        GitProvider provider = GitProvider.builder(git.dir)
                .name("repo")
                .coalesceWindow(Duration.ofMillis(20))
                .build();
        server = McpServer.builder().provider(provider).pageSize(4).build();
        client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true);
    }

    @AfterEach
    void tearDown() {
        client.close();
        server.close();
    }

    private JsonNode read(String uri) {
        return client.result(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri));
    }

    @Test
    void theListIsTheRepositoryItsReadmeItsViewsItsRefsThenTheRestOfTheDefaultBranchsTree() {
        List<String> uris = new ArrayList<>();
        String cursor = null;
        do {
            ObjectNode params = TestClient.json("{}");
            if (cursor != null) {
                params.put("cursor", cursor);
            }
            JsonNode page = client.result(McpMethod.RESOURCES_LIST.wire(), params);
            assertThat(page.get("resources").size()).isLessThanOrEqualTo(4);
            page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
            cursor = page.path("nextCursor").asText(null);
        } while (cursor != null);
        assertThat(uris)
                .containsExactly(
                        "git://repo/",
                        "git://repo/tree/main/README.md",
                        "git://repo/log/main",
                        "git://repo/status",
                        "git://repo/diff",
                        "git://repo/tree/main",
                        "git://repo/tree/v1",
                        "git://repo/tree/main/logo.png",
                        "git://repo/tree/main/src",
                        "git://repo/tree/main/src/Main.java");
    }

    @Test
    void entriesCarryTheirTypeSizeAndCommit() {
        JsonNode readme = client.result(
                        McpMethod.RESOURCES_METADATA.wire(),
                        TestClient.json("{}").put("uri", "git://repo/tree/main/README.md"))
                .get("resource");
        assertThat(readme.get("name").asText()).isEqualTo("README.md");
        assertThat(readme.get("mimeType").asText()).isEqualTo("text/markdown");
        assertThat(readme.get("size").asLong()).isEqualTo(19);
        assertThat(readme.get("isCollection").asBoolean()).isFalse();
        assertThat(java.time.Instant.parse(
                        readme.get("annotations").get("lastModified").asText()))
                .as("the commit time of the last change to README.md")
                .isEqualTo(
                        java.time.OffsetDateTime.parse(git.git("log", "-1", "--format=%cI", "main", "--", "README.md")
                                        .strip())
                                .toInstant());
        JsonNode meta = readme.get("_meta").get("dev.reservoir/git");
        assertThat(meta.get("commit").asText())
                .isEqualTo(git.git("rev-parse", "main").strip());
        assertThat(meta.get("ref").asText()).isEqualTo("refs/heads/main");
        assertThat(meta.get("object").asText())
                .isEqualTo(git.git("rev-parse", "main:README.md").strip());
        assertThat(meta.get("mode").asText()).isEqualTo("100644");
    }

    @Test
    void filesReadAsTextOrBlobFoldersAsCollectionsAndCommitsWithTheirPatch() {
        JsonNode text = read("git://repo/blob/v1/README.md").get("contents").get(0);
        assertThat(text.get("text").asText()).isEqualTo("# Read me\n");
        JsonNode blob = read("git://repo/tree/main/logo.png").get("contents").get(0);
        assertThat(blob.get("mimeType").asText()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(blob.get("blob").asText())).hasSize(12);
        JsonNode folder = read("git://repo/tree/main/src").get("contents");
        assertThat(folder.get(0).get("mimeType").asText()).isEqualTo("text/uri-list");
        assertThat(folder.get(0).get("text").asText()).contains("git://repo/tree/main/src/Main.java\r\n");
        assertThat(folder.get(1).get("text").asText()).isEqualTo("class Main {}\n");
        JsonNode commit = read("git://repo/commit/main").get("contents");
        assertThat(commit.get(0).get("text").asText()).contains("    second\n").endsWith("M\tREADME.md\n");
        assertThat(commit.get(1).get("mimeType").asText()).isEqualTo("text/x-diff");
        assertThat(commit.get(1).get("text").asText()).contains("+Second.\n");
    }

    @Test
    void contentNamedByAFullCommitIdIsCacheableForAYearAndAtABranchNot() {
        TestClient stateless = TestClient.connect(server).stateless(ProtocolRevision.LATEST, true);
        JsonNode pinned = stateless.result(
                McpMethod.RESOURCES_READ.wire(),
                TestClient.json("{}").put("uri", "git://repo/tree/" + first + "/README.md"));
        assertThat(pinned.get("ttlMs").asLong()).isEqualTo(Duration.ofDays(365).toMillis());
        assertThat(pinned.get("cacheScope").asText()).isEqualTo("private");
        JsonNode moving = stateless.result(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", "git://repo/tree/main/README.md"));
        assertThat(moving.get("ttlMs").asLong()).isZero();
        stateless.close();
    }

    @Test
    void missingRevisionsAndPathsAreNotFoundAndBadParametersSayWhy() {
        JsonNode missing = client.error(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", "git://repo/tree/nope/README.md"));
        assertThat(missing.get("code").asInt())
                .as("not found, as SEP-2093 asks")
                .isEqualTo(-32602);
        assertThat(missing.get("data").get("uri").asText()).isEqualTo("git://repo/tree/nope/README.md");
        JsonNode escape = client.error(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", "git://repo/tree/main/%2E%2E/x"));
        assertThat(escape.get("code").asInt()).isEqualTo(-32602);
        JsonNode limit = client.error(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", "git://repo/log/main?limit=x"));
        assertThat(limit.get("code").asInt()).isEqualTo(-32602);
        assertThat(limit.get("message").asText()).contains("'limit' must be a number");
    }

    @Test
    void templatesCompleteRefsAndPathsAtTheChosenRef() {
        JsonNode templates =
                client.result(McpMethod.RESOURCES_TEMPLATES_LIST.wire(), null).get("resourceTemplates");
        assertThat(templates.get(0).get("uriTemplate").asText()).isEqualTo("git://repo/tree/{+ref}/{+path}");
        ObjectNode params = TestClient.json("{}");
        params.putObject("ref").put("type", "ref/resource").put("uri", "git://repo/tree/{+ref}/{+path}");
        params.putObject("argument").put("name", "ref").put("value", "");
        JsonNode refs = client.result(McpMethod.COMPLETION_COMPLETE.wire(), params)
                .get("completion")
                .get("values");
        assertThat(refs.get(0).asText()).isEqualTo("main");
        assertThat(refs.get(1).asText()).isEqualTo("v1");
        assertThat(refs.get(2).asText()).isEqualTo("HEAD");
        params.putObject("argument").put("name", "path").put("value", "s");
        params.putObject("context").putObject("arguments").put("ref", "v1");
        JsonNode paths = client.result(McpMethod.COMPLETION_COMPLETE.wire(), params)
                .get("completion")
                .get("values");
        assertThat(paths).hasSize(1);
        assertThat(paths.get(0).asText()).isEqualTo("src/");
        params.putObject("argument").put("name", "ref").put("value", first.substring(0, 6));
        JsonNode ids = client.result(McpMethod.COMPLETION_COMPLETE.wire(), params)
                .get("completion")
                .get("values");
        assertThat(ids.get(0).asText()).isEqualTo(first);
    }

    @Test
    void aCommitUpdatesOnlyTheFilesWhoseBlobsChangedAndNewBranchesChangeTheList() {
        for (String uri : List.of(
                "git://repo/tree/main/README.md",
                "git://repo/tree/main/src/Main.java",
                "git://repo/tree/v1/README.md")) {
            client.result(
                    McpMethod.RESOURCES_SUBSCRIBE.wire(), TestClient.json("{}").put("uri", uri));
        }
        git.write("README.md", "# Read me\n\nThird.\n").commit("third");
        assertThat(List.of(notification(), notification()))
                .containsExactlyInAnyOrder("list_changed", "updated git://repo/tree/main/README.md");
        client.assertExhausted(Duration.ofMillis(500));
        git.git("branch", "topic");
        assertThat(notification()).isEqualTo("list_changed");
        client.assertExhausted(Duration.ofMillis(500));
    }

    /** The next notification, as "list_changed" or "updated URI". */
    private String notification() {
        JsonNode next = client.nextNotification(WAIT);
        return next.get("method").asText().equals(McpMethods.NOTIFICATION_RESOURCE_UPDATED)
                ? "updated " + next.get("params").get("uri").asText()
                : next.get("method").asText().replace("notifications/resources/", "");
    }
}
