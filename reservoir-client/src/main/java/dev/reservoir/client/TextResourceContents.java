package dev.reservoir.client;

import dev.reservoir.core.model.Resource;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** Text content. */
public record TextResourceContents(Resource resource, String text) implements ResourceContents {
    public TextResourceContents {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(text, "text");
    }

    /** The size of the text in UTF-8 bytes. */
    @Override
    public long byteSize() {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
