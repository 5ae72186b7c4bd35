package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MIME types come from Tika (name and content); the content decides between text and blob. */
class ContentTypesTest {

    private static final byte[] PNG = {
        (byte) 0x89,
        'P',
        'N',
        'G',
        '\r',
        '\n',
        0x1a,
        '\n',
        0,
        0,
        0,
        13,
        'I',
        'H',
        'D',
        'R',
        0,
        0,
        0,
        1,
        0,
        0,
        0,
        1,
        8,
        6,
        0,
        0,
        0
    };

    @TempDir
    Path root;

    private FileSystemProvider fs;

    @BeforeEach
    void setUp() {
        fs = FileSystemProvider.create(root);
    }

    @AfterEach
    void tearDown() {
        fs.close();
    }

    @Test
    void utf8TextIsTextWithTheTypeItsNameAndContentSay() throws IOException {
        Fixtures.write(root, "notes.txt", "héllo wörld ✓\n");
        Fixtures.write(root, "README.md", "# Title\n\nSome *markdown*.\n");
        Fixtures.write(root, "data.json", "{\"a\": [1, 2, 3]}\n");
        Fixtures.write(root, "page.html", "<!DOCTYPE html>\n<html><body>hi</body></html>\n");
        Fixtures.write(root, "Main.java", "public class Main {}\n");
        Fixtures.write(root, "icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n");
        assertText("notes.txt", "text/plain", "héllo wörld ✓\n");
        assertText("README.md", "text/markdown", "# Title\n\nSome *markdown*.\n");
        assertText("data.json", "application/json", "{\"a\": [1, 2, 3]}\n");
        assertText("page.html", "text/html", "<!DOCTYPE html>\n<html><body>hi</body></html>\n");
        assertText("Main.java", "text/x-java-source", "public class Main {}\n");
        assertText("icon.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n");
    }

    @Test
    void byteOrderMarksChooseTheCharsetAndAreNotPartOfTheText() throws IOException {
        Fixtures.write(
                root, "bom8.txt", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8("with BOM ✓")));
        Fixtures.write(
                root,
                "le.txt",
                concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, "UTF-16 LE ✓".getBytes(StandardCharsets.UTF_16LE)));
        Fixtures.write(
                root,
                "be.txt",
                concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, "UTF-16 BE ✓".getBytes(StandardCharsets.UTF_16BE)));
        assertText("bom8.txt", "text/plain", "with BOM ✓");
        assertText("le.txt", "text/plain", "UTF-16 LE ✓");
        assertText("be.txt", "text/plain", "UTF-16 BE ✓");
    }

    @Test
    void binaryContentIsABlobWhateverItsName() throws IOException {
        Fixtures.write(root, "image.png", PNG);
        Fixtures.write(root, "image.txt", PNG);
        Fixtures.write(root, "zeros.dat", new byte[4096]);
        assertBlob("image.png", "image/png", PNG);
        assertBlob("image.txt", "image/png", PNG);
        assertBlob("zeros.dat", "application/octet-stream", new byte[4096]);
    }

    @Test
    void textContentWithABinaryNameIsText() throws IOException {
        Fixtures.write(root, "script.ts", "export const x: number = 1;\n");
        Fixtures.write(root, "photo.png", "not really a picture\n");
        Resource ts = meta("script.ts");
        assertThat(ts.mimeType()).doesNotStartWith("video/");
        assertText("photo.png", "text/plain", "not really a picture\n");
    }

    @Test
    void sourceAndBuildFilesAreTextOfATextType() throws IOException {
        String[] names = {
            "main.rs",
            "app.ts",
            "view.tsx",
            "main.go",
            "Main.kt",
            "build.gradle.kts",
            "App.swift",
            "A.scala",
            "a.rb",
            "index.php",
            "init.lua",
            "Cargo.toml",
            "setup.ini",
            "build.gradle",
            "main.dart",
            "App.vue",
            "App.svelte",
            "main.zig",
            "Main.hs",
            "lib.ex",
            "test.exs",
            "core.clj",
            "plot.r",
            "fit.jl",
            "view.m",
            "api.proto",
            "schema.graphql",
            "main.tf",
            "shell.nix",
            "app.dockerfile",
            "Dockerfile",
            "Makefile",
            "go.mod",
            "Jenkinsfile",
            "Gemfile",
            "CMakeLists.txt",
            "BUILD",
            "styles.scss",
            "notes.org",
            "mod.mts",
            "server.key",
            "cert.pem",
            "messages.po",
            "config.jsonc",
            "run.ps1",
            "x.fs",
            "y.sc"
        };
        for (String name : names) {
            Fixtures.write(root, name, "x = 1 // source\n");
        }
        for (String name : names) {
            String type = meta(name).mimeType();
            assertThat(type.startsWith("text/") || type.equals("application/json") || type.equals("application/x-sh"))
                    .as("%s is %s", name, type)
                    .isTrue();
            assertText(name, type, "x = 1 // source\n");
        }
        assertThat(meta("main.rs").mimeType()).isEqualTo("text/x-rust");
        assertThat(meta("app.ts").mimeType()).isEqualTo("text/x-typescript");
        assertThat(meta("Dockerfile").mimeType()).isEqualTo("text/x-dockerfile");
    }

    @Test
    void documentFormatsThatMayBeAsciiKeepTheTypeTheirNameSaysAndAreBlobs() throws IOException {
        byte[] pdf = "%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n".getBytes(StandardCharsets.US_ASCII);
        byte[] ps = "%!PS-Adobe-3.0\nshowpage\n".getBytes(StandardCharsets.US_ASCII);
        byte[] notAClass = "public class Out {}\n".getBytes(StandardCharsets.US_ASCII);
        Fixtures.write(root, "r.pdf", pdf);
        Fixtures.write(root, "page.ps", ps);
        Fixtures.write(root, "build/Out.class", notAClass);
        assertBlob("r.pdf", "application/pdf", pdf);
        assertBlob("page.ps", "application/postscript", ps);
        assertBlob("build/Out.class", "application/java-vm", notAClass);
    }

    @Test
    void eightBitTextIsDecodedAsWindows1252AndServedAsText() throws IOException {
        Fixtures.write(root, "latin1.txt", "caf\u00e9 cr\u00e8me".getBytes(StandardCharsets.ISO_8859_1));
        Fixtures.write(root, "quotes.md", new byte[] {(byte) 0x93, 'h', 'i', (byte) 0x94, ' ', (byte) 0x80, '\n'});
        assertText("latin1.txt", "text/plain", "caf\u00e9 cr\u00e8me");
        assertText("quotes.md", "text/markdown", "\u201chi\u201d \u20ac\n");
        // Bytes windows-1252 leaves undefined are not text in it: such a file is a blob.
        Fixtures.write(root, "odd.txt", new byte[] {'a', (byte) 0x81, 'b', (byte) 0x8d});
        assertBlob("odd.txt", "application/octet-stream", new byte[] {'a', (byte) 0x81, 'b', (byte) 0x8d});
    }

    @Test
    void aTypeListedAsTextIsAlwaysReadAsTextAndAnyOtherAsABlob() throws IOException {
        Fixtures.write(root, "utf8.txt", "h\u00e9llo\n");
        Fixtures.write(root, "latin1.csv", "a;caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Fixtures.write(
                root,
                "utf16.txt",
                concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, "UTF-16 \u2713".getBytes(StandardCharsets.UTF_16LE)));
        Fixtures.write(root, "binary.txt", new byte[] {0, 1, 2, 3, 4, 5});
        Fixtures.write(root, "binary.json", new byte[] {0, 1, 2, 3, 4, 5});
        Fixtures.write(root, "image.png", PNG);
        Fixtures.write(root, "ascii.pdf", "%PDF-1.4\n".getBytes(StandardCharsets.US_ASCII));
        for (String name : new String[] {
            "utf8.txt", "latin1.csv", "utf16.txt", "binary.txt", "binary.json", "image.png", "ascii.pdf"
        }) {
            String listed = fs.list(new dev.reservoir.server.spi.ListRequest(null, null, 100)).items().stream()
                    .filter(r -> r.name().equals(name))
                    .findFirst()
                    .orElseThrow()
                    .mimeType();
            ContentBody body = fs.read(ReadRequest.of(uri(name), ReadOptions.DEFAULT))
                    .contents()
                    .getFirst()
                    .body();
            boolean textType = listed.startsWith("text/") || listed.endsWith("+json") || listed.endsWith("/json");
            assertThat(body.isText()).as("%s is listed as %s", name, listed).isEqualTo(textType);
        }
    }

    @Test
    void emptyFilesAreEmptyText() throws IOException {
        Fixtures.write(root, "empty.txt", "");
        assertText("empty.txt", "text/plain", "");
    }

    @Test
    void aCharacterCutByTheSniffWindowStillCountsAsText() throws IOException {
        // 8191 ASCII bytes then a 3-byte character: the sniff sees only its first byte.
        String text = "a".repeat(ContentTypes.SNIFF_BYTES - 1) + "✓ and more";
        Fixtures.write(root, "long.txt", text);
        assertText("long.txt", "text/plain", text);
    }

    @Test
    void everyResourceCarriesNameTitleTypeSizeAndTime() throws IOException {
        Fixtures.write(root, "sub/a.txt", "12345");
        Resource file = meta("sub/a.txt");
        assertThat(file.name()).isEqualTo("a.txt");
        assertThat(file.title()).isEqualTo(root.toRealPath().getFileName() + "/sub/a.txt");
        assertThat(file.size()).isEqualTo(5L);
        assertThat(file.annotations().lastModified()).isNotNull();
        assertThat(file.isCollection()).isFalse();
        Resource folder = meta("sub");
        assertThat(folder.mimeType()).isEqualTo("inode/directory");
        assertThat(folder.isCollection()).isTrue();
        assertThat(folder.annotations().lastModified()).isNotNull();
    }

    private Resource meta(String rel) {
        return fs.metadata(ResourceRequest.of(uri(rel)))
                .map(Metadata::resource)
                .orElseThrow(() -> new AssertionError("no " + rel));
    }

    private URI uri(String rel) {
        return URI.create(fs.rootUris().getFirst() + "/" + rel);
    }

    private void assertText(String rel, String mimeType, String expected) throws IOException {
        assertThat(meta(rel).mimeType()).as("type of %s", rel).isEqualTo(mimeType);
        ReadResult result = fs.read(ReadRequest.of(uri(rel), ReadOptions.DEFAULT));
        assertThat(result.contents()).hasSize(1);
        ContentBody body = result.contents().getFirst().body();
        assertThat(body.isText()).as("%s is text", rel).isTrue();
        assertThat(result.contents().getFirst().resource().mimeType()).isEqualTo(mimeType);
        StringWriter out = new StringWriter();
        try (Reader reader = body.openReader()) {
            reader.transferTo(out);
        }
        assertThat(out.toString()).isEqualTo(expected);
    }

    private void assertBlob(String rel, String mimeType, byte[] expected) throws IOException {
        assertThat(meta(rel).mimeType()).as("type of %s", rel).isEqualTo(mimeType);
        ContentBody body = fs.read(ReadRequest.of(uri(rel), ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body();
        assertThat(body.isText()).as("%s is binary", rel).isFalse();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = body.openStream()) {
            in.transferTo(out);
        }
        assertThat(out.toByteArray()).isEqualTo(expected);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
