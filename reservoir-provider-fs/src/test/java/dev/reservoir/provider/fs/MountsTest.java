package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.ResourceRequest;
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
            assertThat(fs.metadata(ResourceRequest.of(URI.create("file:///proc/self/status")))
                            .map(Metadata::resource))
                    .isEmpty();
            assertThat(fs.metadata(ResourceRequest.of(URI.create("file:///proc")))
                            .map(Metadata::resource))
                    .isEmpty();
            assertThat(fs.metadata(ResourceRequest.of(URI.create("file:///proc")))
                            .map(Metadata::resource))
                    .isEmpty();
            assertThat(fs.metadata(ResourceRequest.of(URI.create("file:///etc")))
                            .map(Metadata::resource))
                    .isPresent();
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
        assertThat(fs.metadata(ResourceRequest.of(URI.create(fs.rootUris().getFirst() + "/status")))
                        .map(Metadata::resource))
                .isPresent();
        fs.close();
    }
}
