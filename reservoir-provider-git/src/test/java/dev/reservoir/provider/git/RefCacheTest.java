package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jgit.lib.Ref;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ref cache answers only from a snapshot it can prove current: any ref created, moved, packed,
 * deleted or rewritten in place after it was taken sends the lookup to JGit, and a snapshot of refs
 * changed too recently to tell is not used.
 */
class RefCacheTest {

    @TempDir
    Path dir;

    private TestRepo git;
    private GitRepository repo;
    private String first;
    private String second;
    private final AtomicLong now = new AtomicLong(System.currentTimeMillis());

    @BeforeEach
    void setUp() {
        git = TestRepo.init(dir.resolve("r"));
        first = git.write("a.txt", "one\n").commit("first");
        second = git.write("a.txt", "two\n").commit("second");
        git.git("branch", "feature/x", first);
        git.git("tag", "v1", first);
        repo = GitRepository.open(git.dir, "repo");
    }

    @AfterEach
    void tearDown() {
        repo.close();
    }

    /** A cache on the repository, with the test's clock. */
    private RefCache cache(GitRepository repository) {
        return new RefCache(repository.repository(), now::get);
    }

    /**
     * The refs dated ten seconds back, and the clock moved past when any snapshot taken before
     * could be taken again: what a served repository's refs are like a while after a change.
     */
    private void settle() {
        git.settleRefs();
        now.addAndGet(RefCache.SETTLE.toMillis());
    }

    /** What the cache says of these names: the ref found ("NAME ID"), "none", or "ask JGit". */
    private static String look(RefCache cache, String... names) {
        RefCache.Lookup lookup = cache.lookup();
        if (lookup == null) {
            return "ask JGit";
        }
        RefCache.Answer answer = lookup.firstExactRef(List.of(names));
        if (!answer.known()) {
            return "ask JGit";
        }
        Ref ref = answer.ref();
        return ref == null ? "none" : ref.getName() + " " + ref.getObjectId().name();
    }

    /**
     * Right after a change, the cache either sends the lookup to JGit or answers with what is now
     * true (from a new snapshot: the test's clock runs ahead of the files' times), never with what
     * was true before.
     */
    private static void assertNotStale(RefCache cache, String now, String... names) {
        assertThat(look(cache, names)).isIn("ask JGit", now);
    }

    /**
     * After a change: the cache is not stale ({@link #assertNotStale}), a resolution of {@code
     * expression} finds what is now true, and once the refs have settled the cache answers it.
     *
     * @param now "NAME ID" of the ref the name is now, or "none"
     */
    private void assertSeen(RefCache cache, String name, String expression, String now) {
        assertNotStale(cache, now, name);
        assertThat(resolve(expression)).isEqualTo(now.equals("none") ? null : now.substring(now.indexOf(' ') + 1));
        settle();
        assertThat(look(cache, name)).isEqualTo(now);
    }

    private String resolve(String expression) {
        return new Revisions(repo.repository())
                .resolve(expression)
                .map(r -> r.commit().name())
                .orElse(null);
    }

    @Test
    void answersAsJGitOnceTheRefsAreOldEnough() {
        RefCache cache = cache(repo);
        assertThat(look(cache, "refs/heads/main")).as("refs written just now").isEqualTo("ask JGit");

        now.addAndGet(RefCache.SETTLE.toMillis() - 500);
        assertThat(look(cache, "refs/heads/main"))
                .as("before they are %s old", RefCache.SETTLE)
                .isEqualTo("ask JGit");
        now.addAndGet(1_500);
        assertThat(look(cache, "refs/tags/main", "refs/heads/main")).isEqualTo("refs/heads/main " + second);
        assertThat(look(cache, "refs/tags/feature/x", "refs/heads/feature/x"))
                .isEqualTo("refs/heads/feature/x " + first);
        assertThat(look(cache, "refs/tags/v1", "refs/heads/v1")).isEqualTo("refs/tags/v1 " + first);
        assertThat(look(cache, "refs/heads/main/a.txt", "refs/heads/feature")).isEqualTo("none");
    }

    @Test
    void aRefCreatedMovedOrDeletedAfterTheSnapshotIsSeen() {
        RefCache cache = cache(repo);
        settle();
        assertThat(look(cache, "refs/heads/new")).isEqualTo("none");
        assertThat(look(cache, "refs/heads/deep/er/new")).isEqualTo("none");

        git.git("branch", "new", first);
        assertSeen(cache, "refs/heads/new", "new", "refs/heads/new " + first);

        git.git("branch", "deep/er/new", first);
        assertSeen(cache, "refs/heads/deep/er/new", "deep/er/new", "refs/heads/deep/er/new " + first);

        git.git("update-ref", "refs/heads/new", second);
        assertSeen(cache, "refs/heads/new", "new", "refs/heads/new " + second);

        git.git("branch", "-D", "new");
        assertSeen(cache, "refs/heads/new", "new", "none");
    }

    @Test
    void aChangeInAnotherFolderDoesNotStopAnswersForThisOne() {
        RefCache cache = cache(repo);
        git.git("tag", "release/1.0", first);
        settle();
        assertThat(look(cache, "refs/heads/main")).isEqualTo("refs/heads/main " + second);

        git.git("tag", "release/1.1", second);
        assertThat(look(cache, "refs/heads/main"))
                .as("refs/tags/release/ changed, not refs/heads/")
                .isEqualTo("refs/heads/main " + second);
        assertNotStale(cache, "refs/tags/release/1.1 " + second, "refs/tags/release/1.1");
    }

    @Test
    void aNameNoFileCanHaveGoesToJGitAndKeepsTheSnapshot() {
        // The cache reads its clock only when it takes a snapshot: counting the reads counts those.
        AtomicInteger taken = new AtomicInteger();
        RefCache cache = new RefCache(repo.repository(), () -> {
            taken.incrementAndGet();
            return now.get();
        });
        settle();
        assertThat(look(cache, "refs/heads/main")).isEqualTo("refs/heads/main " + second);
        int before = taken.get();

        assertThat(look(cache, "refs/heads/a\u0000b/c")).isEqualTo("ask JGit");
        assertThat(look(cache, "refs/heads/main")).isEqualTo("refs/heads/main " + second);
        assertThat(taken.get()).as("no new snapshot").isEqualTo(before);
    }

    @Test
    void aRefFileRewrittenInPlaceIsSeen() throws IOException {
        RefCache cache = cache(repo);
        settle();
        assertThat(look(cache, "refs/heads/main")).isEqualTo("refs/heads/main " + second);

        // Same file (no lock file, no rename: its folder does not change), new content and time.
        Files.writeString(
                git.dir.resolve(".git/refs/heads/main"),
                first + "\n",
                StandardCharsets.US_ASCII,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        assertThat(look(cache, "refs/heads/feature/x"))
                .as("another ref's file")
                .isEqualTo("refs/heads/feature/x " + first);
        assertSeen(cache, "refs/heads/main", "main", "refs/heads/main " + first);
    }

    @Test
    void aLinkedWorkTreeAnswersAsJGitDoes() throws IOException {
        git.git("worktree", "add", "-q", dir.resolve("wt").toString(), "-b", "side");
        TestRepo tree = TestRepo.at(dir.resolve("wt"));
        try (GitRepository linked = GitRepository.open(tree.dir, "wt")) {
            RefCache cache = cache(linked);
            settle();
            assertThat(look(cache, "refs/heads/side")).isEqualTo("refs/heads/side " + second);
            assertThat(look(cache, "refs/bisect/bad")).isEqualTo("none");

            // Per-work-tree refs live in the work tree's own git folder, which the cache watches
            // too; JGit (7.8) looks for them in the common folder only, and the cache says what it says.
            tree.git("update-ref", "refs/bisect/bad", first);
            assertThat(git.dir.resolve(".git/refs/bisect/bad")).doesNotExist();
            Ref jgit = linked.repository().getRefDatabase().exactRef("refs/bisect/bad");
            String truth = jgit == null
                    ? "none"
                    : "refs/bisect/bad " + jgit.getObjectId().name();
            assertNotStale(cache, truth, "refs/bisect/bad");
            settle();
            assertThat(look(cache, "refs/bisect/bad")).isEqualTo(truth);
        }
    }

    @Test
    void packedRefsAreSeenWhenPackedAndWhenDeleted() throws IOException {
        RefCache cache = cache(repo);
        settle();
        assertThat(look(cache, "refs/heads/feature/x")).isEqualTo("refs/heads/feature/x " + first);

        git.git("pack-refs", "--all");
        assertThat(Files.exists(git.dir.resolve(".git/refs/heads/main"))).isFalse();
        assertSeen(cache, "refs/heads/main", "main", "refs/heads/main " + second);
        // packed-refs edited in place (no lock file under refs/): only its own stamp can tell.
        Path packed = git.dir.resolve(".git/packed-refs");
        Files.writeString(
                packed, Files.readString(packed).replace(second + " refs/heads/main", first + " refs/heads/main"));
        assertSeen(cache, "refs/heads/main", "main", "refs/heads/main " + first);
        assertThat(look(cache, "refs/heads/feature/x")).isEqualTo("refs/heads/feature/x " + first);
        git.git("update-ref", "-d", "refs/heads/feature/x");
        assertSeen(cache, "refs/heads/feature/x", "feature/x", "none");
    }
}
