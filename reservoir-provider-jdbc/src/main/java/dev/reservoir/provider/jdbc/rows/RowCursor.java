package dev.reservoir.provider.jdbc.rows;

import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.SqlErrors;
import java.io.IOException;
import java.io.Writer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An executed query whose rows have not been read yet: it holds its connection, statement and
 * result set until {@link #close()}, and writes its rows once, in one format, within limits.
 * Rows are fetched as they are written (a cursor, never the whole result), each fetch sized by the
 * rows read so far, so memory stays flat however many rows there are and however long their
 * values. Not thread-safe; closing from another thread is allowed and cancels.
 */
public final class RowCursor implements AutoCloseable {

    /**
     * The rows the statement should fetch first ({@link java.sql.Statement#setFetchSize}); the
     * cursor sizes the next fetches by the rows it reads (see {@link FetchSize}).
     */
    public static final int FIRST_FETCH = FetchSize.FIRST;

    /** What one write did. */
    public record Written(long rows, long bytes, boolean cutByBytes) {}

    private final String what;
    private final Connection connection;
    private final Statement statement;
    private final ResultSet rs;
    private final QueryScope scope;
    private final List<String> columns;
    private final List<Values.Reading> readings;
    private final QueryScope.Registration cancel;
    private final RowSize rowSize = new RowSize();
    private final FetchSize fetch = new FetchSize();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    /** Takes over the connection, statement and result set (all closed by {@link #close()}). */
    public RowCursor(String what, Connection connection, Statement statement, ResultSet rs, QueryScope scope)
            throws SQLException {
        this(what, connection, statement, rs, scope, false);
    }

    /**
     * Takes over the connection, statement and result set; {@code dynamicTypes} when values need
     * not match their column's declared type (SQLite), so each is read by its own type.
     */
    public RowCursor(
            String what,
            Connection connection,
            Statement statement,
            ResultSet rs,
            QueryScope scope,
            boolean dynamicTypes)
            throws SQLException {
        this.what = what;
        this.connection = connection;
        this.statement = statement;
        this.rs = rs;
        this.scope = scope;
        ResultSetMetaData md = rs.getMetaData();
        List<String> names = new ArrayList<>(md.getColumnCount());
        List<Values.Reading> how = new ArrayList<>(md.getColumnCount());
        for (int i = 1; i <= md.getColumnCount(); i++) {
            names.add(md.getColumnLabel(i));
            how.add(Values.Reading.of(md, i, dynamicTypes));
        }
        this.columns = List.copyOf(names);
        this.readings = List.copyOf(how);
        this.cancel = scope.onCancel(() -> dev.reservoir.provider.jdbc.sql.Statements.cancel(statement));
    }

    public List<String> columns() {
        return columns;
    }

    /** Writes the rows (after a CSV header) until they end or a limit is reached. */
    public Written writeTo(Writer out, RowFormat format, Limits limits) throws IOException {
        Pull pull = pull(format, limits);
        StringBuilder chunk = new StringBuilder(8192);
        while (pull.next(chunk, 8192)) {
            out.append(chunk);
            chunk.setLength(0);
        }
        return pull.written();
    }

    /** The rows (after a CSV header) in one format, within limits, to be taken a few lines at a time. */
    public Pull pull(RowFormat format, Limits limits) {
        return new Pull(format, limits);
    }

    /** Rows taken a few lines at a time, on the reader's thread: no thread of its own. Not thread-safe. */
    public final class Pull {
        private final RowFormat format;
        private final Limits limits;
        private final StringBuilder line = new StringBuilder(256);
        private long rows;
        private long bytes;
        private boolean started;
        private boolean done;
        private boolean cutByBytes;

        private Pull(RowFormat format, Limits limits) {
            this.format = format;
            this.limits = limits;
        }

        /**
         * Appends the next whole lines, about {@code chars} characters of them; false when nothing
         * was appended because the rows ended or a limit was reached.
         */
        public boolean next(StringBuilder out, int chars) throws IOException {
            int start = out.length();
            if (!started) {
                started = true;
                if (format == RowFormat.CSV && !header(out)) {
                    return false;
                }
            }
            try {
                while (!done && out.length() - start < chars) {
                    if (rows >= limits.maxRows() || !rs.next()) {
                        done = true;
                        break;
                    }
                    if ((rows & 255) == 0) {
                        scope.check();
                    }
                    line.setLength(0);
                    appendRow(line, format, limits.maxValueChars());
                    fetch.rowRead(rs, rowSize.take());
                    long size = Utf8.length(line);
                    if (bytes + size > limits.maxBytes()) {
                        done = true;
                        cutByBytes = true;
                        break;
                    }
                    out.append(line);
                    bytes += size;
                    rows++;
                }
            } catch (SQLException e) {
                done = true;
                throw new IOException(SqlErrors.of(what, e, scope).getMessage(), e);
            }
            return out.length() > start;
        }

        private boolean header(StringBuilder out) {
            line.setLength(0);
            for (int i = 0; i < columns.size(); i++) {
                Values.csv(line.append(i == 0 ? "" : ","), new Values.Value(columns.get(i), Values.Kind.TEXT));
            }
            line.append("\r\n");
            bytes = Utf8.length(line);
            if (bytes > limits.maxBytes()) {
                bytes = 0;
                done = true;
                cutByBytes = true;
                return false;
            }
            out.append(line);
            return true;
        }

        /** What was taken so far. */
        public Written written() {
            return new Written(rows, bytes, cutByBytes);
        }
    }

    private void appendRow(StringBuilder line, RowFormat format, int maxChars) throws SQLException {
        if (format == RowFormat.CSV) {
            for (int i = 0; i < columns.size(); i++) {
                Values.csv(line.append(i == 0 ? "" : ","), Values.read(rs, i + 1, readings.get(i), maxChars, rowSize));
            }
            line.append("\r\n");
            return;
        }
        line.append('{');
        for (int i = 0; i < columns.size(); i++) {
            Values.string(line.append(i == 0 ? "" : ","), columns.get(i));
            Values.json(line.append(':'), Values.read(rs, i + 1, readings.get(i), maxChars, rowSize));
        }
        line.append("}\n");
    }

    /** Releases the result set, statement and connection (cancelling the statement if rows are left). */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return; // the reader that ended it and the read's release may both close it
        }
        cancel.close();
        closeQuietly(rs);
        closeQuietly(statement);
        closeQuietly(connection);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Releasing after a failure or a cancel: the pool checks the connection before reuse.
        }
    }
}
