package dev.reservoir.provider.jdbc.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A table as the overview shows it: compact, every column in one short line.
 *
 * @param rowEstimate an estimate, or null when the engine has none at hand
 */
public record OverviewTable(TableRef ref, Long rowEstimate, List<OverviewTable.Col> columns) {

    public OverviewTable {
        Objects.requireNonNull(ref, "ref");
        columns = List.copyOf(columns);
    }

    /**
     * One column.
     *
     * @param references {@code schema.table(column)} when it alone is a foreign key, else null
     */
    public record Col(String name, String type, boolean notNull, boolean primaryKey, String references) {}
}
