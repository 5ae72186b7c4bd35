package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hosts often show only the first page: a folder's README comes before its thousandth log file,
 * and paging in that order still lists every entry exactly once, a folder before its entries.
 */
class MostUsefulFirstTest {

    @TempDir
    Path dir;

    /** A thousand logs named by number (which sort before letters), a README, and a few others. */
    private void logsAndAReadme(Path folder) throws IOException {
        for (int i = 0; i < 1000; i++) {
            Fixtures.write(folder, String.format("%04d.log", i), "line " + i);
        }
        Fixtures.write(folder, "README.md", "# read me");
    }

    private static List<String> firstPage(FileSystemProvider fs, URI parent, int size) {
        return fs.list(new ListRequest(parent, null, size)).items().stream()
                .map(Resource::uri)
                .toList();
    }

    @Test
    void theReadmeOfAFolderOfAThousandLogsIsOnThePageOneRightAfterTheFolder() throws IOException {
        logsAndAReadme(dir);
        try (FileSystemProvider fs = FileSystemProvider.create(dir)) {
            String root = fs.rootUris().getFirst().toString();
            assertThat(firstPage(fs, null, 20)).startsWith(root, root + "/README.md");
            // The folder's own listing (resources/list {uri}) too.
            assertThat(firstPage(fs, URI.create(root), 20)).startsWith(root + "/README.md");
        }
    }

    @Test
    void documentsThenFilesThenSubfoldersThenBulkyEntriesInEachFolder() throws IOException {
        Fixtures.write(dir, "app.log", "log");
        Fixtures.write(dir, "node_modules/x/index.js", "x");
        Fixtures.write(dir, "src/main.c", "int main;");
        Fixtures.write(dir, "src/README", "about src");
        Fixtures.write(dir, "docs/guide.md", "guide");
        Fixtures.write(dir, "Makefile", "all:");
        Fixtures.write(dir, "LICENSE", "MIT");
        Fixtures.write(dir, "index.html", "<p>");
        Fixtures.write(dir, "README.md", "# hi");
        try (FileSystemProvider fs = FileSystemProvider.create(dir)) {
            assertThat(Listings.paths(fs, null, 3))
                    .containsExactly(
                            "",
                            "README.md",
                            "index.html",
                            "LICENSE",
                            "Makefile",
                            "docs",
                            "docs/guide.md",
                            "src",
                            "src/README",
                            "src/main.c",
                            "app.log",
                            "node_modules",
                            "node_modules/x",
                            "node_modules/x/index.js");
        }
    }

    @Test
    void pagingListsEveryEntryExactlyOnceAndEachFolderBeforeItsEntries() throws IOException {
        logsAndAReadme(dir);
        Fixtures.write(dir, "docs/README.md", "docs");
        Fixtures.write(dir, "docs/old.log", "old");
        Fixtures.write(dir, "src/README.txt", "src");
        Fixtures.write(dir, "src/a/b/deep.txt", "deep");
        Fixtures.write(dir, "README.d/part.txt", "a folder named like a document");
        Fixtures.write(dir, "logs/today.log", "a bulky folder");
        try (FileSystemProvider fs = FileSystemProvider.create(dir)) {
            List<String> whole = Listings.paths(fs, null, 5_000);
            // The root, 1,001 files, docs (2), src (4), README.d (2), logs (2).
            assertThat(whole).hasSize(1 + 1001 + 2 + 2 + 4 + 2 + 2).doesNotHaveDuplicates();
            Set<String> seen = new HashSet<>();
            for (String path : whole) {
                String parent = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
                if (!path.isEmpty()) {
                    assertThat(seen)
                            .as("the folder of %s comes before it", path)
                            .contains(parent);
                }
                seen.add(path);
            }
            for (int pageSize : new int[] {1, 2, 3, 7, 100, 999}) {
                assertThat(Listings.paths(fs, null, pageSize))
                        .as("page size %d", pageSize)
                        .isEqualTo(whole);
            }
            URI root = fs.rootUris().getFirst();
            List<String> children = Listings.paths(fs, root, 5_000);
            assertThat(children).hasSize(1001 + 4).doesNotHaveDuplicates();
            assertThat(Listings.paths(fs, root, 3)).isEqualTo(children);
        }
    }

    @Test
    void aCursorStillResumesWhenItsEntryBecameAnotherKind() throws IOException {
        Fixtures.write(dir, "a.txt", "a");
        Fixtures.write(dir, "b.txt", "b");
        Fixtures.write(dir, "c/inner.txt", "c");
        try (FileSystemProvider fs = FileSystemProvider.create(dir)) {
            Page<Resource> first = fs.list(new ListRequest(null, null, 2)); // the root, a.txt
            Files.delete(dir.resolve("a.txt"));
            Fixtures.write(dir, "a.txt/now-a-folder.txt", "x"); // a folder now: it sorts later
            List<String> rest = new ArrayList<>();
            String cursor = first.nextCursor();
            while (cursor != null) {
                Page<Resource> page = fs.list(new ListRequest(null, cursor, 2));
                page.items().forEach(r -> rest.add(r.uri()));
                cursor = page.nextCursor();
            }
            String root = fs.rootUris().getFirst().toString();
            assertThat(rest)
                    .startsWith(root + "/b.txt")
                    .contains(root + "/c/inner.txt")
                    .doesNotHaveDuplicates();
        }
    }
}
