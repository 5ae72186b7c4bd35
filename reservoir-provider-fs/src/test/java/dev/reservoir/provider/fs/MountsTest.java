package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Pseudo file systems below a root (/proc, /sys) are not entered, when "/" itself is served. */
class MountsTest {

    @Test
    void procBelowARootIsNotEnteredButTheRestIs() throws Exception {
        assumeTrue(Files.isRegularFile(Path.of("/proc/self/status")), "Linux with /proc mounted");
        FileSystemProvider fs = FileSystemProvider.create(Path.of("/"));
        String log = FileNamesTest.stderrOf(() -> {
            assertThat(fs.metadata(URI.create("file:///proc/self/status"))).isEmpty();
            assertThat(fs.metadata(URI.create("file:///proc"))).isEmpty();
            assertThat(fs.metadata(URI.create("file:///proc"))).isEmpty();
            assertThat(fs.metadata(URI.create("file:///etc"))).isPresent();
        });
        assertThat(log.lines().filter(l -> l.contains("Not entering /proc")).toList())
                .singleElement()
                .asString()
                .contains("a proc file system");
        fs.close();
    }

    @Test
    void aPseudoFileSystemServedAsTheRootItselfIsServed() {
        assumeTrue(Files.isRegularFile(Path.of("/proc/self/status")), "Linux with /proc mounted");
        FileSystemProvider fs = FileSystemProvider.create(Path.of("/proc/self"));
        assertThat(fs.metadata(URI.create(fs.rootUris().getFirst() + "/status")))
                .isPresent();
        fs.close();
    }
}
