package dev.reservoir.provider.jdbc.catalog;

import java.util.ArrayList;
import java.util.List;

/** Gathers one row per column, sorted by table, into {@link OverviewTable}s. Not thread-safe. */
final class OverviewRows {

    private final List<OverviewTable> tables = new ArrayList<>();
    private TableRef current;
    private Long estimate;
    private List<OverviewTable.Col> columns = new ArrayList<>();

    /** Adds a column (null for a table that has none) of a table; rows of one table come together. */
    void add(TableRef table, Long rowEstimate, OverviewTable.Col column) {
        if (current == null || !current.name().equals(table.name())) {
            flush();
            current = table;
            estimate = rowEstimate;
            columns = new ArrayList<>();
        }
        boolean repeated =
                column != null && !columns.isEmpty() && columns.getLast().name().equals(column.name());
        if (column != null && !repeated) {
            columns.add(column);
        }
    }

    private void flush() {
        if (current != null) {
            tables.add(new OverviewTable(current, estimate, columns));
        }
    }

    List<OverviewTable> done() {
        flush();
        current = null;
        return List.copyOf(tables);
    }
}
