package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Reads what a database holds, for one engine. Implementations hold no state and no connection:
 * each call gets a connection and a scope (whose time limit every statement takes). Schema names
 * are not filtered here beyond system schemas; the caller keeps to the configured ones.
 */
public interface Catalog {

    Dialect dialect();

    /** Schemas a user could read, system schemas left out, sorted by name. */
    List<String> schemas(Connection c, QueryScope scope) throws SQLException;

    /** Tables and views of one schema whose names sort after {@code after} (null: from the start), in the database's name order. */
    List<TableRef> tables(Connection c, QueryScope scope, String schema, String after, int limit) throws SQLException;

    /**
     * Tables and views of one schema whose names start with the prefix (case-sensitively), in name
     * order; the default pages through all of them.
     */
    default List<TableRef> tablesStartingWith(Connection c, QueryScope scope, String schema, String prefix, int limit)
            throws SQLException {
        List<TableRef> found = new java.util.ArrayList<>();
        String after = null;
        while (found.size() < limit) {
            List<TableRef> batch = tables(c, scope, schema, after, 1000);
            for (TableRef table : batch) {
                if (table.name().name().startsWith(prefix) && found.size() < limit) {
                    found.add(table);
                }
            }
            if (batch.size() < 1000) {
                break;
            }
            after = batch.getLast().name().name();
        }
        return found;
    }

    /** One table or view, if it exists. */
    Optional<TableRef> table(Connection c, QueryScope scope, TableName name) throws SQLException;

    /** Columns, keys, indexes, comments. */
    TableDetail detail(Connection c, QueryScope scope, TableRef table) throws SQLException;

    /** Row estimate, sizes, maintenance times. */
    TableStats stats(Connection c, QueryScope scope, TableRef table) throws SQLException;

    /** Every table and view of these schemas with its columns, sorted by schema then name, in few statements. */
    List<OverviewTable> overview(Connection c, QueryScope scope, List<String> schemas) throws SQLException;
}
