package dev.reservoir.client;

import dev.reservoir.core.model.Resource;

/**
 * One item of a {@code resources/read} result: text, a blob, or content already written to the
 * caller's sink ({@link McpClient#readTo}).
 */
public sealed interface ResourceContents permits TextResourceContents, BlobResourceContents, StreamedResourceContents {

    /**
     * The item's metadata: uri and mimeType always, and every other Resource field when the server
     * sent them (SEP-2093); {@code name} is the URI when the server gave none.
     */
    Resource resource();

    default String uri() {
        return resource().uri();
    }

    /** The content's length in bytes: text in UTF-8, a blob decoded, or what went to the sink. */
    long byteSize();

    /** The MIME type, or null. */
    default String mimeType() {
        return resource().mimeType();
    }
}
