package dev.reservoir.provider.jdbc.db;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.query.NamedSql;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Values to complete template variables with: schema and table names for the rows template, and
 * for named query parameters the values of their declared completion query or column. Always
 * bounded: at most {@link #MAX} values (and a flag when there were more), read from at most
 * {@link #SCAN} rows, within the statement timeout.
 */
public final class Completions {

    /** The most values returned. */
    public static final int MAX = 100;

    /** The most rows a completion query's result is read for. */
    static final int SCAN = 1000;

    /** Values that start with what was typed; {@code more} when others were left out. */
    public record Values(List<String> values, boolean more) {
        public Values {
            values = List.copyOf(values);
        }
    }

    private final Database db;

    public Completions(Database db) {
        this.db = db;
    }

    public Values schemas(String prefix, QueryScope scope) {
        return bounded(
                db.schemas(scope).stream().filter(s -> s.startsWith(prefix)).toList());
    }

    public Values tables(String schema, String prefix, QueryScope scope) {
        if (schema == null || !db.hasSchema(schema, scope)) {
            return new Values(List.of(), false);
        }
        return db.with(
                "completing table names",
                scope,
                c -> bounded(db.catalog().tablesStartingWith(c, scope, schema, prefix, MAX + 1).stream()
                        .map(t -> t.name().name())
                        .toList()));
    }

    /** Values for a named query's parameter, given the values already chosen for the others. */
    public Values parameter(
            NamedQuery query, String param, String prefix, Map<String, String> context, QueryScope scope) {
        NamedQuery.Param p = query.param(param);
        if (p.completion() == null) {
            return new Values(List.of(), false);
        }
        return switch (p.completion()) {
            case NamedQuery.Completion.Sql sql ->
                db.with(
                        "completing " + param + " of " + query.name(),
                        scope,
                        c -> fromQuery(c, scope, query, sql.sql(), prefix, context));
            case NamedQuery.Completion.ColumnValues column -> columnValues(column, prefix, scope);
        };
    }

    private Values fromQuery(
            Connection c, QueryScope scope, NamedQuery query, NamedSql sql, String prefix, Map<String, String> context)
            throws SQLException {
        List<Object> params = new ArrayList<>();
        for (String name : sql.order()) {
            if (name.equals("prefix")) {
                params.add(Dialect.startsWith(prefix));
                continue;
            }
            String given = context.get(name);
            try {
                params.add(given == null ? null : query.param(name).type().convert(name, given));
            } catch (DbException.BadRequest e) {
                params.add(null); // a half-typed other value narrows nothing
            }
        }
        List<String> rows = Statements.list(c, scope, limited(sql.sql()), rs -> rs.getString(1), params.toArray());
        return bounded(
                rows.stream().filter(v -> v != null && v.startsWith(prefix)).toList());
    }

    private String limited(String sql) {
        return db.engine() == Engine.GENERIC
                ? "SELECT * FROM (" + sql + ") c FETCH FIRST " + SCAN + " ROWS ONLY"
                : "SELECT * FROM (" + sql + ") c LIMIT " + SCAN;
    }

    private Values columnValues(NamedQuery.Completion.ColumnValues column, String prefix, QueryScope scope) {
        TableName table = column.table();
        Dialect d = db.dialect();
        String value = d.castToText(d.quote(column.column()));
        String sql = "SELECT DISTINCT " + value + " FROM " + table.quoted(d) + " WHERE " + value
                + " LIKE ? ESCAPE '\\'" + " ORDER BY 1"
                + (db.engine() == Engine.GENERIC ? " FETCH FIRST " + (MAX + 1) + " ROWS ONLY" : " LIMIT " + (MAX + 1));
        return db.with("completing values of " + table + "." + column.column(), scope, c -> {
            db.table(c, scope, table); // the column's table must be in a shown schema
            List<String> rows = Statements.list(c, scope, sql, rs -> rs.getString(1), Dialect.startsWith(prefix));
            return bounded(
                    rows.stream().filter(v -> v != null && v.startsWith(prefix)).toList());
        });
    }

    private static Values bounded(List<String> values) {
        Set<String> distinct = new LinkedHashSet<>(values);
        List<String> list = new ArrayList<>(distinct);
        return list.size() > MAX ? new Values(list.subList(0, MAX), true) : new Values(list, false);
    }
}
