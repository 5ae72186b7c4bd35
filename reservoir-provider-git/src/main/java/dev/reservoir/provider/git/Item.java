package dev.reservoir.provider.git;

import dev.reservoir.core.model.Resource;
import java.util.Objects;

/** One item of a read: the metadata of what it holds, and its content. */
record Item(Resource resource, Content content) {
    Item {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(content, "content");
    }
}
