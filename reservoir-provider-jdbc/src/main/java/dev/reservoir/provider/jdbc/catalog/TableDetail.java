package dev.reservoir.provider.jdbc.catalog;

import java.util.List;
import java.util.Objects;

/**
 * Everything the schema resource of a table shows.
 *
 * @param primaryKey the primary key, or null when there is none
 * @param viewDefinition the query of a view, or null
 * @param sourceDdl the database's own DDL for the table and its indexes (SQLite keeps it), or empty
 */
public record TableDetail(
        TableRef ref,
        List<Column> columns,
        Constraints.Key primaryKey,
        List<Constraints.Key> uniques,
        List<Constraints.ForeignKey> foreignKeys,
        List<Constraints.Check> checks,
        List<Constraints.Index> indexes,
        String viewDefinition,
        List<String> sourceDdl) {

    public TableDetail {
        Objects.requireNonNull(ref, "ref");
        columns = List.copyOf(columns);
        uniques = List.copyOf(uniques);
        foreignKeys = List.copyOf(foreignKeys);
        checks = List.copyOf(checks);
        indexes = List.copyOf(indexes);
        sourceDdl = List.copyOf(sourceDdl);
    }

    /** The column of that name. */
    public Column column(String name) {
        return columns.stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(ref.name() + " has no column " + name));
    }
}
