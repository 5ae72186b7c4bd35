package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriSpace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names outside ASCII are served byte-exactly; a name that is not valid UTF-8 (which no file: URI
 * can carry) is skipped with one log line, never failing the page; other spellings of a file URI
 * that RFC 8089 makes equal name the same file.
 */
class FileNamesTest {

    @TempDir
    Path dir;

    @Test
    void namesOutsideAsciiAreListedAndRead() throws IOException {
        Fixtures.write(dir, "résumé.md", "cv\n");
        Fixtures.write(dir, "日本/語.md", "nihongo\n");
        Fixtures.write(dir, "real \uFFFD replacement.txt", "a real U+FFFD is a valid name\n");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        assertThat(Listings.paths(fs))
                .containsExactly(
                        "",
                        "real%20%EF%BF%BD%20replacement.txt",
                        "r%C3%A9sum%C3%A9.md",
                        "%E6%97%A5%E6%9C%AC",
                        "%E6%97%A5%E6%9C%AC/%E8%AA%9E.md");
        assertThat(text(fs, "%E6%97%A5%E6%9C%AC/%E8%AA%9E.md")).isEqualTo("nihongo\n");
        assertThat(text(fs, "real%20%EF%BF%BD%20replacement.txt")).startsWith("a real");
        fs.close();
    }

    @Test
    void aNameThatIsNotUtf8IsSkippedWithOneLogLineAndThePageGoesOn() throws Exception {
        Fixtures.write(dir, "a.txt", "a\n");
        Fixtures.write(dir, "z.txt", "z\n");
        // Latin-1 "café": the byte E9 alone is not UTF-8. The JDK makes such a path from a URI.
        Path bad = Path.of(URI.create(dir.toUri() + "caf%E9.txt"));
        Files.writeString(bad, "unnameable\n");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        String log = stderrOf(() -> {
            assertThat(Listings.paths(fs, null, 2)).containsExactly("", "a.txt", "z.txt");
            assertThat(Listings.paths(fs, URI.create(fs.rootUris().getFirst().toString()), 1))
                    .containsExactly("a.txt", "z.txt");
        });
        assertThat(log.lines().filter(l -> l.contains("caf%E9.txt")).toList())
                .singleElement()
                .asString()
                .contains("Skipping")
                .contains("not valid UTF-8");
        fs.close();
    }

    @Test
    void fileUrisWithTheLocalhostAuthorityNameTheSameFiles() throws IOException {
        Fixtures.write(dir, "sub/a.txt", "a\n");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        String path = fs.rootUris().getFirst().getPath();
        for (String spelling : List.of("file://localhost" + path, "FILE://LocalHost" + path)) {
            Resource a = fs.metadata(ResourceRequest.of(URI.create(spelling + "/sub/a.txt")))
                    .map(Metadata::resource)
                    .orElseThrow();
            assertThat(a.uri()).isEqualTo(fs.rootUris().getFirst() + "/sub/a.txt");
            assertThat(((UriSpace.Prefixes) fs.space()).prefixes().getFirst().contains(spelling + "/sub"))
                    .isTrue();
        }
        assertThat(fs.metadata(ResourceRequest.of(URI.create("file://otherhost" + path + "/sub/a.txt")))
                        .map(Metadata::resource))
                .isEmpty();
        fs.close();
    }

    private static String text(FileSystemProvider fs, String rel) throws IOException {
        URI uri = URI.create(fs.rootUris().getFirst() + "/" + rel);
        try (InputStream in = fs.read(ReadRequest.of(uri, ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body()
                .openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** What the runnable wrote to System.err (where the test logger writes), also echoed there. */
    static String stderrOf(ThrowingRunnable runnable) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            runnable.run();
        } finally {
            System.setErr(original);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        original.print(text);
        return text;
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
