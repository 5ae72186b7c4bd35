package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import java.util.Objects;

/** A table or view named by its schema and its own name, exactly as the database spells them. */
public record TableName(String schema, String name) {
    public TableName {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(name, "name");
    }

    /** {@code "schema"."table"}, quoted as the dialect quotes identifiers. */
    public String quoted(Dialect dialect) {
        return dialect.quote(schema) + "." + dialect.quote(name);
    }

    /** {@code schema.name} for people (not quoted: never used as SQL). */
    @Override
    public String toString() {
        return schema + "." + name;
    }
}
