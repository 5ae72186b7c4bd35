package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.connect.Pool;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PostgreSQL's change fingerprints, from counters it keeps anyway. Definitions: the row versions
 * ({@code xmin}) of each table's catalog rows (pg_class, pg_attribute, pg_constraint, pg_index,
 * pg_attrdef, pg_description), read only when the modification counters of those catalogs moved.
 * Data: {@code pg_stat_user_tables}' insert/update/delete/live/dead counters of watched tables,
 * which the server publishes within about a second of a commit. Nothing is installed.
 */
public final class PostgresChanges implements ChangeSource {

    private static final String CATALOG_COUNTERS = "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text"
            + " FROM pg_catalog.pg_stat_sys_tables WHERE schemaname = 'pg_catalog' AND relname IN"
            + " ('pg_class', 'pg_attribute', 'pg_constraint', 'pg_index', 'pg_attrdef', 'pg_description')";

    private static final String XMINS = "(SELECT string_agg(%s, ',' ORDER BY %s) FROM pg_catalog.%s WHERE %s)";

    private static final String DEFINITIONS =
            "SELECT n.nspname, c.relname, md5(concat_ws(':', c.relkind, c.xmin::text, "
                    + XMINS.formatted(
                            "x.attname || x.xmin::text",
                            "x.attnum",
                            "pg_attribute x",
                            "x.attrelid = c.oid AND x.attnum > 0")
                    + ", "
                    + XMINS.formatted("x.xmin::text", "x.oid", "pg_constraint x", "x.conrelid = c.oid") + ", "
                    + XMINS.formatted("x.xmin::text", "x.indexrelid", "pg_index x", "x.indrelid = c.oid") + ", "
                    + XMINS.formatted("x.xmin::text", "x.adnum", "pg_attrdef x", "x.adrelid = c.oid") + ", "
                    + XMINS.formatted(
                            "x.objsubid::text || x.xmin::text",
                            "x.objsubid",
                            "pg_description x",
                            "x.objoid = c.oid AND x.classoid = 'pg_catalog.pg_class'::regclass")
                    + "))"
                    + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                    + " WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition AND ";

    private static final String DATA = "SELECT s.schemaname, s.relname, concat_ws(':', s.n_tup_ins, s.n_tup_upd,"
            + " s.n_tup_del, s.n_live_tup, s.n_dead_tup, s.analyze_count + s.autoanalyze_count)"
            + " FROM pg_catalog.pg_stat_user_tables s"
            + " WHERE s.relid IN (SELECT to_regclass(x) FROM unnest(?::text[]) x)";

    private final Pool pool;
    private final List<String> schemas;
    private final Duration timeout;
    private final Dialect dialect = Dialect.of(Engine.POSTGRES);
    private String counters;

    /** For these schemas (empty: every schema but the system ones). */
    public PostgresChanges(Pool pool, List<String> schemas, Duration timeout) {
        this.pool = pool;
        this.schemas = List.copyOf(schemas);
        this.timeout = timeout;
    }

    @Override
    public Map<TableName, String> definitions(boolean force) throws SQLException {
        QueryScope scope = QueryScope.of(timeout);
        try (Connection c = pool.borrow()) {
            String now = Statements.list(c, scope, CATALOG_COUNTERS, rs -> rs.getString(1))
                    .getFirst();
            if (!force && now.equals(counters)) {
                return null;
            }
            counters = now;
            Map<TableName, String> fingerprints = new HashMap<>();
            String where = schemas.isEmpty()
                    ? "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'"
                    : "n.nspname = ANY(?)";
            Array names = schemas.isEmpty() ? null : c.createArrayOf("text", schemas.toArray());
            try {
                Object[] params = names == null ? new Object[0] : new Object[] {names};
                Statements.list(
                        c,
                        scope,
                        DEFINITIONS + where,
                        rs -> fingerprints.put(new TableName(rs.getString(1), rs.getString(2)), rs.getString(3)),
                        params);
            } finally {
                if (names != null) {
                    names.free();
                }
            }
            return fingerprints;
        }
    }

    @Override
    public Map<TableName, String> data(Set<TableName> watched) throws SQLException {
        QueryScope scope = QueryScope.of(timeout);
        try (Connection c = pool.borrow()) {
            Array names = c.createArrayOf(
                    "text", watched.stream().map(t -> t.quoted(dialect)).toArray());
            try {
                Map<TableName, String> fingerprints = new HashMap<>();
                Statements.list(
                        c,
                        scope,
                        DATA,
                        rs -> fingerprints.put(new TableName(rs.getString(1), rs.getString(2)), rs.getString(3)),
                        names);
                return fingerprints;
            } finally {
                names.free();
            }
        }
    }

    @Override
    public void close() {
        // Connections are the pool's.
    }
}
