package dev.reservoir.provider.git;

import static dev.reservoir.provider.git.Recorder.LIST_CHANGED;
import static dev.reservoir.provider.git.Recorder.update;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Commits, branches, tags, checkouts and edits made by the git command line become notifications. */
@Timeout(60)
class ChangesTest {

    @TempDir
    Path dir;

    private TestRepo git;
    private GitResources resources;
    private Changes changes;
    private final Recorder files = new Recorder();
    private final Recorder list = new Recorder();
    private String first;

    @BeforeEach
    void setUp() {
        git = TestRepo.init(dir.resolve("repo"));
        git.write("a.txt", "a\n").write("b.txt", "b\n").write("dir/c.txt", "c\n");
        first = git.commit("first");
        resources = git.resources();
        // A long poll interval: these changes must be seen through the file events.
        changes = new Changes(resources, Duration.ofMinutes(5), Duration.ofMillis(20));
        changes.watchList(list);
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        files.assertExhausted();
        list.assertExhausted();
        changes.close();
        resources.repository().close();
    }

    private void watch(String uri) {
        changes.watch(uri, files);
    }

    @Test
    void aCommitUpdatesTheChangedFileItsFoldersAndTheListButNotTheOthers() throws Exception {
        watch("git://repo/tree/main/a.txt");
        watch("git://repo/tree/main/b.txt");
        watch("git://repo/tree/main/dir/c.txt");
        watch("git://repo/tree/main/dir");
        watch("git://repo/tree/main");
        watch("git://repo/tree/" + first + "/a.txt");
        watch("git://repo/log/main?path=b.txt");
        git.write("dir/c.txt", "changed\n").commit("second");
        files.await(
                update("git://repo/tree/main/dir/c.txt"),
                update("git://repo/tree/main/dir"),
                update("git://repo/tree/main"));
        list.await(LIST_CHANGED);
    }

    @Test
    void aNewBranchChangesTheListAndAMovedOneUpdatesItsFiles() throws Exception {
        git.git("branch", "topic");
        list.await(LIST_CHANGED);
        watch("git://repo/tree/topic/a.txt");
        watch("git://repo/commit/topic");
        git.git("checkout", "-q", "topic");
        list.await(LIST_CHANGED); // HEAD points to another branch
        git.write("a.txt", "on topic\n").commit("topic work");
        files.await(update("git://repo/tree/topic/a.txt"), update("git://repo/commit/topic"));
        list.await(LIST_CHANGED); // the default branch's tree changed
    }

    @Test
    void deletingABranchUpdatesItsSubscribersAndTheList() throws Exception {
        git.git("branch", "gone");
        list.await(LIST_CHANGED);
        watch("git://repo/tree/gone/a.txt");
        git.git("branch", "-D", "gone");
        files.await(update("git://repo/tree/gone/a.txt"));
        list.await(LIST_CHANGED);
    }

    @Test
    void packingRefsChangesNothingThatCanBeRead() throws Exception {
        git.git("tag", "v1");
        list.await(LIST_CHANGED);
        watch("git://repo/tree/v1/a.txt");
        git.git("pack-refs", "--all");
        files.assertExhausted();
        list.assertExhausted();
    }

    @Test
    void workTreeEditsAndStagingUpdateStatusAndDiff() throws Exception {
        watch("git://repo/status");
        watch("git://repo/diff");
        Files.writeString(git.dir.resolve("a.txt"), "edited\n");
        files.await(update("git://repo/status"), update("git://repo/diff"));
        Files.writeString(git.dir.resolve("a.txt"), "edited again\n");
        files.await(update("git://repo/diff"));
        git.git("add", "a.txt");
        files.await(update("git://repo/status"));
        Files.writeString(git.dir.resolve("new.txt"), "untracked\n");
        files.await(update("git://repo/status"));
    }
}
