package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL's catalog, read from {@code pg_catalog} (not information_schema, which hides what the
 * user cannot write to and is slow on large databases). Partitions are left out: their parent
 * stands for them. Types are written by {@code format_type}, definitions by {@code pg_get_*def}.
 */
public final class PostgresCatalog implements Catalog {

    static final String RELKINDS = "c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition";

    private static final String TABLES = "SELECT c.relname, c.relkind, obj_description(c.oid, 'pg_class')"
            + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname = ? AND " + RELKINDS;

    private static final String COLUMNS = "SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,"
            + " CASE WHEN a.attgenerated = '' THEN pg_get_expr(d.adbin, d.adrelid) END,"
            + " col_description(a.attrelid, a.attnum),"
            + " CASE WHEN a.attgenerated <> '' THEN pg_get_expr(d.adbin, d.adrelid) END, a.attidentity"
            + " FROM pg_catalog.pg_attribute a"
            + " LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
            + " WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum";

    private static final String NAMES_OF = "ARRAY(SELECT a.attname FROM unnest(%s) WITH ORDINALITY k(n, i)"
            + " JOIN pg_catalog.pg_attribute a ON a.attrelid = %s AND a.attnum = k.n ORDER BY k.i)";

    private static final String CONSTRAINTS = "SELECT con.conname, con.contype, "
            + NAMES_OF.formatted("con.conkey", "con.conrelid") + ", fn.nspname, fc.relname, "
            + NAMES_OF.formatted("con.confkey", "con.confrelid")
            + ", con.confupdtype, con.confdeltype, pg_get_constraintdef(con.oid, true)"
            + " FROM pg_catalog.pg_constraint con"
            + " LEFT JOIN pg_catalog.pg_class fc ON fc.oid = con.confrelid"
            + " LEFT JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace"
            + " WHERE con.conrelid = to_regclass(?) AND con.contype IN ('p', 'u', 'f', 'c') ORDER BY con.conname";

    private static final String INDEXES = "SELECT ic.relname, i.indisunique, pg_get_indexdef(i.indexrelid),"
            + " ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) k ORDER BY k)"
            + " FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid"
            + " WHERE i.indrelid = to_regclass(?) AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k"
            + " WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u'))"
            + " ORDER BY ic.relname";

    private static final String STATS = "SELECT CASE WHEN c.reltuples >= 0 THEN c.reltuples::bigint END, s.n_live_tup,"
            + " pg_relation_size(c.oid), pg_total_relation_size(c.oid),"
            + " greatest(s.last_analyze, s.last_autoanalyze), greatest(s.last_vacuum, s.last_autovacuum), s.n_dead_tup"
            + " FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_stat_all_tables s ON s.relid = c.oid"
            + " WHERE c.oid = to_regclass(?)";

    private final Dialect dialect = Dialect.of(Engine.POSTGRES);

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public List<String> schemas(Connection c, QueryScope scope) throws SQLException {
        return Statements.list(
                c,
                scope,
                "SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema')"
                        + " AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'"
                        + " AND has_schema_privilege(oid, 'USAGE') ORDER BY nspname",
                rs -> rs.getString(1));
    }

    @Override
    public List<TableRef> tables(Connection c, QueryScope scope, String schema, String after, int limit)
            throws SQLException {
        String sql = TABLES + (after == null ? "" : " AND c.relname > ?") + " ORDER BY c.relname LIMIT ?";
        Object[] params = after == null ? new Object[] {schema, limit} : new Object[] {schema, after, limit};
        return Statements.list(c, scope, sql, rs -> ref(schema, rs), params);
    }

    @Override
    public List<TableRef> tablesStartingWith(Connection c, QueryScope scope, String schema, String prefix, int limit)
            throws SQLException {
        String sql = TABLES + " AND starts_with(c.relname::text, ?) ORDER BY c.relname LIMIT ?";
        return Statements.list(c, scope, sql, rs -> ref(schema, rs), schema, prefix, limit);
    }

    @Override
    public Optional<TableRef> table(Connection c, QueryScope scope, TableName name) throws SQLException {
        return Statements.list(
                        c,
                        scope,
                        TABLES + " AND c.relname = ?",
                        rs -> ref(name.schema(), rs),
                        name.schema(),
                        name.name())
                .stream()
                .findFirst();
    }

    private static TableRef ref(String schema, ResultSet rs) throws SQLException {
        return new TableRef(new TableName(schema, rs.getString(1)), kind(rs.getString(2)), rs.getString(3));
    }

    static TableKind kind(String relkind) {
        return switch (relkind) {
            case "p" -> TableKind.PARTITIONED_TABLE;
            case "v" -> TableKind.VIEW;
            case "m" -> TableKind.MATERIALIZED_VIEW;
            case "f" -> TableKind.FOREIGN_TABLE;
            default -> TableKind.TABLE;
        };
    }

    @Override
    public TableDetail detail(Connection c, QueryScope scope, TableRef table) throws SQLException {
        String regclass = table.name().quoted(dialect);
        List<Column> columns = Statements.list(c, scope, COLUMNS, PostgresCatalog::column, regclass);
        ConstraintRows rows = new ConstraintRows();
        Statements.list(c, scope, CONSTRAINTS, rs -> rows.add(rs, table.name().schema()), regclass);
        List<Constraints.Index> indexes = Statements.list(
                c,
                scope,
                INDEXES,
                rs -> new Constraints.Index(
                        rs.getString(1), rs.getBoolean(2), strings(rs.getArray(4)), rs.getString(3) + ";"),
                regclass);
        String view = null;
        if (table.kind() == TableKind.VIEW || table.kind() == TableKind.MATERIALIZED_VIEW) {
            view = Statements.list(
                            c, scope, "SELECT pg_get_viewdef(to_regclass(?), true)", rs -> rs.getString(1), regclass)
                    .getFirst();
        }
        return new TableDetail(
                table, columns, rows.primaryKey, rows.uniques, rows.foreignKeys, rows.checks, indexes, view, List.of());
    }

    private static Column column(ResultSet rs) throws SQLException {
        String identity = rs.getString(7);
        String dflt = rs.getString(4);
        if (identity != null && !identity.isEmpty()) {
            dflt = identity.equals("a") ? "GENERATED ALWAYS AS IDENTITY" : "GENERATED BY DEFAULT AS IDENTITY";
        }
        return new Column(rs.getString(1), rs.getString(2), rs.getBoolean(3), dflt, rs.getString(5), rs.getString(6));
    }

    /** The rows of pg_constraint for one table, sorted into kinds. */
    private static final class ConstraintRows {
        Constraints.Key primaryKey;
        final List<Constraints.Key> uniques = new ArrayList<>();
        final List<Constraints.ForeignKey> foreignKeys = new ArrayList<>();
        final List<Constraints.Check> checks = new ArrayList<>();

        Void add(ResultSet rs, String schema) throws SQLException {
            String name = rs.getString(1);
            List<String> columns = strings(rs.getArray(3));
            switch (rs.getString(2)) {
                case "p" -> primaryKey = new Constraints.Key(name, columns);
                case "u" -> uniques.add(new Constraints.Key(name, columns));
                case "f" ->
                    foreignKeys.add(new Constraints.ForeignKey(
                            name,
                            columns,
                            new TableName(rs.getString(4), rs.getString(5)),
                            strings(rs.getArray(6)),
                            action(rs.getString(7)),
                            action(rs.getString(8))));
                default -> checks.add(new Constraints.Check(name, rs.getString(9)));
            }
            return null;
        }
    }

    private static String action(String code) {
        return switch (code == null ? "a" : code) {
            case "r" -> "RESTRICT";
            case "c" -> "CASCADE";
            case "n" -> "SET NULL";
            case "d" -> "SET DEFAULT";
            default -> null; // "a", no action: the default, not worth writing
        };
    }

    static List<String> strings(Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        try {
            Object[] values = (Object[]) array.getArray();
            List<String> out = new ArrayList<>(values.length);
            for (Object v : values) {
                out.add(String.valueOf(v));
            }
            return out;
        } finally {
            array.free();
        }
    }

    @Override
    public TableStats stats(Connection c, QueryScope scope, TableRef table) throws SQLException {
        return Statements.list(
                        c, scope, STATS, PostgresCatalog::stats, table.name().quoted(dialect))
                .getFirst();
    }

    private static TableStats stats(ResultSet rs) throws SQLException {
        Long estimate = Statements.longOrNull(rs, 1);
        Long live = Statements.longOrNull(rs, 2);
        String source = estimate != null
                ? "planner estimate (pg_class.reltuples)"
                : live != null ? "live tuples counted by the statistics collector" : null;
        return new TableStats(
                estimate != null ? estimate : live,
                source,
                Statements.longOrNull(rs, 3),
                Statements.longOrNull(rs, 4),
                instant(rs.getTimestamp(5)),
                instant(rs.getTimestamp(6)),
                Statements.longOrNull(rs, 7));
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    @Override
    public List<OverviewTable> overview(Connection c, QueryScope scope, List<String> schemas) throws SQLException {
        return PostgresOverview.read(c, scope, schemas);
    }
}
