package dev.reservoir.provider.jdbc.catalog;

import java.util.List;
import java.util.Objects;

/** The keys, checks and indexes of a table. */
public final class Constraints {

    private Constraints() {}

    /** A primary key or unique constraint; {@code name} is null when the database has none for it. */
    public record Key(String name, List<String> columns) {
        public Key {
            columns = List.copyOf(columns);
        }
    }

    /**
     * A foreign key.
     *
     * @param targetColumns the referenced columns; empty when they are the target's primary key (SQLite)
     * @param onUpdate the referential action ("CASCADE"), or null for none
     */
    public record ForeignKey(
            String name,
            List<String> columns,
            TableName target,
            List<String> targetColumns,
            String onUpdate,
            String onDelete) {
        public ForeignKey {
            columns = List.copyOf(columns);
            Objects.requireNonNull(target, "target");
            targetColumns = List.copyOf(targetColumns);
        }
    }

    /** A check constraint with its expression. */
    public record Check(String name, String expression) {}

    /**
     * An index that does not merely back a key.
     *
     * @param columns the indexed columns or expressions, in order
     * @param definition the database's own CREATE INDEX statement, or null when it gives none
     */
    public record Index(String name, boolean unique, List<String> columns, String definition) {
        public Index {
            columns = List.copyOf(columns);
        }
    }
}
