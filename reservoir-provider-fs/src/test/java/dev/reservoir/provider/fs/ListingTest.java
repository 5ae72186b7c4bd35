package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ResourceRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole list, children, pagination while files change, templates and completion. */
class ListingTest {

    @TempDir
    Path dir;

    @Test
    void theListIsEveryRootDepthFirstWithAFoldersFilesBeforeItsSubfolders() throws IOException {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Fixtures.write(a, "z.txt", "z");
        Fixtures.write(a, "m/2.txt", "2");
        Fixtures.write(a, "m/1.txt", "1");
        Fixtures.write(a, "m-file.txt", "m");
        Fixtures.write(a, "A.txt", "A");
        Fixtures.write(b, "only.txt", "only");
        FileSystemProvider fs = FileSystemProvider.builder().root(a).root(b).build();
        String ra = fs.rootUris().get(0).toString();
        String rb = fs.rootUris().get(1).toString();
        for (int pageSize : new int[] {1, 2, 3, 100}) {
            assertThat(Listings.all(fs, null, pageSize).stream().map(Resource::uri))
                    .as("page size %d", pageSize)
                    .containsExactly(
                            ra,
                            ra + "/A.txt",
                            ra + "/m-file.txt",
                            ra + "/z.txt",
                            ra + "/m",
                            ra + "/m/1.txt",
                            ra + "/m/2.txt",
                            rb,
                            rb + "/only.txt");
        }
        fs.close();
    }

    @Test
    void namesArePercentEncodedAndDecodedBack() throws IOException {
        Fixtures.write(dir, "with space/é #1%?.txt", "odd\n");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        String root = fs.rootUris().getFirst().toString();
        String expected = root + "/with%20space/%C3%A9%20%231%25%3F.txt";
        assertThat(Listings.all(fs, null, 10).stream().map(Resource::uri)).contains(expected);
        assertThat(fs.metadata(ResourceRequest.of(URI.create(expected)))
                        .map(Metadata::resource)
                        .orElseThrow()
                        .name())
                .isEqualTo("é #1%?.txt");
        // Another spelling of the same name (lower-case hex, a literal character) names the same file.
        assertThat(fs.metadata(ResourceRequest.of(URI.create(root + "/with%20space/%c3%a9%20%231%25%3f.txt")))
                        .map(Metadata::resource))
                .isPresent();
        fs.close();
    }

    @Test
    void pagesNeitherRepeatNorSkipWhileFilesComeAndGo() throws IOException {
        for (String name : new String[] {"b", "d", "f", "h", "j", "l", "n", "p"}) {
            Fixtures.write(dir, "dir/" + name + ".txt", name);
        }
        FileSystemProvider fs = FileSystemProvider.create(dir);
        String root = fs.rootUris().getFirst() + "/";
        Page<Resource> first = fs.list(new ListRequest(null, null, 4)); // root, dir, b, d
        List<String> seen =
                new ArrayList<>(first.items().stream().map(Resource::uri).toList());
        assertThat(seen).endsWith(root + "dir/d.txt");
        Files.delete(dir.resolve("dir/d.txt")); // the cursor's own entry goes
        Files.delete(dir.resolve("dir/b.txt")); // already returned
        Files.delete(dir.resolve("dir/h.txt")); // not yet returned
        Fixtures.write(dir, "dir/a.txt", "a"); // before the cursor: not in this pass
        Fixtures.write(dir, "dir/e.txt", "e"); // after it: listed
        Fixtures.write(dir, "dir/zz/new.txt", "n");
        String cursor = first.nextCursor();
        while (cursor != null) {
            Page<Resource> page = fs.list(new ListRequest(null, cursor, 3));
            page.items().forEach(r -> seen.add(r.uri()));
            cursor = page.nextCursor();
        }
        Set<String> unique = new HashSet<>(seen);
        assertThat(unique).hasSameSizeAs(seen);
        assertThat(seen)
                .containsSubsequence(root + "dir/e.txt", root + "dir/f.txt", root + "dir/j.txt", root + "dir/p.txt")
                .contains(root + "dir/zz", root + "dir/zz/new.txt")
                .doesNotContain(root + "dir/a.txt", root + "dir/h.txt");
        fs.close();
    }

    @Test
    void aPageResumesEvenWhenTheFolderItStoppedInIsGone() throws IOException {
        Fixtures.write(dir, "a/1.txt", "1");
        Fixtures.write(dir, "a/2.txt", "2");
        Fixtures.write(dir, "b/c.txt", "c");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        Page<Resource> first = fs.list(new ListRequest(null, null, 3)); // root, a, a/1.txt
        Files.delete(dir.resolve("a/1.txt"));
        Files.delete(dir.resolve("a/2.txt"));
        Files.delete(dir.resolve("a"));
        Page<Resource> rest = fs.list(new ListRequest(null, first.nextCursor(), 10));
        assertThat(rest.items()).extracting(Resource::name).containsExactly("b", "c.txt");
        assertThat(rest.nextCursor()).isNull();
        fs.close();
    }

    @Test
    void cursorsNotMadeByTheProviderAreRefused() {
        FileSystemProvider fs = FileSystemProvider.create(dir);
        for (String bad : new String[] {"x", "9:a", "-1:", "0:../x", "0:a//b", "0:a\\b"}) {
            assertThatThrownBy(() -> fs.list(new ListRequest(null, bad, 5)))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        fs.close();
    }

    @Test
    void aFoldersChildrenArePagedByName() throws IOException {
        for (int i = 0; i < 25; i++) {
            Fixtures.write(dir, "many/f%02d.txt".formatted(i), "x");
        }
        Fixtures.write(dir, "many/sub/deep.txt", "deep");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        URI many = URI.create(fs.rootUris().getFirst() + "/many");
        List<String> names =
                Listings.all(fs, many, 4).stream().map(Resource::name).toList();
        assertThat(names).hasSize(26).startsWith("f00.txt", "f01.txt").endsWith("f24.txt", "sub");
        assertThat(fs.list(new ListRequest(URI.create(many + "/f00.txt"), null, 5))
                        .items())
                .isEmpty();
        assertThatThrownBy(() -> fs.list(new ListRequest(URI.create(many + "/nope"), null, 5)))
                .isInstanceOf(ResourceNotFoundException.class);
        // "many/" names the folder too; "f00.txt/" names nothing.
        assertThat(fs.metadata(ResourceRequest.of(URI.create(many + "/"))).map(Metadata::resource))
                .isPresent();
        assertThat(fs.metadata(ResourceRequest.of(URI.create(many + "/f00.txt/")))
                        .map(Metadata::resource))
                .isEmpty();
        fs.close();
    }

    @Test
    void eachRootHasATemplateWhosePathCompletesNameByName() throws IOException {
        Fixtures.write(dir, "docs/guide.md", "g");
        Fixtures.write(dir, "docs/getting-started.md", "g");
        Fixtures.write(dir, "docs/api/index.md", "i");
        Fixtures.write(dir, "data.csv", "d");
        for (int i = 0; i < 120; i++) {
            Fixtures.write(dir, "big/n%03d".formatted(i), "");
        }
        FileSystemProvider fs = FileSystemProvider.create(dir);
        String template = fs.templates().getFirst().template().uriTemplate();
        assertThat(template).isEqualTo(fs.rootUris().getFirst() + "/{+path}");
        assertThat(complete(fs, template, "d").values()).containsExactly("data.csv", "docs/");
        assertThat(complete(fs, template, "docs/g").values())
                .containsExactly("docs/getting-started.md", "docs/guide.md");
        assertThat(complete(fs, template, "docs/").values())
                .containsExactly("docs/api/", "docs/getting-started.md", "docs/guide.md");
        assertThat(complete(fs, template, "nope/x").values()).isEmpty();
        Completion big = complete(fs, template, "big/n");
        assertThat(big.values()).hasSize(100).startsWith("big/n000").endsWith("big/n099");
        assertThat(big.total()).isEqualTo(120);
        assertThat(big.hasMore()).isTrue();
        assertThat(fs.complete(new CompletionRequest("file:///other/{+path}", "path", "", Map.of()))
                        .values())
                .isEmpty();
        fs.close();
    }

    @Test
    void rootsMustBeExistingFoldersThatDoNotOverlap() throws IOException {
        Path file = Fixtures.write(dir, "file.txt", "x");
        Files.createDirectories(dir.resolve("inner"));
        assertThatThrownBy(() -> FileSystemProvider.create(dir.resolve("missing")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not exist");
        assertThatThrownBy(() -> FileSystemProvider.create(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a folder");
        assertThatThrownBy(() -> FileSystemProvider.create(dir, dir.resolve("inner")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overlap");
        assertThatThrownBy(() -> FileSystemProvider.builder().build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("root(Path)");
    }

    private static Completion complete(FileSystemProvider fs, String template, String value) {
        return fs.complete(new CompletionRequest(template, "path", value, Map.of()));
    }
}
