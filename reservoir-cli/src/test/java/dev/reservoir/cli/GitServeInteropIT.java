package dev.reservoir.cli;

import static dev.reservoir.cli.ResourcesStdio.bytes;
import static dev.reservoir.cli.ResourcesStdio.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reservoir serve git:REPO} as an MCP host runs it: the built jar spawned by the official
 * TypeScript SDK over stdio with only HOME and PATH, serving a repository made with the git
 * command line (commits, a branch, an annotated tag, a file named outside ASCII, a binary file);
 * every answer checked against what git itself says.
 */
@Timeout(300)
class GitServeInteropIT {

    private static final String NAME = "not%C3%A9s/r%C3%A9sum%C3%A9%20%E6%97%A5%E6%9C%AC.md";

    @TempDir
    Path dir;

    private Path repo;
    private String first;
    private String second;
    private String feature;

    @BeforeEach
    void repository() throws Exception {
        repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve("src"));
        git("init", "-q", "-b", "main");
        Files.writeString(repo.resolve("README.md"), "# hello\n");
        Files.writeString(repo.resolve("src/app.txt"), "one\n");
        first = commit("first");
        git("tag", "-a", "v1.0", "-m", "version one");
        Files.writeString(repo.resolve("src/app.txt"), "one\ntwo\n");
        // "notés/résumé 日本.md", made from its URI so that it is byte-exact whatever this JVM's locale.
        Path named = SdkFolderClient.path(SdkFolderClient.fileUri(repo.toRealPath()) + "/" + NAME);
        Files.createDirectories(named.getParent());
        Files.write(named, "café ☕\n".getBytes(StandardCharsets.UTF_8));
        byte[] binary = new byte[256];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) i;
        }
        Files.write(repo.resolve("logo.bin"), binary);
        second = commit("second: résumé");
        git("checkout", "-q", "-b", "feature");
        Files.writeString(repo.resolve("src/app.txt"), "one\ntwo\nthree\n");
        feature = commit("feature");
        git("checkout", "-q", "main");
    }

    @Test
    void aSessionClientListsReadsCompletesAndReadsCommitsAsGitDoes() throws Exception {
        String blobTemplate = "git://repo/blob/{+ref}/{+path}";
        List<JsonNode> answers = ResourcesStdio.sdk1(dir, "git:" + repo)
                .list()
                .templates()
                .read("git://repo/blob/main/" + NAME)
                .read("git://repo/blob/main/logo.bin")
                .read("git://repo/blob/" + first.substring(0, 7) + "/src/app.txt")
                .read("git://repo/blob/v1.0/src/app.txt")
                .complete(blobTemplate, "ref", "")
                .complete(blobTemplate, "ref", "v")
                .complete(blobTemplate, "ref", feature.substring(0, 7))
                .read("git://repo/commit/" + second)
                .run();
        assertThat(answers.get(0).path("protocolVersion").asText()).isEqualTo("2025-11-25");

        assertThat(ResourcesStdio.uris(result(answers.get(1))))
                .containsExactly(
                        "git://repo/",
                        "git://repo/tree/main/README.md",
                        "git://repo/log/main",
                        "git://repo/status",
                        "git://repo/diff",
                        "git://repo/tree/feature",
                        "git://repo/tree/main",
                        "git://repo/tree/v1.0",
                        "git://repo/tree/main/logo.bin",
                        "git://repo/tree/main/not%C3%A9s",
                        "git://repo/tree/main/" + NAME,
                        "git://repo/tree/main/src",
                        "git://repo/tree/main/src/app.txt");
        assertThat(result(answers.get(2)).path("resourceTemplates").findValuesAsText("uriTemplate"))
                .containsExactly(
                        "git://repo/tree/{+ref}/{+path}",
                        blobTemplate,
                        "git://repo/commit/{+rev}",
                        "git://repo/log/{+ref}{?path,limit}",
                        "git://repo/compare/{+base}...{+head}{?path}",
                        "git://repo/blame/{+ref}/{+path}");

        Map<String, String> atMain = blobIds("main");
        assertRead(answers.get(3), atMain.get("notés/résumé 日本.md"));
        assertThat(result(answers.get(3)).path("contents").get(0).path("text").asText())
                .isEqualTo("café ☕\n");
        assertRead(answers.get(4), atMain.get("logo.bin"));
        assertRead(answers.get(5), blobIds(first).get("src/app.txt"));
        assertRead(answers.get(6), blobIds("v1.0").get("src/app.txt"));

        assertThat(completion(answers.get(7))).containsExactly("main", "feature", "v1.0", "HEAD", second, first);
        assertThat(completion(answers.get(8))).containsExactly("v1.0");
        assertThat(completion(answers.get(9))).containsExactly(feature);

        JsonNode commit = result(answers.get(10)).path("contents");
        assertThat(commit).hasSize(2);
        assertThat(commit.get(0).path("mimeType").asText()).isEqualTo("text/plain");
        assertThat(commit.get(0).path("text").asText())
                .isEqualTo(gitText("show", "--format=fuller", "--name-status", second));
        assertThat(commit.get(1).path("mimeType").asText()).isEqualTo("text/x-diff");
        assertThat(commit.get(1).path("text").asText())
                .isEqualTo(gitText("show", "--format=", "--patch", "--no-indent-heuristic", second)
                        .replaceFirst("^\n", ""));
    }

    @Test
    void aClientOf2026_07_28ReadsAndHearsThatContentAtACommitIdNeverChanges() throws Exception {
        List<JsonNode> answers = ResourcesStdio.client2(dir, "git:" + repo)
                .list()
                .read("git://repo/blob/" + first + "/src/app.txt")
                .read("git://repo/blob/feature/src/app.txt")
                .run();
        assertThat(answers.get(0).path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(ResourcesStdio.uris(result(answers.get(1))))
                .startsWith("git://repo/")
                .contains("git://repo/tree/main/" + NAME);
        JsonNode pinned = result(answers.get(2));
        assertThat(pinned.path("contents").get(0).path("text").asText()).isEqualTo("one\n");
        assertThat(pinned.path("ttlMs").asLong()).isEqualTo(365L * 24 * 3600 * 1000);
        assertThat(pinned.path("cacheScope").asText()).isEqualTo("private");
        JsonNode atBranch = result(answers.get(3));
        assertThat(atBranch.path("contents").get(0).path("text").asText()).isEqualTo("one\ntwo\nthree\n");
        assertThat(atBranch.path("ttlMs").asLong()).isLessThan(365L * 24 * 3600 * 1000);
    }

    private void assertRead(JsonNode answer, String blobId) throws Exception {
        JsonNode contents = result(answer).path("contents");
        assertThat(contents).hasSize(1);
        assertThat(bytes(contents.get(0))).isEqualTo(git("show", blobId));
    }

    private static List<String> completion(JsonNode answer) {
        List<String> values = new ArrayList<>();
        result(answer).path("completion").path("values").forEach(v -> values.add(v.asText()));
        return values;
    }

    /** Path (decoded as UTF-8 from git's bytes) to blob id, from {@code git ls-tree -r -z REV}. */
    private Map<String, String> blobIds(String rev) throws Exception {
        Map<String, String> ids = new TreeMap<>();
        for (String entry : new String(git("ls-tree", "-r", "-z", rev), StandardCharsets.UTF_8).split("\0")) {
            String[] fields = entry.split("\t", 2);
            ids.put(fields[1], fields[0].split(" ")[2]);
        }
        return ids;
    }

    private String commit(String message) throws Exception {
        git("add", "-A");
        git("commit", "-q", "-m", message);
        return gitText("rev-parse", "HEAD").strip();
    }

    private String gitText(String... args) throws Exception {
        return new String(git(args), StandardCharsets.UTF_8);
    }

    /** Runs git in the repository with a fixed identity and no system or user configuration; its stdout. */
    private byte[] git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"));
        command.addAll(List.of(args));
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(repo.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
        Map<String, String> env = builder.environment();
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_AUTHOR_NAME", "Zoë Author");
        env.put("GIT_AUTHOR_EMAIL", "zoe@example.com");
        env.put("GIT_COMMITTER_NAME", "Com Mitter");
        env.put("GIT_COMMITTER_EMAIL", "c@example.com");
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("git %s ended", args[0])
                .isTrue();
        assertThat(process.exitValue()).as("git %s", String.join(" ", args)).isZero();
        return out;
    }
}
