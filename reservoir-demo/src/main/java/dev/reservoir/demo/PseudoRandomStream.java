package dev.reservoir.demo;

import java.io.InputStream;
import java.util.SplittableRandom;

/**
 * A fixed number of deterministic pseudo-random bytes: a block of 64 KiB, the bytes
 * {@link SplittableRandom#nextBytes} gives for the seed, repeated to the size, the same however
 * the stream is read. Only the block is held, so a blob of any size costs 64 KiB.
 *
 * <p>The block is repeated rather than the generator run for every byte: a blob's bytes come from
 * a file's cached pages in real use (a copy), and the generator cost the server that reads them
 * more than a copy does: in a fresh server, a third of the thread that sent a 100 MiB blob was
 * the generator, and the blob benchmark measured it rather than the server (the floors send bytes
 * made before the read; the Java SDK peer makes its whole blob when it starts). A fresh server's
 * first 100 MiB blob over HTTP took 0.86x the time with the block (reservoir-bench/PROFILE.md).
 */
final class PseudoRandomStream extends InputStream {

    /** The bytes of the block that repeats. */
    static final int BLOCK = 64 * 1024;

    private final long seed;
    private final long size;
    private byte[] block;
    private long position;

    PseudoRandomStream(long seed, long size) {
        this.seed = seed;
        this.size = size;
    }

    /** A stream of {@code size} bytes of a block made before ({@link #block(long, long)} of its seed and size). */
    PseudoRandomStream(byte[] block, long size) {
        this.seed = 0; // not used: the block is made
        this.size = size;
        this.block = block;
    }

    /** The byte at each position of a stream of this seed: {@code bytes[i] = block[i % BLOCK]}. */
    static byte[] block(long seed, long size) {
        byte[] block = new byte[(int) Math.min(BLOCK, size)];
        new SplittableRandom(seed).nextBytes(block);
        return block;
    }

    @Override
    public int read() {
        if (position >= size) {
            return -1;
        }
        return block()[(int) (position++ % BLOCK)] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position >= size) {
            return -1;
        }
        int n = (int) Math.min(len, size - position);
        byte[] from = block();
        for (int i = off, end = off + n; i < end; ) {
            int at = (int) (position % BLOCK);
            int run = Math.min(end - i, from.length - at);
            System.arraycopy(from, at, b, i, run);
            i += run;
            position += run;
        }
        return n;
    }

    private byte[] block() {
        if (block == null) {
            block = block(seed, size); // on the first read: a stream made and not read costs nothing
        }
        return block;
    }
}
