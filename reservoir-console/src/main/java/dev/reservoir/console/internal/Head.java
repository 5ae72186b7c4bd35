package dev.reservoir.console.internal;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * An output stream that keeps the first bytes written to it, up to a limit, and counts the rest:
 * large content streams through it without being held. Not thread-safe (one read writes to it).
 */
final class Head extends OutputStream {

    private final int limit;
    private byte[] bytes = new byte[4096];
    private int kept;
    private long total;

    Head(int limit) {
        this.limit = limit;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        total += len;
        int take = Math.min(len, limit - kept);
        if (take <= 0) {
            return;
        }
        if (kept + take > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.min(limit, Math.max(kept + take, bytes.length * 2)));
        }
        System.arraycopy(b, off, bytes, kept, take);
        kept += take;
    }

    /** The bytes kept (a copy of at most the limit). */
    byte[] bytes() {
        return Arrays.copyOf(bytes, kept);
    }

    /** Every byte written, kept or not. */
    long total() {
        return total;
    }

    /** Whether more was written than kept. */
    boolean cut() {
        return total > kept;
    }
}
