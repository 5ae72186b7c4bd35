package dev.reservoir.client.internal.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.BlobResourceContents;
import dev.reservoir.core.model.Resource;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpillBufferTest {

    private static final Resource R = Resource.builder("x://blob", "blob").build();

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    /** Writes in uneven pieces, as a base64 decoder does. */
    private static BlobResourceContents fill(long threshold, byte[] data) throws IOException {
        SpillBuffer buffer = new SpillBuffer(threshold);
        int at = 0;
        for (int piece = 1; at < data.length; piece = piece * 3 % 70_001 + 1) {
            int n = Math.min(piece, data.length - at);
            buffer.write(data, at, n);
            at += n;
        }
        java.nio.file.Path file = buffer.file();
        return file != null
                ? BlobResourceContents.ofFile(R, file, buffer.size())
                : BlobResourceContents.ofBytes(R, buffer.bytes());
    }

    @Test
    void underTheThresholdTheBlobStaysInMemory() throws IOException {
        byte[] data = bytes(200_000);
        BlobResourceContents blob = fill(1 << 20, data);
        assertThat(blob.inMemory()).isTrue();
        assertThat(blob.bytes()).isEqualTo(data);
    }

    @Test
    void overTheThresholdItGoesToATemporaryFileThatReleaseDeletes() throws IOException {
        byte[] data = bytes(300_000);
        BlobResourceContents blob = fill(100_000, data);
        assertThat(blob.inMemory()).isFalse();
        assertThat(blob.size()).isEqualTo(data.length);
        try (InputStream in = blob.openStream()) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        blob.release();
        org.assertj.core.api.Assertions.assertThatThrownBy(blob::openStream).isInstanceOf(IOException.class);
    }

    @Test
    void anEmptyBlobIsEmpty() throws IOException {
        assertThat(fill(10, new byte[0]).bytes()).isEmpty();
    }
}
