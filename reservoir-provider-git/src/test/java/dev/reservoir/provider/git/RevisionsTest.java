package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Revisions resolve as git resolves them, and a ref with '/' takes the longest match. */
class RevisionsTest {

    @TempDir
    Path dir;

    private TestRepo git;
    private GitRepository repo;
    private Revisions revisions;
    private String first;
    private String second;

    @BeforeEach
    void setUp() {
        git = TestRepo.init(dir.resolve("r"));
        first = git.write("a.txt", "one\n").commit("first");
        second = git.write("a.txt", "two\n").commit("second");
        git.git("branch", "feature/x", first);
        git.git("tag", "v1", first);
        git.git("tag", "-a", "-m", "annotated", "v2", second);
        prepare(git);
        repo = GitRepository.open(git.dir, "repo");
        revisions = new Revisions(repo.repository());
    }

    /** Before the repository is opened (with its refs just written, lookups go to JGit). */
    void prepare(TestRepo git) {}

    @AfterEach
    void tearDown() {
        repo.close();
    }

    private String resolve(String expression) {
        return revisions.resolve(expression).map(r -> r.commit().name()).orElse(null);
    }

    private Revisions.Split split(String path) {
        List<byte[]> names = Arrays.stream(path.split("/"))
                .map(s -> s.getBytes(StandardCharsets.UTF_8))
                .toList();
        return revisions.split(names).orElse(null);
    }

    @Test
    void refsTagsIdsAndAncestorsResolveToCommits() {
        assertThat(resolve("main")).isEqualTo(second);
        assertThat(resolve("HEAD")).isEqualTo(second);
        assertThat(resolve("refs/heads/main")).isEqualTo(second);
        assertThat(resolve("heads/main")).isEqualTo(second);
        assertThat(resolve("v1")).isEqualTo(first);
        assertThat(resolve("v2")).as("an annotated tag peels to its commit").isEqualTo(second);
        assertThat(resolve(first)).isEqualTo(first);
        assertThat(resolve(second.substring(0, 7))).isEqualTo(second);
        assertThat(resolve("main~1")).isEqualTo(first);
        assertThat(resolve("main^")).isEqualTo(first);
        assertThat(resolve("main~2")).isNull();
        assertThat(git.git("rev-parse", "main~1").strip()).isEqualTo(first);
    }

    @Test
    void onlyIdsAndNamesUnderRefsResolve() {
        assertThat(resolve("FETCH_HEAD")).isNull();
        assertThat(resolve("ORIG_HEAD")).isNull();
        assertThat(resolve("main@{1}")).isNull();
        assertThat(resolve("main:a.txt")).isNull();
        assertThat(resolve("-main")).isNull();
        assertThat(resolve("../main")).isNull();
        assertThat(resolve("refs/../HEAD")).isNull();
        assertThat(resolve("a.txt")).isNull();
        assertThat(resolve(second.substring(0, 3)))
                .as("at least four hex digits")
                .isNull();
        String tree = git.git("rev-parse", "main^{tree}").strip();
        assertThat(resolve(tree)).as("a tree is no revision").isNull();
    }

    @Test
    void aTagWinsOverABranchOfTheSameNameAsInGit() {
        git.git("branch", "v1", second);
        assertThat(resolve("v1"))
                .isEqualTo(first)
                .isEqualTo(git.git("rev-parse", "v1").strip());
        assertThat(resolve("heads/v1")).isEqualTo(second);
    }

    @Test
    void theLongestRefThatMatchesEndsTheRevision() {
        Revisions.Split split = split("feature/x/a.txt");
        assertThat(split.revision().ref()).isEqualTo("refs/heads/feature/x");
        assertThat(new String(split.path(), StandardCharsets.UTF_8)).isEqualTo("a.txt");
        Revisions.Split root = split("feature/x");
        assertThat(root.revision().token()).isEqualTo("feature/x");
        assertThat(root.path()).isEmpty();
        Revisions.Split id = split(first + "/a.txt");
        assertThat(id.revision().pinned()).isTrue();
        assertThat(id.revision().token()).isEqualTo(first);
        Revisions.Split ancestor = split("main~1/a.txt");
        assertThat(ancestor.revision().commit().name()).isEqualTo(first);
        assertThat(ancestor.revision().pinned()).isFalse();
        assertThat(split("nothing/a.txt")).isNull();
    }

    @Test
    void refTokensAreShortUnlessThatWouldBeAmbiguous() {
        git.git("branch", "v1", second);
        git.git("branch", "docs", second);
        git.git("branch", "docs-old", second);
        git.git("tag", "release/1.0", first);
        git.git("branch", "release", second);
        RefSet refs = RefSet.read(repo.repository());
        assertThat(token(refs, "refs/heads/main")).isEqualTo("main");
        assertThat(token(refs, "refs/heads/feature/x")).isEqualTo("feature/x");
        assertThat(token(refs, "refs/tags/v1")).isEqualTo("v1");
        assertThat(token(refs, "refs/heads/v1")).as("the tag v1 would win").isEqualTo("heads/v1");
        assertThat(token(refs, "refs/heads/release"))
                .as("release/1.0 would swallow a path below release")
                .isEqualTo("heads/release");
        assertThat(token(refs, "refs/tags/release/1.0")).isEqualTo("release/1.0");
        assertThat(token(refs, "refs/heads/docs")).isEqualTo("docs");
        for (RefSet.Entry ref : refs.refs()) {
            Optional<Revisions.Split> back = revisions.split(List.of((ref.token() + "/a.txt").split("/")).stream()
                    .map(s -> s.getBytes(StandardCharsets.UTF_8))
                    .toList());
            assertThat(back).as("token %s", ref.token()).isPresent();
            assertThat(back.get().revision().ref()).as("token %s", ref.token()).isEqualTo(ref.name());
        }
    }

    private static String token(RefSet refs, String name) {
        return refs.byName(name).orElseThrow().token();
    }
}
