package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.connect.Pool;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Change fingerprints through {@link java.sql.DatabaseMetaData}: each table's columns (names,
 * types, nullability). Plain JDBC has no cheap way to tell that data changed, so no data changes
 * are reported.
 */
public final class GenericChanges implements ChangeSource {

    private final Pool pool;
    private final List<String> schemas;

    public GenericChanges(Pool pool, List<String> schemas) {
        this.pool = pool;
        this.schemas = List.copyOf(schemas);
    }

    @Override
    public Map<TableName, String> definitions(boolean force) throws SQLException {
        Map<TableName, String> fingerprints = new HashMap<>();
        try (Connection c = pool.borrow()) {
            for (String schema : schemas) {
                try (ResultSet rs = c.getMetaData().getTables(null, schema, "%", null)) {
                    while (rs.next()) {
                        if (schema.equals(rs.getString("TABLE_SCHEM"))) {
                            fingerprints.put(
                                    new TableName(schema, rs.getString("TABLE_NAME")), rs.getString("TABLE_TYPE"));
                        }
                    }
                }
                try (ResultSet rs = c.getMetaData().getColumns(null, schema, "%", "%")) {
                    while (rs.next()) {
                        TableName table = new TableName(rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME"));
                        String column = rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME") + " "
                                + rs.getInt("NULLABLE");
                        fingerprints.computeIfPresent(table, (t, f) -> f + "," + column);
                    }
                }
            }
        }
        return fingerprints;
    }

    @Override
    public Map<TableName, String> data(Set<TableName> watched) {
        return Map.of();
    }

    @Override
    public void close() {
        // Connections are the pool's.
    }
}
