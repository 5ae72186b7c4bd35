package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SQLite's catalog: {@code sqlite_master} and the table-valued pragmas. The schemas are the
 * attached databases ("main" and any others; "temp" is left out). SQLite keeps each table's
 * CREATE statement, so the DDL shown is its own. Row counts are exact but stop at a cap.
 */
public final class SqliteCatalog implements Catalog {

    /** Counting stops here: a count over a huge table would take too long for a stats read. */
    static final long COUNT_CAP = 1_000_000;

    private static final String TABLES = "SELECT name, type FROM %s.sqlite_master WHERE type IN ('table', 'view')"
            + " AND name NOT LIKE 'sqlite\\_%%' ESCAPE '\\'";

    private final Dialect dialect = Dialect.of(Engine.SQLITE);

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public List<String> schemas(Connection c, QueryScope scope) throws SQLException {
        return Statements.list(
                c,
                scope,
                "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY name",
                rs -> rs.getString(1));
    }

    @Override
    public List<TableRef> tables(Connection c, QueryScope scope, String schema, String after, int limit)
            throws SQLException {
        String sql = TABLES.formatted(dialect.quote(schema)) + (after == null ? "" : " AND name > ?")
                + " ORDER BY name LIMIT ?";
        Object[] params = after == null ? new Object[] {limit} : new Object[] {after, limit};
        return Statements.list(c, scope, sql, rs -> ref(schema, rs), params);
    }

    @Override
    public List<TableRef> tablesStartingWith(Connection c, QueryScope scope, String schema, String prefix, int limit)
            throws SQLException {
        String sql =
                TABLES.formatted(dialect.quote(schema)) + " AND substr(name, 1, length(?)) = ? ORDER BY name LIMIT ?";
        return Statements.list(c, scope, sql, rs -> ref(schema, rs), prefix, prefix, limit);
    }

    @Override
    public Optional<TableRef> table(Connection c, QueryScope scope, TableName name) throws SQLException {
        if (!schemas(c, scope).contains(name.schema())) {
            return Optional.empty();
        }
        String sql = TABLES.formatted(dialect.quote(name.schema())) + " AND name = ?";
        return Statements.list(c, scope, sql, rs -> ref(name.schema(), rs), name.name()).stream()
                .findFirst();
    }

    private static TableRef ref(String schema, ResultSet rs) throws SQLException {
        TableKind kind = rs.getString(2).equals("view") ? TableKind.VIEW : TableKind.TABLE;
        return new TableRef(new TableName(schema, rs.getString(1)), kind, null);
    }

    /** One row of pragma_table_xinfo: hidden is 1 for a virtual table's hidden column, 2 or 3 for a generated one. */
    private record XColumn(String name, String type, boolean notNull, String dflt, int pk, int hidden) {
        Column column() {
            boolean generated = hidden == 2 || hidden == 3;
            return new Column(name, type, !notNull, generated ? null : dflt, null, generated ? "(generated)" : null);
        }
    }

    @Override
    public TableDetail detail(Connection c, QueryScope scope, TableRef table) throws SQLException {
        List<XColumn> cols = Statements.list(
                        c,
                        scope,
                        "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid",
                        rs -> new XColumn(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getBoolean(3),
                                rs.getString(4),
                                rs.getInt(5),
                                rs.getInt(6)),
                        table.name().name(),
                        table.name().schema())
                .stream()
                .filter(col -> col.hidden() != 1)
                .toList();
        List<String> pk = cols.stream()
                .filter(col -> col.pk() > 0)
                .sorted((a, b) -> Integer.compare(a.pk(), b.pk()))
                .map(XColumn::name)
                .toList();
        SqliteIndexes indexes = SqliteIndexes.read(c, scope, dialect, table.name());
        List<String> ddl = ownDdl(c, scope, table.name());
        return new TableDetail(
                table,
                cols.stream().map(XColumn::column).toList(),
                pk.isEmpty() ? null : new Constraints.Key(null, pk),
                indexes.uniques(),
                foreignKeys(c, scope, table.name()),
                List.of(),
                indexes.indexes(),
                table.kind() == TableKind.VIEW && !ddl.isEmpty() ? ddl.getFirst() : null,
                ddl);
    }

    /** The CREATE statements SQLite keeps for the table (or view), then for its indexes and triggers. */
    private List<String> ownDdl(Connection c, QueryScope scope, TableName table) throws SQLException {
        return Statements.list(
                c,
                scope,
                "SELECT sql FROM " + dialect.quote(table.schema())
                        + ".sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL"
                        + " ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'view' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name",
                rs -> rs.getString(1) + ";",
                table.name());
    }

    private List<Constraints.ForeignKey> foreignKeys(Connection c, QueryScope scope, TableName table)
            throws SQLException {
        List<Object[]> rows = Statements.list(
                c,
                scope,
                "SELECT id, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq",
                rs -> new Object[] {
                    rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6)
                },
                table.name(),
                table.schema());
        List<Constraints.ForeignKey> keys = new ArrayList<>();
        int i = 0;
        while (i < rows.size()) {
            int id = (Integer) rows.get(i)[0];
            List<String> from = new ArrayList<>();
            List<String> to = new ArrayList<>();
            Object[] first = rows.get(i);
            for (; i < rows.size() && (Integer) rows.get(i)[0] == id; i++) {
                from.add((String) rows.get(i)[2]);
                if (rows.get(i)[3] != null) {
                    to.add((String) rows.get(i)[3]);
                }
            }
            keys.add(new Constraints.ForeignKey(
                    null,
                    from,
                    new TableName(table.schema(), (String) first[1]),
                    to,
                    action((String) first[4]),
                    action((String) first[5])));
        }
        return keys;
    }

    private static String action(String action) {
        return action == null || action.equals("NO ACTION") ? null : action;
    }

    @Override
    public TableStats stats(Connection c, QueryScope scope, TableRef table) throws SQLException {
        if (table.kind() == TableKind.VIEW) {
            return new TableStats(null, null, null, null, null, null, null);
        }
        long count = Statements.list(
                        c,
                        scope,
                        "SELECT count(*) FROM (SELECT 1 FROM " + table.name().quoted(dialect) + " LIMIT "
                                + (COUNT_CAP + 1) + ")",
                        rs -> rs.getLong(1))
                .getFirst();
        String source = count > COUNT_CAP ? "at least (counting stopped at " + COUNT_CAP + ")" : "exact count";
        Long bytes = SqliteIndexes.bytes(c, scope, dialect, table.name());
        return new TableStats(Math.min(count, COUNT_CAP), source, bytes, null, null, null, null);
    }

    @Override
    public List<OverviewTable> overview(Connection c, QueryScope scope, List<String> schemas) throws SQLException {
        OverviewRows rows = new OverviewRows();
        for (String schema : schemas) {
            String sql = "SELECT m.name, m.type, p.name, p.type, p.\"notnull\", p.pk, f.\"table\", f.\"to\""
                    + " FROM " + dialect.quote(schema) + ".sqlite_master m"
                    + " JOIN pragma_table_info(m.name, ?) p"
                    + " LEFT JOIN pragma_foreign_key_list(m.name, ?) f ON f.\"from\" = p.name"
                    + " AND (SELECT count(*) FROM pragma_foreign_key_list(m.name, ?) g WHERE g.id = f.id) = 1"
                    + " WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                    + " ORDER BY m.name, p.cid, f.id";
            Statements.list(c, scope, sql, rs -> add(rows, schema, rs), schema, schema, schema);
        }
        return rows.done();
    }

    private Void add(OverviewRows rows, String schema, ResultSet rs) throws SQLException {
        TableKind kind = rs.getString(2).equals("view") ? TableKind.VIEW : TableKind.TABLE;
        TableRef table = new TableRef(new TableName(schema, rs.getString(1)), kind, null);
        String column = rs.getString(3);
        String target = rs.getString(7);
        String reference = target == null
                ? null
                : dialect.quote(schema) + "." + dialect.quote(target)
                        + (rs.getString(8) == null ? "" : "(" + dialect.quote(rs.getString(8)) + ")");
        rows.add(
                table,
                null,
                column == null
                        ? null
                        : new OverviewTable.Col(
                                column, rs.getString(4), rs.getBoolean(5), rs.getInt(6) > 0, reference));
        return null;
    }
}
