package dev.reservoir.provider.jdbc.catalog;

import java.util.Objects;

/**
 * A table or view as a listing knows it: its name, kind and comment (null when it has none).
 */
public record TableRef(TableName name, TableKind kind, String comment) {
    public TableRef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
