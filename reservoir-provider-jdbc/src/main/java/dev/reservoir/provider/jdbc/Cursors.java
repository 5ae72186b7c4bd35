package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.rows.Limits;
import dev.reservoir.provider.jdbc.rows.RowCursor;
import dev.reservoir.provider.jdbc.rows.RowFormat;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * The cursors one read opened (its first format's, and one per later opening of a stream), all
 * released when the read is: closing a cursor twice is harmless, so a stream closed by the server
 * and the read's release do not clash. Thread-safe.
 */
final class Cursors implements AutoCloseable {

    private final Function<QueryScope, RowCursor> opener;
    private final QueryScope scope;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<RowCursor> open = new ArrayList<>();
    private boolean closed;

    Cursors(Function<QueryScope, RowCursor> opener, QueryScope scope) {
        this.opener = opener;
        this.scope = scope;
    }

    /** Runs the statement and keeps its cursor; refused once the read was released. */
    RowCursor open() {
        RowCursor cursor = opener.apply(scope);
        lock.lock();
        try {
            if (!closed) {
                open.add(cursor);
                return cursor;
            }
        } finally {
            lock.unlock();
        }
        cursor.close();
        throw new IllegalStateException("the read was already released");
    }

    /** A reader of {@code cursor}'s rows, or of a new cursor's when it is null. */
    Reader reader(RowCursor cursor, RowFormat format, Limits limits) {
        RowCursor rows = cursor != null ? cursor : open();
        return new RowReader(rows, rows.pull(format, limits));
    }

    @Override
    public void close() {
        List<RowCursor> toClose;
        lock.lock();
        try {
            closed = true;
            toClose = List.copyOf(open);
            open.clear();
        } finally {
            lock.unlock();
        }
        toClose.forEach(RowCursor::close);
    }
}
