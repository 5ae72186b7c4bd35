package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The moves of SwapRaceTest, one at a time and in the worst order: an entry is found, then a file
 * or a folder on its path is swapped for a link to outside, then it is opened. What is opened is
 * never outside, and the swap is "not found" (NoSuchFileException: the server answers -32002 or
 * its revision's not-found code), never another failure.
 */
class SwapTest {

    @TempDir
    Path dir;

    private Path root;
    private Path outside;
    private FileSystemProvider fs;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("root"));
        outside = Files.createDirectories(dir.resolve("outside"));
        // Larger than a file read whole when found (ContentTypes.SNIFF_BYTES): it is opened when read.
        Fixtures.write(root, "sub/f.txt", "inside\n".repeat(2000));
        Fixtures.write(outside, "f.txt", "OUTSIDE\n");
        Fixtures.write(outside, "secret.txt", "OUTSIDE\n");
        fs = FileSystemProvider.create(root);
    }

    @AfterEach
    void tearDown() {
        fs.close();
    }

    @Test
    void aFolderSwappedForALinkAfterTheFileWasFoundIsNotFound() throws IOException {
        ContentBody body = body("sub/f.txt");
        swapForLink(root.resolve("sub"), outside);
        assertThatThrownBy(() -> read(body)).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aFileSwappedForALinkAfterItWasFoundIsNotFound() throws IOException {
        ContentBody body = body("sub/f.txt");
        swapForLink(root.resolve("sub/f.txt"), outside.resolve("secret.txt"));
        assertThatThrownBy(() -> read(body)).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aFolderSwappedForALinkAfterItWasFoundListsNothingFromOutside() throws IOException {
        PathResolver resolver =
                new PathResolver(List.of(Root.of(0, root.toRealPath())), new Visibility(false, true, List.of()), true);
        TreeLister lister = new TreeLister(resolver, new ContentTypes(resolver));
        Entry sub = resolver.resolve(fs.rootUris().getFirst() + "/sub").orElseThrow();
        assertThat(lister.children(sub, null, 10).entries())
                .extracting(Entry::name)
                .containsExactly("f.txt");
        swapForLink(root.resolve("sub"), outside);
        // The folder found before is gone (replaced): it has no entries, and nothing from outside.
        assertThat(lister.children(sub, null, 10).entries()).isEmpty();
        assertThat(Listings.paths(fs)).containsExactly("", "sub.parked", "sub.parked/f.txt");
    }

    private static void swapForLink(Path path, Path target) throws IOException {
        Files.move(path, path.resolveSibling(path.getFileName() + ".parked"));
        Files.createSymbolicLink(path, target);
    }

    private ContentBody body(String rel) {
        return fs.read(ReadRequest.of(URI.create(fs.rootUris().getFirst() + "/" + rel), ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body();
    }

    private static String read(ContentBody body) throws IOException {
        try (InputStream in = body.openStream()) {
            return new String(in.readAllBytes());
        }
    }
}
