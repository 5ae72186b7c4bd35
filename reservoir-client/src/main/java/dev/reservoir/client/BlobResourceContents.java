package dev.reservoir.client;

import dev.reservoir.core.model.Resource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Binary content, decoded from base64 as it arrived: held in memory when small, else in a temporary
 * file that {@link ReadResourceResult#close()} deletes (and that is deleted anyway once this object
 * is unreachable). Thread-safe for reading.
 */
public final class BlobResourceContents implements ResourceContents {

    private static final Cleaner CLEANER = Cleaner.create();

    private final Resource resource;
    private final byte[] bytes;
    private final Path file;
    private final long size;
    private final Cleaner.Cleanable cleanable;

    private BlobResourceContents(Resource resource, byte[] bytes, Path file, long size) {
        this.resource = Objects.requireNonNull(resource, "resource");
        this.bytes = bytes;
        this.file = file;
        this.size = size;
        this.cleanable = file == null ? null : CLEANER.register(this, new Deleter(file));
    }

    /** A blob held in memory (the array is not copied; do not change it). */
    public static BlobResourceContents ofBytes(Resource resource, byte[] bytes) {
        return new BlobResourceContents(resource, Objects.requireNonNull(bytes, "bytes"), null, bytes.length);
    }

    /** A blob in a file this object now owns: the file is deleted by {@link #release()}. */
    public static BlobResourceContents ofFile(Resource resource, Path file, long size) {
        return new BlobResourceContents(resource, null, Objects.requireNonNull(file, "file"), size);
    }

    @Override
    public Resource resource() {
        return resource;
    }

    /** The decoded size in bytes. */
    public long size() {
        return size;
    }

    /** The decoded size in bytes, as {@link #size()}. */
    @Override
    public long byteSize() {
        return size;
    }

    /** Whether the bytes are in memory (else in a temporary file). */
    public boolean inMemory() {
        return bytes != null;
    }

    /** All the bytes (a copy); reads the file when the blob is in one. */
    public byte[] bytes() {
        if (bytes != null) {
            return bytes.clone();
        }
        if (size > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException(
                    "the blob is " + size + " bytes, too large for one array; use openStream() or transferTo()");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stream of the bytes; the caller closes it. */
    public InputStream openStream() throws IOException {
        return bytes != null ? new ByteArrayInputStream(bytes) : Files.newInputStream(file);
    }

    /** Writes the bytes to a file (moving the temporary file when there is one). */
    public void transferTo(Path target) throws IOException {
        if (bytes != null) {
            Files.write(target, bytes);
            return;
        }
        try {
            Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes the temporary file, if any; the content is gone afterwards. */
    public void release() {
        if (cleanable != null) {
            cleanable.clean();
        }
    }

    @Override
    public String toString() {
        return "BlobResourceContents[uri=" + resource.uri() + ", size=" + size + (bytes == null ? ", file" : "") + "]";
    }

    private record Deleter(Path file) implements Runnable {
        @Override
        public void run() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A temporary file that cannot be deleted is left to the system's temp cleaning.
            }
        }
    }
}
