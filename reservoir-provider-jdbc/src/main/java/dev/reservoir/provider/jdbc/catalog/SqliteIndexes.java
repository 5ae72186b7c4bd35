package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A SQLite table's indexes and unique constraints, and its size on disk. */
record SqliteIndexes(List<Constraints.Key> uniques, List<Constraints.Index> indexes) {

    static SqliteIndexes read(Connection c, QueryScope scope, Dialect dialect, TableName table) throws SQLException {
        List<Object[]> list = Statements.list(
                c,
                scope,
                "SELECT name, \"unique\", origin FROM pragma_index_list(?, ?) ORDER BY name",
                rs -> new Object[] {rs.getString(1), rs.getBoolean(2), rs.getString(3)},
                table.name(),
                table.schema());
        List<Constraints.Key> uniques = new ArrayList<>();
        List<Constraints.Index> indexes = new ArrayList<>();
        for (Object[] index : list) {
            String name = (String) index[0];
            List<String> columns = Statements.list(
                    c,
                    scope,
                    "SELECT coalesce(name, '(expression)') FROM pragma_index_info(?, ?) ORDER BY seqno",
                    rs -> rs.getString(1),
                    name,
                    table.schema());
            switch ((String) index[2]) {
                case "pk" -> {} // the primary key, shown as such
                case "u" -> uniques.add(new Constraints.Key(null, columns));
                default -> {
                    List<String> sql = Statements.list(
                            c,
                            scope,
                            "SELECT sql FROM " + dialect.quote(table.schema())
                                    + ".sqlite_master WHERE type = 'index' AND name = ?",
                            rs -> rs.getString(1),
                            name);
                    String definition = sql.isEmpty() || sql.getFirst() == null ? null : sql.getFirst() + ";";
                    indexes.add(new Constraints.Index(name, (Boolean) index[1], columns, definition));
                }
            }
        }
        return new SqliteIndexes(uniques, indexes);
    }

    /** Bytes of the table's pages, from the dbstat table when SQLite was built with it; null otherwise. */
    static Long bytes(Connection c, QueryScope scope, Dialect dialect, TableName table) {
        try {
            return Statements.list(
                            c,
                            scope,
                            "SELECT sum(pgsize) FROM dbstat(?) WHERE name = ?",
                            rs -> Statements.longOrNull(rs, 1),
                            table.schema(),
                            table.name())
                    .getFirst();
        } catch (SQLException e) {
            return null; // no dbstat in this build of SQLite
        }
    }
}
