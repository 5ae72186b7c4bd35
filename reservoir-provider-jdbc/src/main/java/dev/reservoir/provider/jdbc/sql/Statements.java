package dev.reservoir.provider.jdbc.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs statements within a {@link QueryScope}: each gets the scope's time left as its query timeout
 * and is cancelled ({@link Statement#cancel}) if the scope is, for as long as it runs.
 */
public final class Statements {

    /** Reads one row. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private Statements() {}

    /** A prepared statement with the scope's timeout and these parameters bound in order. */
    public static PreparedStatement prepare(Connection c, String sql, QueryScope scope, Object... params)
            throws SQLException {
        scope.check();
        PreparedStatement ps = c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        try {
            ps.setQueryTimeout(scope.timeoutSeconds());
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return ps;
        } catch (SQLException | RuntimeException e) {
            ps.close();
            throw e;
        }
    }

    /** Every row of a query, mapped (for catalog queries: bounded by what they select). */
    public static <T> List<T> list(Connection c, QueryScope scope, String sql, RowMapper<T> mapper, Object... params)
            throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, scope, params);
                QueryScope.Registration cancel = scope.onCancel(() -> cancel(ps));
                ResultSet rs = ps.executeQuery()) {
            List<T> out = new ArrayList<>();
            while (rs.next()) {
                out.add(mapper.map(rs));
            }
            return out;
        }
    }

    /** A whole number column, or null (drivers differ on Integer, Long or BigDecimal). */
    public static Long longOrNull(ResultSet rs, int column) throws SQLException {
        Object value = rs.getObject(column);
        return value == null ? null : ((Number) value).longValue();
    }

    /** Cancels a statement; a statement already done or closed is left alone. */
    public static void cancel(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException | RuntimeException e) {
            // It finished or was closed meanwhile: nothing left to stop.
        }
    }
}
