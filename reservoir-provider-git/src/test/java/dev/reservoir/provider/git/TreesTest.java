package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tree walks page in git's order and resume after the last key, whatever changed in between. */
class TreesTest {

    @TempDir
    Path dir;

    private TestRepo git;
    private GitResources resources;

    @BeforeEach
    void setUp() {
        git = TestRepo.init(dir.resolve("repo"));
        // Names that sort differently as paths and as tree entries: "a.txt" < "a/" < "a-b" is wrong; git says a-b,
        // a.txt, a/.
        for (String path :
                List.of("a.txt", "a/x.txt", "a/y/z.txt", "a-b", "b", "c/d/e/f.txt", "c/d.txt", "Z.txt", "é.txt")) {
            git.write(path, path + "\n");
        }
        git.commit("tree");
        resources = git.resources();
    }

    @AfterEach
    void tearDown() {
        resources.repository().close();
    }

    private ObjectId root(String rev) {
        return resources.entriesRootTree(
                resources.revisions().resolve(rev).orElseThrow().commit());
    }

    private List<String> walk(ObjectId root, int pageSize) {
        List<String> out = new ArrayList<>();
        byte[] after = null;
        while (true) {
            Trees.Slice slice = resources.trees().walk(root, after, pageSize);
            assertThat(slice.entries().size()).isLessThanOrEqualTo(pageSize);
            slice.entries().forEach(e -> out.add(e.pathString()));
            if (!slice.more()) {
                return out;
            }
            after = slice.entries().getLast().key();
        }
    }

    @Test
    void theWalkIsInTheOrderOfGitLsTree() {
        List<String> expected = git.git("-c", "core.quotePath=false", "ls-tree", "-r", "-t", "--name-only", "main")
                .lines()
                .toList();
        for (int pageSize : new int[] {1, 2, 3, 5, 100}) {
            assertThat(walk(root("main"), pageSize))
                    .as("page size %d", pageSize)
                    .isEqualTo(expected);
        }
    }

    @Test
    void aWalkResumesAfterItsCursorInAChangedTree() {
        Trees.Slice first = resources.trees().walk(root("main"), null, 5);
        assertThat(first.entries())
                .extracting(TreeEntry::pathString)
                .containsExactly("Z.txt", "a-b", "a.txt", "a", "a/x.txt");
        byte[] cursor = first.entries().getLast().key();
        git.git("rm", "-q", "-r", "a/y", "a-b");
        git.write("a/w.txt", "new before the cursor\n")
                .write("a/zz.txt", "new after it\n")
                .commit("change");
        List<String> rest = new ArrayList<>();
        Trees.Slice slice = resources.trees().walk(root("main"), cursor, 100);
        slice.entries().forEach(e -> rest.add(e.pathString()));
        assertThat(rest).containsExactly("a/zz.txt", "b", "c", "c/d.txt", "c/d", "c/d/e", "c/d/e/f.txt", "é.txt");
    }

    @Test
    void childrenPageByNameAndCompleteByPrefix() {
        TreeEntry a = resources
                .trees()
                .find(root("main"), "a".getBytes(StandardCharsets.UTF_8))
                .orElseThrow();
        Trees.Slice first = resources.trees().children(a, null, 1);
        assertThat(first.entries()).extracting(TreeEntry::pathString).containsExactly("a/x.txt");
        assertThat(first.more()).isTrue();
        Trees.Slice second =
                resources.trees().children(a, first.entries().getLast().nameKey(), 5);
        assertThat(second.entries()).extracting(TreeEntry::pathString).containsExactly("a/y");
        assertThat(second.more()).isFalse();
        TreeEntry top = resources.trees().find(root("main"), new byte[0]).orElseThrow();
        Trees.Matches matches = resources.trees().startingWith(top, "a".getBytes(StandardCharsets.UTF_8), 2);
        assertThat(matches.total()).isEqualTo(3);
        assertThat(matches.entries()).extracting(TreeEntry::pathString).containsExactly("a-b", "a.txt");
    }
}
