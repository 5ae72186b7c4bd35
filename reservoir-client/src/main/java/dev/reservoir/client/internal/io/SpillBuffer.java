package dev.reservoir.client.internal.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a blob is decoded to: memory up to a threshold, then a temporary file, so a large blob is
 * never held twice (nor once, in memory). Memory is kept in 64 KiB chunks, so growing never copies
 * and never needs one large free block; only a blob that stays under the threshold becomes one array.
 * Not thread-safe.
 */
public final class SpillBuffer extends OutputStream {

    private final long threshold;
    private static final int CHUNK = 64 * 1024;

    private final java.util.ArrayList<byte[]> chunks = new java.util.ArrayList<>();
    private int lastFill = CHUNK;
    private Path file;
    private OutputStream fileOut;
    private long size;
    private boolean closed;

    public SpillBuffer(long threshold) {
        this.threshold = threshold;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException("the buffer is closed");
        }
        if (fileOut == null && size + len > threshold) {
            file = Files.createTempFile("reservoir-blob-", ".bin");
            fileOut = new BufferedOutputStream(Files.newOutputStream(file), CHUNK);
            for (int i = 0; i < chunks.size(); i++) {
                fileOut.write(chunks.get(i), 0, i == chunks.size() - 1 ? lastFill : CHUNK);
            }
            chunks.clear();
        }
        if (fileOut != null) {
            fileOut.write(b, off, len);
            size += len;
            return;
        }
        size += len;
        while (len > 0) {
            if (lastFill == CHUNK) {
                chunks.add(new byte[CHUNK]);
                lastFill = 0;
            }
            int n = Math.min(len, CHUNK - lastFill);
            System.arraycopy(b, off, chunks.getLast(), lastFill, n);
            lastFill += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            if (fileOut != null) {
                fileOut.close();
            }
        }
    }

    /** Deletes what was written (a decode failed half-way). */
    public void discard() {
        try {
            close();
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // Best effort: the temp file is left to the system.
        }
    }

    /** The bytes written so far. */
    public long size() {
        return size;
    }

    /**
     * Closes the buffer; answers the temporary file the bytes went to (the caller now owns it), or
     * null when they stayed in memory (then {@link #bytes()} has them).
     */
    public Path file() throws IOException {
        close();
        return file;
    }

    /** Closes the buffer and hands over the bytes it kept in memory (none once they went to a file). */
    public byte[] bytes() throws IOException {
        close();
        byte[] bytes = new byte[file == null ? (int) size : 0];
        int at = 0;
        for (byte[] chunk : chunks) {
            int n = Math.min(CHUNK, bytes.length - at);
            System.arraycopy(chunk, 0, bytes, at, n);
            at += n;
        }
        chunks.clear();
        return bytes;
    }
}
