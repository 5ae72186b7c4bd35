package dev.reservoir.client;

import dev.reservoir.core.model.Resource;
import java.util.Objects;

/**
 * Content that went straight to the sink given to {@link McpClient#readTo}; only its metadata stays.
 *
 * @param text whether the server sent it as text (written to the sink as UTF-8) rather than a blob
 * @param size the bytes written to the sink
 */
public record StreamedResourceContents(Resource resource, boolean text, long size) implements ResourceContents {
    public StreamedResourceContents {
        Objects.requireNonNull(resource, "resource");
    }

    /** The bytes written to the sink, as {@link #size()}. */
    @Override
    public long byteSize() {
        return size;
    }
}
