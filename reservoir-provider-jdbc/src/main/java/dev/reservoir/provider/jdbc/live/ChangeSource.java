package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.catalog.TableName;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;

/** Cheap fingerprints of a database, for one engine; called from the monitor's one thread. */
public interface ChangeSource extends AutoCloseable {

    /**
     * A fingerprint of each table's definition, or null when a cheaper check shows nothing can have
     * changed since the last call (unless {@code force}).
     */
    Map<TableName, String> definitions(boolean force) throws SQLException;

    /**
     * A fingerprint of the data of each of these tables that it can tell about, plus under
     * {@link #ANY} one for the whole database when that is all the engine can tell.
     */
    Map<TableName, String> data(Set<TableName> watched) throws SQLException;

    /** The key of a whole-database data fingerprint. */
    TableName ANY = new TableName("", "");

    @Override
    void close();
}
