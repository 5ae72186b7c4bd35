package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.catalog.TableName;

/** What a {@link ChangeMonitor} saw change. Called on the monitor's thread; implementations return quickly. */
public interface ChangeListener {

    /** Tables or views were created or dropped, or a table's columns, keys, indexes or comments changed. */
    void listChanged();

    /** One table's definition changed (it also counts as a list change). */
    void definitionChanged(TableName table);

    /** One watched table's rows changed (or its statistics). */
    void dataChanged(TableName table);

    /** Rows changed somewhere, and the engine cannot tell which table (SQLite). */
    void someDataChanged();
}
