package dev.reservoir.provider.fs;

import static dev.reservoir.provider.fs.ChangeRecorder.LIST_CHANGED;
import static dev.reservoir.provider.fs.ChangeRecorder.updated;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.spi.Watch;
import dev.reservoir.testkit.Eventually;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Changes on disk become coalesced notifications: updated for a file and its folder, list_changed. */
@Timeout(60)
class WatchTest {

    @TempDir
    Path root;

    private FileSystemProvider fs;
    private final ChangeRecorder files = new ChangeRecorder();
    private final ChangeRecorder list = new ChangeRecorder();

    @BeforeEach
    void setUp() throws IOException {
        Fixtures.write(root, "dir/a.txt", "a\n");
        Fixtures.write(root, ".gitignore", "*.log\n");
        fs = FileSystemProvider.builder()
                .root(root)
                .coalesceWindow(Duration.ofMillis(50))
                .build();
        fs.watchList(list);
        fs.awaitWatching();
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        assertNothingHeard();
        fs.close();
    }

    @Test
    void modifyingAFileUpdatesItAndItsFolderButNotTheList() throws Exception {
        watch("dir/a.txt");
        watch("dir");
        Files.writeString(root.resolve("dir/a.txt"), "changed\n");
        files.await(updated(uri("dir/a.txt")), updated(uri("dir")));
    }

    @Test
    void creatingAFileChangesTheListAndUpdatesItsFolder() throws Exception {
        watch("dir");
        Files.writeString(root.resolve("dir/new.txt"), "new\n");
        files.await(updated(uri("dir")));
        list.await(LIST_CHANGED);
    }

    @Test
    void deletingAFileUpdatesItAndItsFolderAndChangesTheList() throws Exception {
        watch("dir/a.txt");
        watch("dir");
        Files.delete(root.resolve("dir/a.txt"));
        files.await(updated(uri("dir/a.txt")), updated(uri("dir")));
        list.await(LIST_CHANGED);
    }

    @Test
    void renamingAFileReportsBothNamesAndWatchesTheNewOne() throws Exception {
        watch("dir/a.txt");
        watch("dir");
        Files.move(root.resolve("dir/a.txt"), root.resolve("dir/b.txt"));
        files.await(updated(uri("dir/a.txt")), updated(uri("dir")));
        list.await(LIST_CHANGED);
        watch("dir/b.txt");
        Files.writeString(root.resolve("dir/b.txt"), "renamed and changed\n");
        files.await(updated(uri("dir/b.txt")), updated(uri("dir")));
    }

    @Test
    void foldersCreatedAndRemovedWhileWatchedKeepWorking() throws Exception {
        watch("");
        Files.createDirectories(root.resolve("late"));
        Files.writeString(root.resolve("late/x.txt"), "x\n");
        files.await(updated(uri("")));
        list.await(LIST_CHANGED);
        watch("late");
        Files.writeString(root.resolve("late/x.txt"), "changed in a new folder\n");
        files.await(updated(uri("late")));
        deleteTree(root.resolve("late"));
        files.await(updated(uri("late")), updated(uri("")));
        list.await(LIST_CHANGED);
        // The same folder made again is watched again, under the watch that stayed open.
        Files.createDirectories(root.resolve("late/deeper"));
        awaitWatcherHearsIn("late/deeper");
        files.drain();
        list.drain();
        Files.writeString(root.resolve("late/z.txt"), "z\n");
        files.await(updated(uri("late")));
        list.await(LIST_CHANGED);
        Files.writeString(root.resolve("late/deeper/y.txt"), "y\n");
        list.await(LIST_CHANGED);
    }

    @Test
    void aBurstOfThousandsOfFilesIsAHandfulOfNotifications() throws Exception {
        watch("dir");
        Files.createDirectories(root.resolve("dir/burst"));
        files.await(updated(uri("dir")));
        list.await(LIST_CHANGED);
        watch("dir/burst");
        long start = System.nanoTime();
        for (int i = 0; i < 5000; i++) {
            Files.writeString(root.resolve("dir/burst/f" + i + ".txt"), "f" + i);
        }
        long writing = (System.nanoTime() - start) / 1_000_000;
        List<String> fileEvents = files.drain();
        List<String> listEvents = list.drain();
        assertThat(fileEvents).isNotEmpty().allMatch(e -> e.equals(updated(uri("dir/burst"))));
        assertThat(listEvents).isNotEmpty();
        // Coalescing sends at most one notification of a kind per window (50 ms here), so the
        // bound follows from how long the writing took, not from how fast this machine is: a
        // loaded machine that pauses the writer gets more windows, never one per file.
        long windows = writing / 50 + 2;
        assertThat(fileEvents.size())
                .as("updated notifications for 5,000 new files in %d ms: %s", writing, fileEvents)
                .isLessThanOrEqualTo((int) Math.min(windows, 500));
        assertThat(listEvents.size())
                .as("list_changed notifications for 5,000 new files in %d ms: %s", writing, listEvents)
                .isLessThanOrEqualTo((int) Math.min(windows, 500));
        System.err.printf(
                "burst of 5000 files written in %d ms: %d updated, %d list_changed%n",
                writing, fileEvents.size(), listEvents.size());
    }

    @Test
    void aWatchThroughALinkHearsOfChangesToItsTarget() throws Exception {
        Files.createSymbolicLink(root.resolve("link"), Path.of("dir"));
        fs.watch(URI.create(uri("link/a.txt")), files);
        fs.watch(URI.create(uri("link")), files);
        list.drain(); // the link itself appeared
        Files.writeString(root.resolve("dir/a.txt"), "changed through the target\n");
        files.await(updated(uri("link/a.txt")), updated(uri("link")));
    }

    @Test
    void ignoredHiddenAndGitChangesAreSilent() throws Exception {
        watch("dir");
        Files.writeString(root.resolve("dir/debug.log"), "ignored\n");
        Files.writeString(root.resolve("dir/.hidden"), "hidden\n");
        Fixtures.write(root, ".git/objects/ab/cdef", "object");
        assertNothingHeard();
    }

    @Test
    void closingAWatchStopsItsNotifications() throws Exception {
        Watch watch = fs.watch(URI.create(uri("dir/a.txt")), files);
        watch.close();
        watch.close(); // twice is harmless
        ChangeRecorder open = new ChangeRecorder();
        try (Watch stillOpen = fs.watch(URI.create(uri("dir/a.txt")), open)) {
            Files.writeString(root.resolve("dir/a.txt"), "unheard\n");
            open.await(updated(uri("dir/a.txt"))); // the change was seen, and went to open watches only
        }
        assertNothingHeard();
    }

    /** Nothing reached the recorders of this test, during their quiet period. */
    private void assertNothingHeard() throws InterruptedException {
        files.assertExhausted();
        list.assertExhausted();
    }

    /**
     * Waits until the watcher hears a change in {@code folder} (it has registered it): writes a probe
     * file there until a watch on the folder reports it.
     */
    private void awaitWatcherHearsIn(String folder) {
        ChangeRecorder probe = new ChangeRecorder();
        Path file = root.resolve(folder).resolve("probe.txt");
        try (Watch watch = fs.watch(URI.create(uri(folder)), probe)) {
            Eventually.await("the watcher to hear a change in " + folder, ChangeRecorder.TIMEOUT, () -> {
                Files.writeString(file, "probe " + System.nanoTime());
                return probe.heard(Duration.ofMillis(200));
            });
        }
    }

    private void watch(String rel) {
        fs.watch(URI.create(uri(rel)), files);
    }

    private String uri(String rel) {
        String base = fs.rootUris().getFirst().toString();
        return rel.isEmpty() ? base : base + "/" + rel;
    }

    private static void deleteTree(Path path) throws IOException {
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
