package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** Every table of some schemas with its columns, keys and single-column references, in one statement. */
final class PostgresOverview {

    private static final String SQL = "SELECT n.nspname, c.relname, c.relkind, obj_description(c.oid, 'pg_class'),"
            + " CASE WHEN c.reltuples >= 0 THEN c.reltuples::bigint END,"
            + " a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,"
            + " coalesce(a.attnum = ANY(pk.conkey), false), ref.target"
            + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
            + " LEFT JOIN pg_catalog.pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'"
            + " LEFT JOIN LATERAL (SELECT quote_ident(fn.nspname) || '.' || quote_ident(fc.relname)"
            + " || '(' || quote_ident(fa.attname) || ')' AS target"
            + " FROM pg_catalog.pg_constraint f JOIN pg_catalog.pg_class fc ON fc.oid = f.confrelid"
            + " JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace"
            + " JOIN pg_catalog.pg_attribute fa ON fa.attrelid = f.confrelid AND fa.attnum = f.confkey[1]"
            + " WHERE f.conrelid = c.oid AND f.contype = 'f' AND cardinality(f.conkey) = 1 AND f.conkey[1] = a.attnum"
            + " ORDER BY f.conname LIMIT 1) ref ON true"
            + " WHERE n.nspname = ANY(?) AND " + PostgresCatalog.RELKINDS
            + " ORDER BY n.nspname, c.relname, a.attnum";

    private PostgresOverview() {}

    static List<OverviewTable> read(Connection c, QueryScope scope, List<String> schemas) throws SQLException {
        OverviewRows rows = new OverviewRows();
        java.sql.Array names = c.createArrayOf("text", schemas.toArray());
        try {
            Statements.list(c, scope, SQL, rs -> add(rows, rs), names);
        } finally {
            names.free();
        }
        return rows.done();
    }

    private static Void add(OverviewRows rows, ResultSet rs) throws SQLException {
        TableRef table = new TableRef(
                new TableName(rs.getString(1), rs.getString(2)),
                PostgresCatalog.kind(rs.getString(3)),
                rs.getString(4));
        String column = rs.getString(6);
        rows.add(
                table,
                Statements.longOrNull(rs, 5),
                column == null
                        ? null
                        : new OverviewTable.Col(
                                column, rs.getString(7), rs.getBoolean(8), rs.getBoolean(9), rs.getString(10)));
        return null;
    }
}
