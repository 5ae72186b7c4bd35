package dev.reservoir.demo;

import java.io.InputStream;
import java.util.SplittableRandom;

/** A fixed number of deterministic pseudo-random bytes, made as they are read (nothing held). */
final class PseudoRandomStream extends InputStream {
    private final SplittableRandom random;
    private long remaining;

    PseudoRandomStream(long seed, long size) {
        this.random = new SplittableRandom(seed);
        this.remaining = size;
    }

    @Override
    public int read() {
        if (remaining <= 0) {
            return -1;
        }
        remaining--;
        return random.nextInt(256);
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (remaining <= 0) {
            return -1;
        }
        int n = (int) Math.min(len, remaining);
        for (int i = 0; i < n; i++) {
            b[off + i] = (byte) random.nextInt(256);
        }
        remaining -= n;
        return n;
    }
}
