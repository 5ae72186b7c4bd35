package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A root's folder is kept open between reads (one lstat a walk instead of opening it again): a
 * root whose path comes to name another folder, or a link, or nothing, is read as it now is, never
 * through the folder kept, also while other threads read.
 */
@Timeout(60)
class KeptRootTest {

    @TempDir
    Path dir;

    @Test
    void aRootReplacedByAnotherFolderIsReadFromTheNewOne() throws IOException {
        Path root = Fixtures.write(dir, "docs/a.txt", "first\n").getParent();
        FileSystemProvider fs = FileSystemProvider.create(root);
        String uri = fs.rootUris().getFirst() + "/a.txt";
        assertThat(text(fs, uri)).isEqualTo("first\n");

        Files.move(root, dir.resolve("docs.old"));
        assertThatThrownBy(() -> text(fs, uri)).isInstanceOf(ResourceNotFoundException.class);
        Fixtures.write(dir, "docs/a.txt", "second\n");
        assertThat(text(fs, uri)).isEqualTo("second\n");

        // A link in the root's place is not followed (a root is a folder, never a link to one).
        Files.move(root, dir.resolve("docs.second"));
        Files.createSymbolicLink(root, dir.resolve("docs.old"));
        assertThatThrownBy(() -> text(fs, uri)).isInstanceOf(ResourceNotFoundException.class);
        fs.close();
    }

    @Test
    void readsOnManyThreadsWhileTheRootIsSwappedSeeOneFolderOrTheOther() throws Exception {
        Path root = Fixtures.write(dir, "docs/a.txt", "one\n").getParent();
        Fixtures.write(dir, "spare/a.txt", "two\n");
        FileSystemProvider fs = FileSystemProvider.create(root);
        String uri = fs.rootUris().getFirst() + "/a.txt";
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> readers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                readers.add(pool.submit(() -> {
                    List<String> seen = new ArrayList<>();
                    for (int i = 0; i < 2_000; i++) {
                        try {
                            seen.add(text(fs, uri));
                        } catch (ResourceNotFoundException | NoSuchFileException e) {
                            // Between the two moves of a swap, or swapped between finding the
                            // file and opening it (the server answers "not found" to both).
                            seen.add("gone");
                        }
                    }
                    return seen;
                }));
            }
            Path spare = dir.resolve("spare");
            Path aside = dir.resolve("aside");
            for (int i = 0; i < 200; i++) {
                Files.move(root, aside);
                Files.move(spare, root);
                Files.move(aside, spare);
            }
            List<String> all = new ArrayList<>();
            for (Future<List<String>> r : readers) {
                all.addAll(r.get());
            }
            assertThat(all).hasSize(8_000).allMatch(s -> s.equals("one\n") || s.equals("two\n") || s.equals("gone"));
        } finally {
            pool.shutdownNow();
        }
        // The folder the path names when the swaps end is the one read.
        String now = Files.readString(root.resolve("a.txt"));
        assertThat(text(fs, uri)).isEqualTo(now);
        fs.close();
    }

    private static String text(FileSystemProvider fs, String uri) throws IOException {
        try (InputStream in = fs.read(ReadRequest.of(URI.create(uri), ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body()
                .openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
