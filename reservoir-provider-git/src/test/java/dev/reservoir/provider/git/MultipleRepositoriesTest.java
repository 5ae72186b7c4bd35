package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.provider.fs.FileSystemProvider;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several repositories and a folder in one server: each answers for its own URIs and templates. */
class MultipleRepositoriesTest {

    @TempDir
    Path dir;

    @Test
    void twoRepositoriesAndAFolderShareOneServer() throws Exception {
        TestRepo app = TestRepo.init(dir.resolve("app"));
        app.write("README.md", "# App\n").commit("app");
        TestRepo lib = TestRepo.init(dir.resolve("lib"));
        lib.write("README.md", "# Lib\n").commit("lib");
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("notes.md"), "# Notes\n");
        FileSystemProvider folder = FileSystemProvider.create(docs);
        try (McpServer server = McpServer.builder()
                        .provider(GitProvider.builder(app.dir).build())
                        .provider(GitProvider.builder(lib.dir).build())
                        .provider(folder)
                        .build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            assertThat(read(client, "git://app/tree/main/README.md")).isEqualTo("# App\n");
            assertThat(read(client, "git://lib/blob/main/README.md")).isEqualTo("# Lib\n");
            assertThat(read(client, folder.rootUris().getFirst() + "/notes.md")).isEqualTo("# Notes\n");
            List<String> templates = new ArrayList<>();
            client.result(McpMethod.RESOURCES_TEMPLATES_LIST.wire(), null)
                    .get("resourceTemplates")
                    .forEach(t -> templates.add(t.get("uriTemplate").asText()));
            assertThat(templates).contains("git://app/tree/{+ref}/{+path}", "git://lib/tree/{+ref}/{+path}");
            JsonNode missing = client.error(
                    McpMethod.RESOURCES_READ.wire(),
                    TestClient.json("{}").put("uri", "git://other/tree/main/README.md"));
            assertThat(missing.get("code").asInt()).isEqualTo(-32602);
        }
    }

    private static String read(TestClient client, String uri) {
        return client.result(
                        McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri))
                .get("contents")
                .get(0)
                .get("text")
                .asText();
    }
}
