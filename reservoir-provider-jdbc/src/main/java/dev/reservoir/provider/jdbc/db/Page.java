package dev.reservoir.provider.jdbc.db;

import java.util.List;

/**
 * A page of entries and the cursor after its last one (null when nothing follows).
 */
public record Page(List<Entry> entries, String next) {
    public Page {
        entries = List.copyOf(entries);
    }
}
