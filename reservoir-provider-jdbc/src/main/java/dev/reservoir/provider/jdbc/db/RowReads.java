package dev.reservoir.provider.jdbc.db;

import dev.reservoir.provider.jdbc.catalog.TableDetail;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.rows.Keyset;
import dev.reservoir.provider.jdbc.rows.Limits;
import dev.reservoir.provider.jdbc.rows.RowCursor;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.SqlErrors;
import dev.reservoir.provider.jdbc.sql.Statements;
import dev.reservoir.provider.jdbc.uri.DbUri;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Opens row cursors: a table's rows in key order, or a named query's result. The statement is
 * executed here (so a failure is an ordinary error), then its connection stays with the cursor.
 * Rows are fetched a batch at a time: PostgreSQL only does that inside a transaction
 * (autocommit off, which the pool sets) and with a fetch size.
 */
final class RowReads {

    private RowReads() {}

    static Limits limits(Settings settings, DbUri.Rows rows, long serverMaxBytes) {
        int limit = rows.limit() == null ? settings.sampleRows() : rows.limit();
        if (limit > settings.maxRows()) {
            throw new DbException.BadRequest("'limit' may be at most " + settings.maxRows() + ", not " + limit);
        }
        return new Limits(limit, Math.min(settings.maxBytes(), serverMaxBytes), settings.maxValueChars());
    }

    static RowCursor rows(Database db, DbUri.Rows rows, QueryScope scope) {
        String action = "reading the rows of " + rows.table();
        long limit = limits(db.settings(), rows, Long.MAX_VALUE).maxRows();
        return open(db, action, scope, c -> {
            TableDetail detail = db.catalog().detail(c, scope, db.table(c, scope, rows.table()));
            Keyset.Statement statement = Keyset.page(db.dialect(), detail, rows.after(), limit);
            return new Prepared(statement.sql(), statement.params());
        });
    }

    static RowCursor query(Database db, NamedQuery query, DbUri.Query uri, QueryScope scope) {
        List<Object> params = query.bind(uri.params());
        return open(
                db,
                "running query " + query.name(),
                scope,
                c -> new Prepared(query.sql().sql(), params));
    }

    private record Prepared(String sql, List<Object> params) {}

    @FunctionalInterface
    private interface Plan {
        Prepared make(Connection c) throws SQLException;
    }

    private static RowCursor open(Database db, String action, QueryScope scope, Plan plan) {
        scope.check();
        Connection c = null;
        PreparedStatement ps = null;
        try {
            c = db.pool().borrow();
            Prepared prepared = plan.make(c);
            ps = Statements.prepare(c, prepared.sql(), scope, prepared.params().toArray());
            ps.setFetchSize(RowCursor.FIRST_FETCH); // the cursor sizes the next fetches by the rows it reads
            PreparedStatement statement = ps;
            ResultSet rs;
            try (QueryScope.Registration cancel = scope.onCancel(() -> Statements.cancel(statement))) {
                rs = ps.executeQuery();
            }
            return new RowCursor(
                    action, c, ps, rs, scope, db.engine() == dev.reservoir.provider.jdbc.sql.Engine.SQLITE);
        } catch (SQLException e) {
            close(ps, c);
            throw SqlErrors.of(action, e, scope);
        } catch (RuntimeException e) {
            close(ps, c);
            throw e;
        }
    }

    private static void close(PreparedStatement ps, Connection c) {
        try {
            if (ps != null) {
                ps.close();
            }
        } catch (SQLException e) {
            // already failing
        }
        try {
            if (c != null) {
                c.close();
            }
        } catch (SQLException e) {
            // already failing
        }
    }
}
