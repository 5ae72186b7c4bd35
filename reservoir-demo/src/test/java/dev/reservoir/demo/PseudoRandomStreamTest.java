package dev.reservoir.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** A blob's bytes are the same however they are read, and there are exactly as many as said. */
class PseudoRandomStreamTest {

    private static final int SIZE = 100_003; // not a multiple of a word

    @Test
    void theBytesDoNotDependOnHowTheStreamIsRead() throws IOException {
        byte[] whole = new PseudoRandomStream(7, SIZE).readAllBytes();
        assertThat(whole).hasSize(SIZE);
        assertThat(bytewise(new PseudoRandomStream(7, SIZE))).isEqualTo(whole);
        assertThat(inPieces(new PseudoRandomStream(7, SIZE), 3, 13, 1, 8, 4096)).isEqualTo(whole);
        // The 64 KiB SplittableRandom.nextBytes gives, repeated: how the Java SDK peer makes its blob.
        byte[] block = new byte[64 * 1024];
        new java.util.SplittableRandom(7).nextBytes(block);
        for (int i = 0; i < SIZE; i++) {
            assertThat(whole[i]).as("byte %d", i).isEqualTo(block[i % block.length]);
        }
        byte[] small = new byte[1000];
        new java.util.SplittableRandom(7).nextBytes(small);
        assertThat(new PseudoRandomStream(7, 1000).readAllBytes())
                .as("a blob shorter than the block")
                .isEqualTo(small);
        assertThat(new PseudoRandomStream(8, SIZE).readAllBytes())
                .as("another seed, other bytes")
                .isNotEqualTo(whole);
    }

    @Test
    void aStreamOfAMadeBlockIsTheStreamOfItsSeed() throws IOException {
        // The bench dataset makes a blob's block once and opens every read of it on that block.
        byte[] block = PseudoRandomStream.block(7, SIZE);
        byte[] whole = new PseudoRandomStream(block, SIZE).readAllBytes();
        assertThat(whole).isEqualTo(new PseudoRandomStream(7, SIZE).readAllBytes());
        assertThat(inPieces(new PseudoRandomStream(block, SIZE), 5, 8000, 2)).isEqualTo(whole);
        assertThat(block).as("the block is only read").isEqualTo(PseudoRandomStream.block(7, SIZE));
    }

    @Test
    void theBytesLookRandom() throws IOException {
        // Not a constant or a short cycle: every byte value occurs, none far more than its share.
        int[] counts = new int[256];
        for (byte b : new PseudoRandomStream(42, SIZE).readAllBytes()) {
            counts[b & 0xff]++;
        }
        int expected = SIZE / 256;
        for (int c : counts) {
            assertThat(c).isBetween(expected / 2, expected * 2);
        }
    }

    @Test
    void theEndIsTheEnd() throws IOException {
        InputStream in = new PseudoRandomStream(1, 5);
        assertThat(in.read(new byte[16], 0, 16)).isEqualTo(5);
        assertThat(in.read()).isEqualTo(-1);
        assertThat(in.read(new byte[4], 0, 4)).isEqualTo(-1);
    }

    private static byte[] bytewise(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0; ) {
            out.write(b);
        }
        return out.toByteArray();
    }

    /** Reads in pieces of the given sizes, in turn, with a single byte read between pieces. */
    private static byte[] inPieces(InputStream in, int... sizes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int turn = 0; ; turn++) {
            int n = in.read(buffer, 1, sizes[turn % sizes.length]);
            if (n < 0) {
                return out.toByteArray();
            }
            out.write(buffer, 1, n);
            int b = in.read();
            if (b < 0) {
                return out.toByteArray();
            }
            out.write(b);
        }
    }
}
