package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk that registers folders with the watcher: a folder that cannot be watched (no
 * permission, the limit of inotify watches) is skipped with one log line, and the rest is still
 * registered, so one such folder never stops the watching of a root.
 */
class RootWatcherTest {

    @TempDir
    Path root;

    @Test
    void aFolderThatCannotBeWatchedIsSkippedAndTheRestIsWatched() throws Exception {
        for (String folder : new String[] {"a", "b/inner", "c", "d/one", "d/two", ".git/objects"}) {
            Files.createDirectories(root.resolve(folder));
        }
        List<Path> registered = new ArrayList<>();
        RootWatcher.Visitor visitor = new RootWatcher.Visitor(new Mounts(), new OnceLog());
        String log = FileNamesTest.stderrOf(() -> visitor.visit(
                root,
                dir -> {
                    if (dir.getFileName().toString().equals("b")
                            || dir.getFileName().toString().startsWith("d")) {
                        throw new IOException("User limit of inotify watches reached");
                    }
                    registered.add(root.relativize(dir));
                },
                file -> {}));
        assertThat(registered).containsExactlyInAnyOrder(Path.of(""), Path.of("a"), Path.of("c"));
        assertThat(log.lines().filter(l -> l.contains("Not watching")).toList())
                .as("one line for one cause, not one per folder")
                .singleElement()
                .asString()
                .contains("inotify");
    }

    @Test
    void pseudoFileSystemsBelowTheStartAreNotWatched() throws Exception {
        Path dev = Path.of("/dev");
        Path pts = dev.resolve("pts");
        assumeTrue(
                Files.isDirectory(pts) && Mounts.device(pts) != Mounts.device(dev),
                "/dev/pts is a mount of its own here");
        List<Path> registered = new ArrayList<>();
        new RootWatcher.Visitor(new Mounts(), new OnceLog()).visit(dev, registered::add, file -> {});
        assertThat(registered).contains(dev).doesNotContain(pts);
    }
}
