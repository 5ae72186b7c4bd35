package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.connect.Pool;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SQLite's change fingerprints, on a connection of its own: {@code PRAGMA data_version} moves when
 * another connection commits (any process), {@code PRAGMA schema_version} when the schema changes;
 * definitions are then the stored CREATE statements. SQLite keeps no per-table counters, so a data
 * change is reported for the whole database ({@link ChangeSource#ANY}).
 */
public final class SqliteChanges implements ChangeSource {

    private final Pool pool;
    private final List<String> schemas;
    private final Duration timeout;
    private final Dialect dialect = Dialect.of(Engine.SQLITE);
    private Connection connection;
    private String schemaVersions;

    public SqliteChanges(Pool pool, List<String> schemas, Duration timeout) {
        this.pool = pool;
        this.schemas = List.copyOf(schemas);
        this.timeout = timeout;
    }

    private Connection connection() throws SQLException {
        if (connection == null || connection.isClosed()) {
            connection = pool.openDedicated();
        }
        return connection;
    }

    @Override
    public Map<TableName, String> definitions(boolean force) throws SQLException {
        QueryScope scope = QueryScope.of(timeout);
        Connection c = connection();
        StringBuilder versions = new StringBuilder();
        for (String schema : schemas) {
            versions.append(Statements.list(
                                    c,
                                    scope,
                                    "PRAGMA " + dialect.quote(schema) + ".schema_version",
                                    rs -> rs.getString(1))
                            .getFirst())
                    .append(',');
        }
        if (!force && versions.toString().equals(schemaVersions)) {
            return null;
        }
        schemaVersions = versions.toString();
        Map<TableName, String> fingerprints = new HashMap<>();
        for (String schema : schemas) {
            String sql = "SELECT tbl_name, group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), char(10))"
                    + " FROM (SELECT * FROM " + dialect.quote(schema) + ".sqlite_master ORDER BY type, name)"
                    + " WHERE tbl_name NOT LIKE 'sqlite\\_%' ESCAPE '\\' GROUP BY tbl_name";
            Statements.list(
                    c, scope, sql, rs -> fingerprints.put(new TableName(schema, rs.getString(1)), rs.getString(2)));
        }
        return fingerprints;
    }

    @Override
    public Map<TableName, String> data(Set<TableName> watched) throws SQLException {
        QueryScope scope = QueryScope.of(timeout);
        StringBuilder versions = new StringBuilder();
        for (String schema : schemas) {
            versions.append(Statements.list(
                                    connection(),
                                    scope,
                                    "PRAGMA " + dialect.quote(schema) + ".data_version",
                                    rs -> rs.getString(1))
                            .getFirst())
                    .append(',');
        }
        Map<TableName, String> out = new HashMap<>();
        out.put(ANY, versions.toString());
        return out;
    }

    @Override
    public void close() {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException e) {
            // closing at shutdown
        }
    }
}
