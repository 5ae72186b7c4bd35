package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder with entries the server may not read, served by a user without privileges (nobody,
 * when the tests run as root) to the official TypeScript SDK client: the listing skips what it
 * cannot read and goes on after it, an unreadable file reads as "permission denied" (-31001,
 * naming its URI), each skipped entry is logged once, and the watcher keeps watching the rest.
 */
@Timeout(300)
class UnreadableEntriesIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void unreadableEntriesAreSkippedAndReadAsPermissionDenied() throws Exception {
        Path shared = Unprivileged.openUp(
                Files.createDirectories(Unprivileged.openUp(dir).resolve("shared")));
        Path tree = Unprivileged.openUp(Files.createDirectories(shared.resolve("tree")));
        Files.createDirectories(tree.resolve("ok"));
        Files.createDirectories(tree.resolve("locked"));
        Files.createDirectories(tree.resolve("zz"));
        Files.writeString(tree.resolve("ok/a.md"), "a\n");
        Files.writeString(tree.resolve("locked/b.md"), "b\n");
        Files.writeString(tree.resolve("secret.md"), "s\n");
        Files.writeString(tree.resolve("z.md"), "z\n");
        Files.writeString(tree.resolve("zz/after.md"), "after\n");
        Files.setPosixFilePermissions(tree.resolve("locked"), PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(tree.resolve("secret.md"), PosixFilePermissions.fromString("---------"));
        Path jar = Unprivileged.jar(shared);

        String base = SdkFolderClient.fileUri(tree.toRealPath());
        List<String> command = Unprivileged.command(List.of(java(), "-jar", jar.toString(), "serve", tree.toString()));
        ObjectNode plan = MAPPER.createObjectNode()
                .put("command", command.getFirst())
                .put("cwd", shared.toString())
                .put("subscribe", base + "/z.md")
                .put("listTimes", 2);
        command.subList(1, command.size()).forEach(plan.putArray("args")::add);
        plan.putArray("read")
                .add(base + "/secret.md")
                .add(base + "/locked/b.md")
                .add(base + "/z.md");
        JsonNode result = SdkFolderClient.run(
                plan, () -> Files.writeString(tree.resolve("z.md"), "changed\n", StandardOpenOption.APPEND));

        assertThat(result.has("failure")).as("%s", result).isFalse();
        assertThat(result.has("listError")).as("%s", result).isFalse();
        List<String> listed = SdkFolderClient.uris(result);
        assertThat(listed)
                .containsSubsequence(
                        base,
                        base + "/secret.md",
                        base + "/z.md",
                        base + "/locked",
                        base + "/ok",
                        base + "/ok/a.md",
                        base + "/zz",
                        base + "/zz/after.md")
                .doesNotContain(base + "/locked/b.md");
        for (String denied : List.of(base + "/secret.md", base + "/locked/b.md")) {
            JsonNode error = result.path("reads").path(denied).path("error");
            assertThat(error.path("code").asInt()).as("%s: %s", denied, error).isEqualTo(-31001);
            assertThat(error.path("message").asText())
                    .contains("Permission denied")
                    .contains(denied);
            assertThat(error.path("data").path("uri").asText()).isEqualTo(denied);
        }
        assertThat(result.path("reads").path(base + "/z.md").path("text").asText())
                .isEqualTo("z\n");
        // The watcher could not watch locked/, and watches the rest.
        List<String> updated = new ArrayList<>();
        result.path("updated").forEach(u -> updated.add(u.asText()));
        assertThat(updated).contains(base + "/z.md");

        String stderr = result.path("stderr").asText();
        assertThat(stderr.lines().filter(l -> l.contains("Skipping " + base + "/locked ")))
                .as("logged once although listed twice:\n%s", stderr)
                .singleElement()
                .asString()
                .contains("permission denied");
        assertThat(stderr.lines().filter(l -> l.contains("Not watching") && l.contains("/locked")))
                .singleElement()
                .asString()
                .contains("permission denied");
        assertThat(stderr).doesNotContain("\tat ").doesNotContain("Exception");
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
