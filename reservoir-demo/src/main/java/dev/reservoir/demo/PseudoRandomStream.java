package dev.reservoir.demo;

import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * A fixed number of deterministic pseudo-random bytes, made as they are read (nothing held): the
 * bytes of successive {@link SplittableRandom#nextLong} words, low byte first, the same however
 * the stream is read. Eight bytes come from one word: drawing a bounded number for every byte cost
 * more than a server's whole work on the blob (base64 and the writes), so the blob benchmark
 * measured this class rather than the server.
 */
final class PseudoRandomStream extends InputStream {
    /**
     * A word stored at once: eight byte stores a word were a third of this class's time in a fresh
     * server (the generator the rest), where the blob is read before the JIT's last tier has this
     * method.
     */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final SplittableRandom random;
    private long remaining;
    /** The word being read, and how many of its bytes are left (low bytes first). */
    private long word;

    private int wordLeft;

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
        return nextByte() & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (remaining <= 0) {
            return -1;
        }
        int n = (int) Math.min(len, remaining);
        int i = off;
        int end = off + n;
        while (i < end && wordLeft > 0) {
            b[i++] = nextByte();
        }
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            WORDS.set(b, i, random.nextLong()); // low byte first
        }
        while (i < end) {
            b[i++] = nextByte();
        }
        remaining -= n;
        return n;
    }

    private byte nextByte() {
        if (wordLeft == 0) {
            word = random.nextLong();
            wordLeft = Long.BYTES;
        }
        byte next = (byte) word;
        word >>>= 8;
        wordLeft--;
        return next;
    }
}
