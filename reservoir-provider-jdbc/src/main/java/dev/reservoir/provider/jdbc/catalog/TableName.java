package dev.reservoir.provider.jdbc.catalog;

import java.util.Objects;

/** A table or view named by its schema and its own name, exactly as the database spells them. */
public record TableName(String schema, String name) {
    public TableName {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(name, "name");
    }

    /** {@code schema.name} for people (not quoted: never used as SQL). */
    @Override
    public String toString() {
        return schema + "." + name;
    }
}
