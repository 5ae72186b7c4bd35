package dev.reservoir.provider.jdbc.catalog;

/** What kind of relation a table entry is. */
public enum TableKind {
    TABLE("table"),
    PARTITIONED_TABLE("partitioned table"),
    VIEW("view"),
    MATERIALIZED_VIEW("materialized view"),
    FOREIGN_TABLE("foreign table");

    private final String label;

    TableKind(String label) {
        this.label = label;
    }

    /** The lower-case words people use for it ("materialized view"). */
    public String label() {
        return label;
    }

    /** Whether it holds rows of its own (its size and statistics mean something). */
    public boolean stored() {
        return this == TABLE || this == PARTITIONED_TABLE || this == MATERIALIZED_VIEW;
    }
}
