package dev.reservoir.server.bus;

import java.util.Objects;

/** A change that subscribers hear of: one resource changed, or the list of resources did. */
public sealed interface Change {

    /** The content or metadata of the resource at {@code uri} changed. */
    record ResourceUpdated(String uri) implements Change {
        public ResourceUpdated {
            Objects.requireNonNull(uri, "uri");
        }
    }

    /** Resources appeared or disappeared. */
    record ListChanged() implements Change {}

    /** The one list change (it carries nothing, so one value serves every use). */
    ListChanged LIST_CHANGED = new ListChanged();
}
