package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.Writer;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file that changes while it is read never makes a body that looks whole with another size:
 * the stream delivers exactly the size the resource was described with, or fails.
 */
class ChangingFileTest {

    @TempDir
    Path dir;

    private FileSystemProvider fs;

    @BeforeEach
    void setUp() {
        fs = FileSystemProvider.create(dir);
    }

    @AfterEach
    void tearDown() {
        fs.close();
    }

    @Test
    void theStreamDeliversExactlyTheAnnouncedSize() throws IOException {
        byte[] data = new byte[100_000];
        data[99_999] = 7;
        Fixtures.write(dir, "data.bin", data);
        ContentBody body = body("data.bin");
        assertThat(body.size()).hasValue(100_000);
        try (InputStream in = body.openStream()) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void aFileTruncatedWhileItIsReadEndsInAnError() throws IOException {
        Path file = Fixtures.write(dir, "data.bin", new byte[100_000]);
        ContentBody body = body("data.bin");
        try (InputStream in = body.openStream()) {
            in.readNBytes(10);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(20);
            }
            assertThatThrownBy(in::readAllBytes)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("shrank while it was read")
                    .hasMessageContaining("after 20 of the 100000 bytes");
        }
    }

    @Test
    void aTextFileTruncatedWhileItIsReadEndsInAnError() throws IOException {
        Path file = Fixtures.write(dir, "notes.txt", "line\n".repeat(10_000));
        ContentBody body = body("notes.txt");
        assertThat(body.isText()).isTrue();
        try (Reader reader = body.openReader()) {
            reader.read(new char[5]);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(10);
            }
            assertThatThrownBy(() -> reader.transferTo(Writer.nullWriter()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("shrank while it was read");
        }
    }

    /** A text file too large to be read whole at once (ContentTypes.SNIFF_BYTES): it is streamed. */
    private static final String LOG = "0123456789".repeat(1000);

    @Test
    void aFileThatGrowsWhileItIsReadEndsInAnError() throws IOException {
        Path file = Fixtures.write(dir, "log.txt", LOG);
        ContentBody body = body("log.txt");
        try (Reader reader = body.openReader()) {
            Files.writeString(file, "more", StandardOpenOption.APPEND);
            assertThatThrownBy(() -> reader.transferTo(Writer.nullWriter()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("grew while it was read")
                    .hasMessageContaining("10000 bytes");
        }
    }

    @Test
    void aFileThatChangedBeforeItWasOpenedIsRefusedBeforeAnythingIsSent() throws IOException {
        Path file = Fixtures.write(dir, "log.txt", LOG);
        ContentBody body = body("log.txt");
        Files.writeString(file, "more", StandardOpenOption.APPEND);
        assertThatThrownBy(body::openReader).isInstanceOfSatisfying(ProviderException.class, e -> {
            assertThat(e.getMessage()).contains("changed while it was read").contains("read it again");
            assertThat(e.uri()).isEqualTo(uri("log.txt").toString());
        });
    }

    private ContentBody body(String rel) {
        return fs.read(ReadRequest.of(uri(rel), ReadOptions.DEFAULT))
                .contents()
                .getFirst()
                .body();
    }

    private URI uri(String rel) {
        return URI.create(fs.rootUris().getFirst() + "/" + rel);
    }
}
