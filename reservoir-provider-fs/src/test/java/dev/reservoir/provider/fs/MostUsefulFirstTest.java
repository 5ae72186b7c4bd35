package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first page holds each root's README and top-level documents; paging still lists everything once. */
class MostUsefulFirstTest {

    @TempDir
    Path dir;

    private void messyFolder() throws IOException {
        for (int i = 0; i < 500; i++) {
            Fixtures.write(dir, String.format("log-%03d.log", i), "line " + i);
        }
        Fixtures.write(dir, "readme.md", "# read me");
        Fixtures.write(dir, "zz-LICENSE-notes/inner.txt", "not a document: below the top level");
        Fixtures.write(dir, "src/README.md", "a nested readme: listed where the walk meets it");
        Fixtures.write(dir, "src/main.c", "int main;");
        Files.createDirectories(dir.resolve("README.d"));
        Fixtures.write(dir, "README.d/part.txt", "inside a folder named like a document");
    }

    @Test
    void theReadmeIsOnTheFirstPageBeforeFiveHundredLogs() throws IOException {
        messyFolder();
        try (FileSystemProvider fs = FileSystemProvider.builder().root(dir).build()) {
            String base = fs.rootUris().getFirst().toString();
            List<String> first = fs.list(new ListRequest(null, null, 20)).items().stream()
                    .map(Resource::uri)
                    .toList();
            assertThat(first).startsWith(base + "/README.d", base + "/readme.md", base);
            assertThat(first).doesNotContain(base + "/src/README.md");
        }
    }

    @Test
    void pagingYieldsEveryEntryExactlyOnceAtEveryPageSize() throws IOException {
        messyFolder();
        try (FileSystemProvider fs = FileSystemProvider.builder().root(dir).build()) {
            List<String> whole = Listings.paths(fs, null, 10_000);
            assertThat(whole).hasSize(1 + 500 + 1 + 2 + 3 + 2).doesNotHaveDuplicates();
            assertThat(whole)
                    .contains(
                            "",
                            "readme.md",
                            "README.d",
                            "README.d/part.txt",
                            "zz-LICENSE-notes/inner.txt",
                            "src/README.md",
                            "log-499.log");
            for (int pageSize : new int[] {1, 2, 3, 7, 100}) {
                assertThat(Listings.paths(fs, null, pageSize))
                        .as("page size %d", pageSize)
                        .isEqualTo(whole);
            }
        }
    }

    @Test
    void eachRootsDocumentsComeFirstRootByRoot() throws IOException {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Fixtures.write(a, "build.log", "x");
        Fixtures.write(a, "LICENSE", "MIT");
        Fixtures.write(b, "notes.txt", "y");
        Fixtures.write(b, "CONTRIBUTING.md", "be kind");
        try (FileSystemProvider fs =
                FileSystemProvider.builder().root(a).root(b).build()) {
            String ra = fs.rootUris().get(0).toString();
            String rb = fs.rootUris().get(1).toString();
            List<String> uris = new ArrayList<>();
            for (int pageSize : new int[] {1, 2, 100}) {
                uris = Listings.all(fs, null, pageSize).stream()
                        .map(Resource::uri)
                        .toList();
                assertThat(uris)
                        .as("page size %d", pageSize)
                        .containsExactly(
                                ra + "/LICENSE", rb + "/CONTRIBUTING.md", ra, ra + "/build.log", rb, rb + "/notes.txt");
            }
        }
    }
}
