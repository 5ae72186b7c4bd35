package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Links are followed only when their real target is inside a root and shown there. */
class SymlinkTest {

    @TempDir
    Path dir;

    private Path root;
    private Path other;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("root"));
        other = Files.createDirectories(dir.resolve("other"));
        Fixtures.write(dir, "outside.txt", "outside\n");
        Fixtures.write(root, "real/file.txt", "real\n");
        Fixtures.write(root, ".hidden.txt", "hidden\n");
        Fixtures.write(other, "shared.txt", "shared\n");
        Files.createSymbolicLink(root.resolve("filelink.txt"), Path.of("real/file.txt"));
        Files.createSymbolicLink(root.resolve("dirlink"), Path.of("real"));
        Files.createSymbolicLink(root.resolve("outlink.txt"), Path.of("../outside.txt"));
        Files.createSymbolicLink(root.resolve("outdir"), dir);
        Files.createSymbolicLink(root.resolve("dangling"), Path.of("nothing-here"));
        Files.createSymbolicLink(root.resolve("hiddenlink.txt"), Path.of(".hidden.txt"));
        Files.createSymbolicLink(root.resolve("real/back"), Path.of(".."));
        Files.createSymbolicLink(root.resolve("otherlink"), other);
    }

    @Test
    void linksInsideARootAreFollowedAndOthersAreNotShown() throws IOException {
        FileSystemProvider fs = FileSystemProvider.create(root);
        // A linked folder is listed once, as itself: what it holds is listed where it really is.
        assertThat(Listings.paths(fs)).containsExactly("", "filelink.txt", "dirlink", "real", "real/file.txt");
        assertThat(Listings.paths(fs, uri(fs, "dirlink"), 5)).containsExactly("dirlink/file.txt");
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "dirlink")))
                        .map(Metadata::resource)
                        .orElseThrow()
                        .description())
                .isEqualTo("Reached through a link; the same as " + uri(fs, "real"));
        assertThat(read(fs, "filelink.txt")).isEqualTo("real\n");
        assertThat(read(fs, "dirlink/file.txt")).isEqualTo("real\n");
        for (String refused : new String[] {
            "outlink.txt",
            "outdir",
            "outdir/outside.txt",
            "dangling",
            "hiddenlink.txt",
            "real/back",
            "real/back/filelink.txt",
            "dirlink/back",
            "otherlink/shared.txt"
        }) {
            URI uri = uri(fs, refused);
            assertThat(fs.metadata(ResourceRequest.of(uri)).map(Metadata::resource))
                    .as(refused)
                    .isEmpty();
            assertThatThrownBy(() -> fs.read(ReadRequest.of(uri, ReadOptions.DEFAULT)))
                    .as(refused)
                    .isInstanceOf(ResourceNotFoundException.class);
        }
        fs.close();
    }

    @Test
    void aLinkIntoAnotherRootIsFollowed() throws IOException {
        FileSystemProvider fs =
                FileSystemProvider.builder().root(root).root(other).build();
        assertThat(read(fs, "otherlink/shared.txt")).isEqualTo("shared\n");
        assertThat(Listings.paths(fs)).contains("otherlink").doesNotContain("otherlink/shared.txt");
        assertThat(Listings.all(fs, null, 4).stream().map(r -> r.uri()))
                .contains(fs.rootUris().get(1) + "/shared.txt");
        fs.close();
    }

    @Test
    void noLinkIsFollowedWhenFollowingIsOff() {
        FileSystemProvider fs =
                FileSystemProvider.builder().root(root).followSymlinks(false).build();
        assertThat(Listings.paths(fs)).containsExactly("", "real", "real/file.txt");
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "filelink.txt"))).map(Metadata::resource))
                .isEmpty();
        fs.close();
    }

    @Test
    void aRootGivenThroughALinkIsServedUnderItsRealPath() throws IOException {
        Path alias = Files.createSymbolicLink(dir.resolve("alias"), root);
        FileSystemProvider fs = FileSystemProvider.create(alias);
        assertThat(fs.rootUris().getFirst().getPath())
                .isEqualTo(root.toRealPath().toString());
        fs.close();
    }

    private static String read(FileSystemProvider fs, String rel) throws IOException {
        StringWriter out = new StringWriter();
        try (Reader reader = fs.read(ReadRequest.of(uri(fs, rel), ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body()
                .openReader()) {
            reader.transferTo(out);
        }
        return out.toString();
    }

    private static URI uri(FileSystemProvider fs, String rel) {
        return URI.create(fs.rootUris().getFirst() + "/" + rel);
    }
}
