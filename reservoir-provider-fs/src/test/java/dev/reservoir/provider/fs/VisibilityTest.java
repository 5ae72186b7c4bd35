package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hidden files, .gitignore rules (nested, negated, folder-only), .git/info/exclude and excludes. */
class VisibilityTest {

    @TempDir
    Path root;

    @BeforeEach
    void setUp() throws IOException {
        Fixtures.write(root, ".git/config", "[core]\n");
        Fixtures.write(root, ".git/info/exclude", "local-only.txt\n");
        Fixtures.write(root, ".gitignore", "*.log\n!keep.log\nbuild/\n/anchored.txt\n");
        Fixtures.write(root, ".env", "SECRET=1\n");
        Fixtures.write(root, ".config/settings.json", "{}\n");
        Fixtures.write(root, "app.log", "log\n");
        Fixtures.write(root, "keep.log", "kept\n");
        Fixtures.write(root, "anchored.txt", "top\n");
        Fixtures.write(root, "local-only.txt", "mine\n");
        Fixtures.write(root, "build/out.bin", "x");
        Fixtures.write(root, "src/build", "a file named build is not a folder\n");
        Fixtures.write(root, "src/anchored.txt", "not at the top\n");
        Fixtures.write(root, "src/main.c", "int main;\n");
        Fixtures.write(root, "src/.gitignore", "generated/\n*.o\n!important.o\n");
        Fixtures.write(root, "src/main.o", "obj");
        Fixtures.write(root, "src/important.o", "obj");
        Fixtures.write(root, "src/generated/g.c", "gen\n");
        Fixtures.write(root, "docs/a.tmp", "tmp\n");
        Fixtures.write(root, "docs/a.md", "doc\n");
        Fixtures.write(root, "docs/cache/x.txt", "x\n");
        Fixtures.write(root, "other/cache", "a file called cache\n");
    }

    @Test
    void gitignoreRulesFromEveryLevelAndInfoExcludeHideEntries() {
        FileSystemProvider fs = FileSystemProvider.create(root);
        assertThat(Listings.paths(fs))
                .containsExactly(
                        "",
                        "docs",
                        "docs/a.md",
                        "docs/cache",
                        "docs/cache/x.txt",
                        "docs/a.tmp",
                        "other",
                        "other/cache",
                        "src",
                        "src/anchored.txt",
                        "src/build",
                        "src/important.o",
                        "src/main.c",
                        "keep.log");
        fs.close();
    }

    @Test
    void hiddenEntriesAreShownWhenAskedButGitNever() {
        FileSystemProvider fs = FileSystemProvider.builder()
                .root(root)
                .showHidden(true)
                .gitignore(false)
                .build();
        assertThat(Listings.paths(fs))
                .contains(".env", ".config", ".config/settings.json", ".gitignore", "app.log", "build/out.bin")
                .noneMatch(p -> p.equals(".git") || p.startsWith(".git/"));
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, ".git/config"))).map(Metadata::resource))
                .isEmpty();
        fs.close();
    }

    @Test
    void excludePatternsUseGitignoreSyntax() {
        FileSystemProvider fs = FileSystemProvider.builder()
                .root(root)
                .gitignore(false)
                .exclude("*.tmp")
                .exclude("cache/")
                .exclude("/anchored.txt")
                .exclude("*.o")
                .exclude("!important.o")
                .build();
        assertThat(Listings.paths(fs))
                .contains("docs/a.md", "other/cache", "src/anchored.txt", "src/important.o", "app.log")
                .doesNotContain("docs/a.tmp", "docs/cache", "docs/cache/x.txt", "anchored.txt", "src/main.o");
        fs.close();
    }

    @Test
    void whatIsNotShownCannotBeReadOrWatched() {
        FileSystemProvider fs = FileSystemProvider.create(root);
        for (String hidden : new String[] {"app.log", ".env", "build/out.bin", "src/generated/g.c", "local-only.txt"}) {
            URI uri = uri(fs, hidden);
            assertThat(fs.metadata(ResourceRequest.of(uri)).map(Metadata::resource))
                    .as(hidden)
                    .isEmpty();
            assertThatThrownBy(() -> fs.read(ReadRequest.of(uri, ReadOptions.DEFAULT)))
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThatThrownBy(() -> fs.watch(uri, new ChangeRecorder())).isInstanceOf(ResourceNotFoundException.class);
        }
        fs.close();
    }

    @Test
    void aChangedGitignoreTakesEffect() throws IOException {
        FileSystemProvider fs = FileSystemProvider.create(root);
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "docs/a.tmp"))).map(Metadata::resource))
                .isPresent();
        Path gitignore = root.resolve(".gitignore");
        Files.writeString(gitignore, "*.tmp\n");
        // Make sure the stamp differs even on a file system with coarse times.
        Files.setLastModifiedTime(gitignore, FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "docs/a.tmp"))).map(Metadata::resource))
                .isEmpty();
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "app.log"))).map(Metadata::resource))
                .isPresent();
        fs.close();
    }

    @Test
    void aReadByUriAppliesTheIgnoreFileOfEveryFolderOnItsWay() throws IOException {
        Fixtures.write(root, "a/.gitignore", "*.tmp\n");
        Fixtures.write(root, "a/b/c/.gitignore", "!keep.tmp\n");
        Fixtures.write(root, "a/b/c/deep.tmp", "ignored two folders up\n");
        Fixtures.write(root, "a/b/c/keep.tmp", "brought back where it is\n");
        Fixtures.write(root, "a/b/c/d/note.md", "shown\n");
        FileSystemProvider fs = FileSystemProvider.create(root);
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "a/b/c/deep.tmp")))).isEmpty();
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "a/b/c/keep.tmp")))).isPresent();
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "a/b/c/d/note.md")))).isPresent();
        // An ignore file that appears in a folder half-way down hides what is below it, at once.
        Path middle = Fixtures.write(root, "a/b/.gitignore", "c/\n");
        Files.setLastModifiedTime(middle, FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "a/b/c/keep.tmp")))).isEmpty();
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "a/b/c/d/note.md")))).isEmpty();
        assertThatThrownBy(() -> fs.read(ReadRequest.of(uri(fs, "a/b/c/d/note.md"), ReadOptions.DEFAULT)))
                .isInstanceOf(ResourceNotFoundException.class);
        fs.close();
    }

    @Test
    void anIgnoreFileMadeInFoldersLongUnchangedIsSeenAtOnce(@TempDir Path plain) throws IOException {
        Fixtures.write(plain, "notes/secret.txt", "s\n");
        Fixtures.write(plain, "top.txt", "t\n");
        FileTime anHourAgo = FileTime.from(Instant.now().minusSeconds(3600));
        Files.setLastModifiedTime(plain.resolve("notes"), anHourAgo);
        Files.setLastModifiedTime(plain, anHourAgo);
        FileSystemProvider fs = FileSystemProvider.create(plain);
        for (int i = 0; i < 2; i++) { // the second walk trusts what the first found missing
            assertThat(fs.metadata(ResourceRequest.of(uri(fs, "notes/secret.txt"))))
                    .isPresent();
            assertThat(fs.metadata(ResourceRequest.of(uri(fs, "top.txt")))).isPresent();
        }
        // Making a file changes its folder's time: what was missing is looked for again.
        Fixtures.write(plain, "notes/.gitignore", "secret.txt\n");
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "notes/secret.txt")))).isEmpty();
        Fixtures.write(plain, ".git/info/exclude", "top.txt\n");
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "top.txt")))).isEmpty();
        fs.close();
    }

    @Test
    void aFolderChangedJustBeforeIsLookedInAtEveryWalk(@TempDir Path plain) throws IOException {
        Fixtures.write(plain, "x/secret.txt", "s\n");
        FileSystemProvider fs = FileSystemProvider.create(plain);
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "x/secret.txt")))).isPresent();
        // An ignore file made with the folder's time set back to what it was (as rsync -t or tar
        // may): a folder changed seconds before was not trusted to stay without one.
        FileTime before = Files.getLastModifiedTime(plain.resolve("x"));
        Fixtures.write(plain, "x/.gitignore", "secret.txt\n");
        Files.setLastModifiedTime(plain.resolve("x"), before);
        assertThat(fs.metadata(ResourceRequest.of(uri(fs, "x/secret.txt")))).isEmpty();
        fs.close();
    }

    @Test
    void invalidExcludePatternsAreRefusedWithAHint() {
        assertThatThrownBy(() -> FileSystemProvider.builder().exclude(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'*.log'");
    }

    private static URI uri(FileSystemProvider fs, String rel) {
        return URI.create(fs.rootUris().getFirst() + "/" + rel);
    }
}
