package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What real repositories hold: links, submodules, LFS pointers, executables, tags of both kinds, names that are not UTF-8. */
class ContentKindsTest {

    @TempDir
    Path dir;

    private TestRepo git;
    private String submoduleCommit;

    @BeforeEach
    void setUp() throws Exception {
        git = TestRepo.init(dir.resolve("repo"));
        git.write("run.sh", "#!/bin/sh\necho hi\n")
                .write(
                        "model.psd",
                        "version https://git-lfs.github.com/spec/v1\n"
                                + "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n")
                .write(".gitmodules", "[submodule \"lib\"]\n\tpath = lib\n\turl = https://example.com/lib.git\n");
        Files.setPosixFilePermissions(
                git.dir.resolve("run.sh"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(git.dir.resolve("link"), Path.of("run.sh"));
        git.git("add", "-A");
        submoduleCommit = "0123456789abcdef0123456789abcdef01234567";
        git.git("update-index", "--add", "--cacheinfo", "160000," + submoduleCommit + ",lib");
        git.git("commit", "-q", "-m", "kinds"); // not commit(): "add -A" would drop the gitlink without a folder
        git.git("tag", "light");
        git.git("tag", "-a", "-m", "annotated", "heavy");
    }

    @Test
    void linksSubmodulesLfsPointersAndExecutablesAreMarked() {
        GitResources resources = git.resources();
        Resource link = resources.metadata("git://repo/tree/main/link").orElseThrow();
        assertThat(link.mimeType()).isEqualTo("inode/symlink");
        assertThat(meta(link).get("target").asText()).isEqualTo("run.sh");
        assertThat(meta(link).get("mode").asText()).isEqualTo("120000");
        assertThat(Reads.text(
                        resources
                                .read("git://repo/tree/main/link", Reads.LIMITS)
                                .items(),
                        0))
                .isEqualTo("run.sh");

        Resource lib = resources.metadata("git://repo/tree/main/lib").orElseThrow();
        assertThat(lib.mimeType()).isEqualTo("inode/x-git-submodule");
        assertThat(lib.collection()).isFalse();
        assertThat(meta(lib).get("submodule").get("commit").asText()).isEqualTo(submoduleCommit);
        assertThat(Reads.text(
                        resources.read("git://repo/tree/main/lib", Reads.LIMITS).items(), 0))
                .contains(submoduleCommit)
                .contains("not followed");
        assertThat(resources.metadata("git://repo/tree/main/lib/anything"))
                .as("a submodule is never entered")
                .isEmpty();

        Resource pointer = resources.metadata("git://repo/tree/main/model.psd").orElseThrow();
        assertThat(pointer.mimeType()).isEqualTo("text/plain");
        assertThat(meta(pointer).get("lfs").get("size").asLong()).isEqualTo(12345);
        assertThat(meta(pointer).get("lfs").get("oid").asText()).startsWith("sha256:4d7a2146");
        assertThat(Reads.text(
                        resources
                                .read("git://repo/tree/main/model.psd", Reads.LIMITS)
                                .items(),
                        0))
                .as("the pointer is served as it is")
                .startsWith("version https://git-lfs.github.com/spec/v1\n");

        assertThat(meta(resources.metadata("git://repo/tree/main/run.sh").orElseThrow())
                        .get("mode")
                        .asText())
                .isEqualTo("100755");
        resources.repository().close();
    }

    @Test
    void lightweightAndAnnotatedTagsAreBothListedAsTags() {
        GitResources resources = git.resources();
        List<Resource> tags = resources.list(null, 100).resources().stream()
                .filter(r -> r.uri().equals("git://repo/tree/light") || r.uri().equals("git://repo/tree/heavy"))
                .toList();
        assertThat(tags).hasSize(2);
        for (Resource tag : tags) {
            assertThat(meta(tag).get("kind").asText()).isEqualTo("tag");
            assertThat(meta(tag).get("commit").asText())
                    .isEqualTo(git.git("rev-parse", "main").strip());
        }
        resources.repository().close();
    }

    @Test
    void namesThatAreNotUtf8KeepTheirBytes() throws Exception {
        byte[] latin1 = "caf\u00e9.txt".getBytes(StandardCharsets.ISO_8859_1);
        String blob = git.git("hash-object", "-w", "run.sh").strip();
        ByteArrayOutputStream tree = new ByteArrayOutputStream();
        tree.write(("100644 blob " + blob + "\t").getBytes(StandardCharsets.US_ASCII));
        tree.write(latin1);
        tree.write('\n');
        String treeId = new String(git.gitIn(tree.toByteArray(), "mktree"), StandardCharsets.US_ASCII).strip();
        String commit = git.git("commit-tree", treeId, "-m", "latin-1 name").strip();
        git.git("branch", "latin", commit);
        GitResources resources = git.resources();
        List<String> uris = resources.children("git://repo/tree/latin", null, 10).resources().stream()
                .map(Resource::uri)
                .toList();
        assertThat(uris).containsExactly("git://repo/tree/latin/caf%E9.txt");
        assertThat(Reads.bytes(resources.read(uris.getFirst(), Reads.LIMITS).items(), 0))
                .isEqualTo(git.gitBytes("cat-file", "blob", blob));
        resources.repository().close();

        // The repository's templates take path values as bytes, so the server reads such a name too.
        try (McpServer server = McpServer.builder().provider(git.provider()).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            JsonNode result = client.result(
                    McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uris.getFirst()));
            JsonNode item = result.get("contents").get(0);
            assertThat(item.get("uri").asText()).isEqualTo(uris.getFirst());
            assertThat(
                            item.has("text")
                                    ? item.get("text").asText().getBytes(StandardCharsets.UTF_8)
                                    : java.util.Base64.getDecoder()
                                            .decode(item.get("blob").asText()))
                    .isEqualTo(git.gitBytes("cat-file", "blob", blob));
        }
    }

    /**
     * A small UTF-8 blob is handed to the server as its bytes (one with a byte order mark as its text
     * without it), and every one reaches the client as the text it holds: plain, escaped, non-ASCII.
     */
    @Test
    void textBlobsAreHandedOverAsTheirBytesAndSentAsTheirText() throws Exception {
        String plain = "plain ASCII, with / and {braces}\n";
        String escaped = "a \"quote\", a \\ and a\ttab\n";
        String unicode = "caf\u00e9 \u4e2d\u6587 \ud83d\ude00\n";
        git.write("plain.txt", plain).write("escaped.txt", escaped).write("unicode.md", unicode);
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i'};
        git.write("bom.txt", bom);
        git.commit("texts");
        GitResources resources = git.resources();
        for (String name : List.of("plain.txt", "escaped.txt", "unicode.md")) {
            Content content = resources
                    .read("git://repo/tree/main/" + name, Reads.LIMITS)
                    .items()
                    .getFirst()
                    .content();
            assertThat(content).as(name).isInstanceOf(Content.Utf8Text.class);
        }
        assertThat(resources
                        .read("git://repo/tree/main/bom.txt", Reads.LIMITS)
                        .items()
                        .getFirst()
                        .content())
                .isEqualTo(new Content.Text("hi"));
        resources.repository().close();

        try (McpServer server = McpServer.builder().provider(git.provider()).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            for (var expected : java.util.Map.of(
                            "plain.txt", plain, "escaped.txt", escaped, "unicode.md", unicode, "bom.txt", "hi")
                    .entrySet()) {
                JsonNode item = client.result(
                                McpMethod.RESOURCES_READ.wire(),
                                TestClient.json("{}").put("uri", "git://repo/tree/main/" + expected.getKey()))
                        .get("contents")
                        .get(0);
                assertThat(item.get("text").asText()).as(expected.getKey()).isEqualTo(expected.getValue());
            }
        }
    }

    private static JsonNode meta(Resource resource) {
        return resource.meta().get(Describer.META);
    }
}
