package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the provider reads, compared byte for byte with what the git command line prints for the
 * same repository: files, commits, patches, logs, comparisons and blame (git's diff run with
 * {@code --no-indent-heuristic}, which JGit does not have).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CrossCheckTest {

    private TestRepo git;
    private GitResources resources;
    private List<String> commits;

    @BeforeAll
    void buildRepository(@TempDir Path dir) throws Exception {
        git = TestRepo.init(dir.resolve("r"));
        git.write("README.md", "# Project\n\nFirst words.\n")
                .write("src/Main.java", "class Main {\n    void run() {\n        one();\n    }\n}\n")
                .write("data/blob.bin", new byte[] {0, 1, 2, (byte) 0xff, 0, 42})
                .write("latin1.txt", "caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        String c1 = git.commit("Start the project");
        git.write("src/Main.java", "class Main {\n    void run() {\n        one();\n        two();\n    }\n}\n")
                .write("README.md", "# Project\n\nFirst words.\nMore words.\n");
        String c2 = git.commit("Run two things\n\nA body that explains\nover two lines.\n");
        git.git("mv", "data/blob.bin", "data/moved.bin");
        git.write("data/blob2.bin", new byte[] {9, 0, 9});
        git.write("src/Util.java", "class Util {}\n");
        String c3 = git.commit("Move the blob");
        git.git("checkout", "-q", "-b", "feature/x", c2);
        git.write(
                "src/Main.java",
                "class Main {\n    void run() {\n        zero();\n        one();\n        two();\n    }\n}\n");
        String f1 = git.commit("Zero first");
        git.git("checkout", "-q", "main");
        git.git("merge", "-q", "--no-ff", "-m", "Merge feature/x", "feature/x");
        String merge = git.git("rev-parse", "HEAD").strip();
        git.git("tag", "v1", c1);
        git.git("tag", "-a", "-m", "Release two", "v2", c3);
        commits = List.of(c1, c2, c3, f1, merge);
        resources = git.resources();
    }

    @AfterAll
    void close() {
        resources.repository().close();
    }

    private List<Item> read(String uri) {
        return resources.read(uri, Reads.LIMITS).items();
    }

    @Test
    void everyFileAtEveryCommitIsItsBlobByteForByte() {
        for (String commit : commits) {
            for (String path :
                    git.git("ls-tree", "-r", "--name-only", commit).lines().toList()) {
                byte[] expected = git.gitBytes("show", commit + ":" + path);
                List<Item> items = read("git://repo/tree/" + commit + "/" + path);
                assertThat(items).hasSize(1);
                assertThat(Reads.bytes(items, 0)).as("%s at %s", path, commit).isEqualTo(expected);
                assertThat(items.getFirst().resource().size()).isEqualTo(expected.length);
            }
        }
    }

    @Test
    void filesAtBranchesAndTagsAreTheirBlobs() {
        assertThat(Reads.bytes(read("git://repo/blob/main/src/Main.java"), 0))
                .isEqualTo(git.gitBytes("show", "main:src/Main.java"));
        assertThat(Reads.bytes(read("git://repo/tree/feature/x/src/Main.java"), 0))
                .isEqualTo(git.gitBytes("show", "feature/x:src/Main.java"));
        assertThat(Reads.bytes(read("git://repo/tree/v2/data/moved.bin"), 0))
                .isEqualTo(git.gitBytes("show", "v2:data/moved.bin"));
    }

    @Test
    void aCommitReadsAsGitShowFullerWithNameStatusThenItsPatch() {
        for (String commit : commits) {
            List<Item> items = read("git://repo/commit/" + commit);
            assertThat(items).hasSize(2);
            assertThat(items.get(0).resource().mimeType()).isEqualTo("text/plain");
            assertThat(Reads.text(items, 0))
                    .as("commit %s", commit)
                    .isEqualTo(
                            git.git("show", "--format=fuller", "--name-status", "--diff-merges=first-parent", commit));
            assertThat(items.get(1).resource().mimeType()).isEqualTo("text/x-diff");
            assertThat(Reads.text(items, 1))
                    .as("patch of %s", commit)
                    .isEqualTo(git.git(
                                    "show",
                                    "--format=",
                                    "--patch",
                                    "--no-indent-heuristic",
                                    "--diff-merges=first-parent",
                                    commit)
                            .replaceFirst("^\n", ""));
        }
    }

    @Test
    void aLogIsGitLogOneLinePerCommit() {
        String format = "--format=%H%x09%aI%x09%an%x09%s";
        assertThat(Reads.text(read("git://repo/log/main"), 0)).isEqualTo(git.git("log", format, "main"));
        assertThat(Reads.text(read("git://repo/log/main?path=src/Main.java"), 0))
                .isEqualTo(git.git("log", format, "main", "--", "src/Main.java"));
        assertThat(Reads.text(read("git://repo/log/main?limit=2"), 0))
                .isEqualTo(git.git("log", format, "-n", "2", "main"));
        assertThat(Reads.text(read("git://repo/log/feature/x?path=data"), 0))
                .isEqualTo(git.git("log", format, "feature/x", "--", "data"));
    }

    @Test
    void aComparisonListsCommitsAndChangesThenThePatchSinceTheMergeBase() {
        String format = "--format=%H%x09%aI%x09%an%x09%s";
        List<Item> items = read("git://repo/compare/v1...feature/x");
        assertThat(Reads.text(items, 0))
                .isEqualTo(git.git("log", format, "v1..feature/x") + "\n"
                        + git.git("diff", "--name-status", "v1...feature/x"));
        assertThat(Reads.text(items, 1)).isEqualTo(git.git("diff", "--no-indent-heuristic", "v1...feature/x"));
        List<Item> direct = read("git://repo/compare/feature/x..main?path=data");
        assertThat(Reads.text(direct, 1))
                .isEqualTo(git.git("diff", "--no-indent-heuristic", "feature/x..main", "--", "data"));
    }

    @Test
    void blameIsGitBlamePorcelain() {
        for (String path : List.of("src/Main.java", "README.md")) {
            assertThat(Reads.text(read("git://repo/blame/main/" + path), 0))
                    .as("blame of %s", path)
                    .isEqualTo(git.git("blame", "--porcelain", "main", "--", path));
        }
        assertThat(Reads.text(read("git://repo/blame/feature/x/src/Main.java"), 0))
                .isEqualTo(git.git("blame", "--porcelain", "feature/x", "--", "src/Main.java"));
    }

    @Test
    void theWorkTreeStatusAndDiffAreGitStatusPorcelainAndGitDiffHead() throws Exception {
        git.write("README.md", "# Project\n\nChanged in the work tree.\n");
        git.write("notes/todo.txt", "untracked\n");
        git.write("src/New.java", "class New {}\n");
        git.git("add", "src/New.java");
        git.git("mv", "src/Util.java", "src/Tools.java");
        Files.delete(git.dir.resolve("latin1.txt"));
        String status = Reads.text(read("git://repo/status"), 0);
        String diff = Reads.text(read("git://repo/diff"), 0);
        assertThat(status).isEqualTo(git.git("status", "--porcelain"));
        assertThat(diff).isEqualTo(git.git("diff", "--no-indent-heuristic", "HEAD"));
        git.git("reset", "-q", "--hard");
        git.git("clean", "-q", "-fd");
    }
}
