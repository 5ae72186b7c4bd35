package dev.reservoir.client;

import dev.reservoir.core.model.CacheHint;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The answer to {@code resources/read}. Close it to delete the temporary files of large blobs at once
 * (they are deleted when it becomes unreachable anyway).
 *
 * @param contents one item or more (a collection read can return several)
 * @param cacheHint the server's {@code ttlMs} and {@code cacheScope}, or null when it sent none
 */
public record ReadResourceResult(List<ResourceContents> contents, CacheHint cacheHint) implements AutoCloseable {

    public ReadResourceResult {
        contents = List.copyOf(contents);
    }

    /** The first item. */
    public ResourceContents first() {
        if (contents.isEmpty()) {
            throw new NoSuchElementException("the server returned no contents");
        }
        return contents.getFirst();
    }

    /** The text of the first item; throws IllegalStateException when it is not text. */
    public String text() {
        if (first() instanceof TextResourceContents text) {
            return text.text();
        }
        throw new IllegalStateException(
                first().uri() + " is binary (" + first().mimeType() + "); use blob() or readTo()");
    }

    /** The first item as a blob; throws IllegalStateException when it is not one. */
    public BlobResourceContents blob() {
        if (first() instanceof BlobResourceContents blob) {
            return blob;
        }
        throw new IllegalStateException(first().uri() + " is not a blob");
    }

    /** Deletes the temporary files of large blobs. */
    @Override
    public void close() {
        for (ResourceContents item : contents) {
            if (item instanceof BlobResourceContents blob) {
                blob.release();
            }
        }
    }
}
