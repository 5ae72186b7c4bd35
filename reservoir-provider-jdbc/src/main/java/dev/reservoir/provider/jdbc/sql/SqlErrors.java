package dev.reservoir.provider.jdbc.sql;

import java.sql.SQLException;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Turns a driver's SQLException into a {@link DbException} whose message says what failed and why
 * in general words (from the SQLSTATE class or SQLite's result code), never the driver's message:
 * that can quote SQL text or values, so it goes to the log only.
 */
public final class SqlErrors {

    private static final Logger log = LoggerFactory.getLogger(SqlErrors.class);

    /**
     * Data exceptions that come from a value the client gave (a key in {@code after}, a parameter):
     * invalid text for the type, a date or time out of range or badly formed, a number out of range.
     * Other data exceptions (a division by zero) are the query's.
     */
    private static final java.util.Set<String> VALUE_STATES =
            java.util.Set.of("22P02", "22007", "22008", "22003", "22018");

    private SqlErrors() {}

    /**
     * The exception for a failure while doing {@code action} ("reading the rows of public.t").
     * Bad input (a value of the wrong type) is a BadRequest; a cancelled or timed-out scope is Cancelled.
     */
    public static DbException of(String action, SQLException e, QueryScope scope) {
        log.debug("{} failed: SQLSTATE {}: {}", action, e.getSQLState(), e.getMessage());
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (scope != null && scope.isCancelled()) {
            return new DbException.Cancelled(action + " was cancelled", e);
        }
        if (state.equals("57014") || sqlite(e, SQLiteErrorCode.SQLITE_INTERRUPT)) {
            return new DbException.Cancelled(action + " took longer than the statement timeout and was stopped", e);
        }
        if (VALUE_STATES.contains(state)) {
            return new DbException.BadRequest(
                    action + " failed: a value given is not valid for its column's type (SQLSTATE " + state + ")", e);
        }
        String reason = reason(state, e);
        log.warn(
                "{} failed: {}{}; driver said: {}",
                action,
                reason,
                state.isEmpty() ? "" : " (SQLSTATE " + state + ")",
                e.getMessage());
        return new DbException.Failed(
                action + " failed: " + reason + (state.isEmpty() ? "" : " (SQLSTATE " + state + ")"), e);
    }

    private static String reason(String state, SQLException e) {
        if (e instanceof java.sql.SQLTransientConnectionException && state.isEmpty()) {
            return "no database connection became free in time (every pooled connection is busy)";
        }
        if (e instanceof SQLiteException lite) {
            return sqliteReason(lite);
        }
        if (e.getCause() instanceof OutOfMemoryError) {
            // pgjdbc reports its own heap running out with PostgreSQL's SQLSTATE 53200 (out_of_memory):
            // not the database's resources, this server's.
            return "this server ran out of memory holding the results (a row may be larger than its heap)";
        }
        if (state.startsWith("08")) {
            return "the connection to the database failed";
        }
        if (state.startsWith("28")) {
            return "the database refused the credentials";
        }
        if (state.startsWith("22")) {
            return "the statement failed on the data";
        }
        return switch (state) {
            case "42501" -> "permission denied";
            case "42P01", "42S02" -> "the table or view does not exist (it may have just been dropped)";
            case "42703", "42S22" -> "a column does not exist (the table may have just changed)";
            case "25006" -> "the statement tries to write, and connections are read-only";
            case "40001", "40P01" -> "the database gave up the transaction because of concurrent changes";
            case "53300" -> "the database has too many connections";
            default ->
                state.startsWith("42")
                        ? "the statement is not valid for this database"
                        : state.startsWith("53")
                                ? "the database is out of resources"
                                : "the database reported an error";
        };
    }

    private static String sqliteReason(SQLiteException e) {
        SQLiteErrorCode code = e.getResultCode();
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        if (code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED) {
            return "the database file is locked by a writer";
        }
        if (code == SQLiteErrorCode.SQLITE_READONLY) {
            return "the statement tries to write, and the database is open read-only";
        }
        if (message.contains("no such table")) {
            return "the table or view does not exist (it may have just been dropped)";
        }
        if (message.contains("no such column")) {
            return "a column does not exist (the table may have just changed)";
        }
        return code == SQLiteErrorCode.SQLITE_CANTOPEN
                ? "the database file cannot be opened"
                : "SQLite reported an error";
    }

    private static boolean sqlite(SQLException e, SQLiteErrorCode code) {
        return e instanceof SQLiteException lite && lite.getResultCode() == code;
    }
}
