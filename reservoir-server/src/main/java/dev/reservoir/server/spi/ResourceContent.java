package dev.reservoir.server.spi;

import dev.reservoir.core.model.Resource;
import java.util.Objects;

/**
 * One item of a read: the metadata of the representation (its uri and mimeType at least; with
 * SEP-2093 every field is sent) and its content.
 */
public record ResourceContent(Resource resource, ContentBody body) {
    public ResourceContent {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(body, "body");
    }
}
