package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading files (streamed, limited) and folders (SEP-2093 collection contents). */
class ReadTest {

    @TempDir
    Path dir;

    @Test
    void smallFilesAreReadWholeAndLargerOnesStreamedNotHeld() throws IOException {
        Fixtures.write(dir, "a.txt", "text");
        Fixtures.write(dir, "b.bin", new byte[] {0, 1, 2});
        Fixtures.write(dir, "edge.txt", "e".repeat(ContentTypes.SNIFF_BYTES));
        Fixtures.write(dir, "large.txt", "l".repeat(ContentTypes.SNIFF_BYTES + 1));
        byte[] largeBinary = new byte[ContentTypes.SNIFF_BYTES + 1];
        Fixtures.write(dir, "large.bin", largeBinary);
        FileSystemProvider fs = FileSystemProvider.create(dir);
        // A small UTF-8 file is handed over as its bytes, which go out as they are.
        assertThat(body(fs, "a.txt")).isInstanceOfSatisfying(ContentBody.Utf8Text.class, u -> assertThat(u.text())
                .isEqualTo("text"));
        assertThat(body(fs, "b.bin")).isInstanceOfSatisfying(ContentBody.Bytes.class, b -> assertThat(b.data())
                .containsExactly(0, 1, 2));
        assertThat(body(fs, "edge.txt")).isInstanceOf(ContentBody.Utf8Text.class);
        assertThat(text(body(fs, "edge.txt"))).isEqualTo("e".repeat(ContentTypes.SNIFF_BYTES));
        assertThat(body(fs, "large.txt")).isInstanceOf(ContentBody.TextStream.class);
        assertThat(text(body(fs, "large.txt"))).isEqualTo("l".repeat(ContentTypes.SNIFF_BYTES + 1));
        assertThat(body(fs, "large.bin")).isInstanceOf(ContentBody.BinaryStream.class);
        assertThat(body(fs, "large.bin").size()).hasValue(ContentTypes.SNIFF_BYTES + 1);
        fs.close();
    }

    @Test
    void aSmallFileIsReadAsItsCharsetSaysWithoutItsByteOrderMark() throws IOException {
        Fixtures.write(dir, "bom.txt", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i'});
        Fixtures.write(dir, "utf16.txt", "\ufeffh\u00e9".getBytes(StandardCharsets.UTF_16BE));
        Fixtures.write(dir, "latin.txt", new byte[] {'c', 'a', 'f', (byte) 0xE9});
        Fixtures.write(dir, "bad.txt", new byte[] {'a', (byte) 0xC3, '(', 'b'}); // not UTF-8: windows-1252
        FileSystemProvider fs = FileSystemProvider.create(dir);
        assertThat(body(fs, "bom.txt")).isEqualTo(ContentBody.text("hi"));
        assertThat(body(fs, "utf16.txt")).isEqualTo(ContentBody.text("h\u00e9"));
        assertThat(body(fs, "latin.txt")).isEqualTo(ContentBody.text("caf\u00e9"));
        assertThat(body(fs, "bad.txt")).isEqualTo(ContentBody.text("a\u00c3(b"));
        // The type read with the content is the one a listing gives.
        assertThat(fs.read(ReadRequest.of(uri(fs, "utf16.txt"), ReadOptions.DEFAULT))
                        .contents()
                        .getFirst()
                        .resource()
                        .mimeType())
                .isEqualTo("text/plain");
        fs.close();
    }

    @Test
    void aSmallFileReadIsWhatItHeldThenNotWhatItBecameAfter() throws IOException {
        Path file = Fixtures.write(dir, "log.txt", "0123456789");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        ContentBody body = body(fs, "log.txt");
        Files.writeString(file, "more", StandardOpenOption.APPEND);
        assertThat(text(body)).isEqualTo("0123456789");
        assertThat(text(body(fs, "log.txt"))).isEqualTo("0123456789more");
        fs.close();
    }

    @Test
    void aFileOverTheLimitFailsWithItsSizeAndTheLimit() throws IOException {
        Fixtures.write(dir, "big.txt", "0123456789ABCDEF");
        FileSystemProvider fs =
                FileSystemProvider.builder().root(dir).maxReadBytes(10).build();
        URI uri = uri(fs, "big.txt");
        assertThatThrownBy(() -> fs.read(ReadRequest.of(uri, ReadOptions.DEFAULT)))
                .isInstanceOfSatisfying(ProviderException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ProviderException.Kind.TOO_LARGE);
                    assertThat(e.getMessage()).contains("16 bytes").contains("10 bytes");
                    assertThat(e.uri()).isEqualTo(uri.toString());
                    assertThat(e.size()).isEqualTo(16);
                    assertThat(e.limit()).isEqualTo(10);
                });
        // The server's limit counts too, and the smaller one is named.
        FileSystemProvider roomy = FileSystemProvider.create(dir);
        assertThatThrownBy(() -> roomy.read(ReadRequest.of(uri, new ReadOptions(50, 1 << 20, 8))))
                .isInstanceOfSatisfying(
                        ProviderException.class, e -> assertThat(e.limit()).isEqualTo(8));
        fs.close();
        roomy.close();
    }

    @Test
    void aTextBodyAnnouncesOnlyASizeItsUtf8TextHas() throws IOException {
        Fixtures.write(dir, "small.txt", "h\u00e9llo\n");
        byte[] stray = ("a".repeat(ContentTypes.SNIFF_BYTES + 100) + "?").getBytes(StandardCharsets.UTF_8);
        stray[stray.length - 1] = (byte) 0xFF; // not UTF-8, after what the type was told from
        Fixtures.write(dir, "stray.txt", stray);
        FileSystemProvider fs = FileSystemProvider.create(dir);
        for (String name : new String[] {"small.txt", "stray.txt"}) {
            ContentBody body = body(fs, name);
            assertThat(body.isText()).isTrue();
            long written = text(body).getBytes(StandardCharsets.UTF_8).length;
            if (body.size().isPresent()) {
                assertThat(body.size().getAsLong()).as(name).isEqualTo(written);
            }
        }
        assertThat(body(fs, "small.txt")).isInstanceOf(ContentBody.Utf8Text.class);
        assertThat(text(body(fs, "small.txt"))).isEqualTo("h\u00e9llo\n");
        fs.close();
    }

    @Test
    void aFolderReadsAsItsUriListThenItsSmallTextFiles() throws IOException {
        Fixtures.write(dir, "f/a.txt", "alpha");
        Fixtures.write(dir, "f/b.bin", new byte[] {0, 1, 2});
        Fixtures.write(dir, "f/c.txt", "x".repeat(5000));
        Fixtures.write(dir, "f/d.txt", "delta");
        Fixtures.write(dir, "f/sub/e.txt", "echo");
        FileSystemProvider fs = FileSystemProvider.create(dir);
        String f = uri(fs, "f").toString();
        ReadResult result = fs.read(ReadRequest.of(URI.create(f), new ReadOptions(50, 1000, Long.MAX_VALUE)));
        ResourceContent list = result.contents().getFirst();
        assertThat(list.resource().uri()).isEqualTo(f);
        assertThat(list.resource().isCollection()).isTrue();
        assertThat(list.resource().mimeType()).isEqualTo("text/uri-list");
        assertThat(text(list.body()))
                .isEqualTo("# " + f + ": all 5 entries\r\n" + f + "/a.txt\r\n" + f + "/c.txt\r\n" + f + "/d.txt\r\n" + f
                        + "/b.bin\r\n" + f + "/sub\r\n");
        // c.txt does not fit the 1000-byte budget; b.bin is binary; sub is a folder.
        assertThat(result.contents().subList(1, result.contents().size()))
                .extracting(c -> c.resource().name())
                .containsExactly("a.txt", "d.txt");
        ResourceContent a = result.contents().get(1);
        assertThat(a.resource().isCollection()).isFalse();
        assertThat(a.resource().size()).isEqualTo(5L);
        assertThat(text(a.body())).isEqualTo("alpha");
        fs.close();
    }

    @Test
    void aFolderReadNamesAtMostTheItemLimit() throws IOException {
        for (int i = 0; i < 10; i++) {
            Fixtures.write(dir, "f/%d.txt".formatted(i), "n");
        }
        Files.createDirectories(dir.resolve("empty"));
        FileSystemProvider fs = FileSystemProvider.create(dir);
        ReadResult result = fs.read(ReadRequest.of(uri(fs, "f"), new ReadOptions(3, 1 << 20, Long.MAX_VALUE)));
        assertThat(result.contents()).hasSize(4);
        assertThat(text(result.contents().getFirst().body()))
                .startsWith("# " + uri(fs, "f") + ": the first 3 entries; resources/list with this uri");
        ReadResult empty = fs.read(ReadRequest.of(uri(fs, "empty"), ReadOptions.DEFAULT));
        assertThat(empty.contents()).hasSize(1);
        assertThat(text(empty.contents().getFirst().body())).isEqualTo("# " + uri(fs, "empty") + ": all 0 entries\r\n");
        fs.close();
    }

    private static ContentBody body(FileSystemProvider fs, String rel) {
        return fs.read(ReadRequest.of(uri(fs, rel), ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body();
    }

    private static String text(ContentBody body) throws IOException {
        StringWriter out = new StringWriter();
        try (Reader reader = body.openReader()) {
            reader.transferTo(out);
        }
        return out.toString();
    }

    private static URI uri(FileSystemProvider fs, String rel) {
        return URI.create(fs.rootUris().getFirst() + "/" + rel);
    }
}
