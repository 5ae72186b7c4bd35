package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.rows.RowCursor;
import java.io.IOException;
import java.io.Reader;

/**
 * Rows as text, taken from their cursor as the server reads them, on the server's thread; closing
 * the reader releases the cursor (its result set, statement and connection).
 */
final class RowReader extends Reader {

    private static final int CHUNK = 8192;

    private final RowCursor cursor;
    private final RowCursor.Pull pull;
    private final StringBuilder buffer = new StringBuilder(CHUNK + 512);
    private int position;
    private boolean ended;

    RowReader(RowCursor cursor, RowCursor.Pull pull) {
        this.cursor = cursor;
        this.pull = pull;
    }

    @Override
    public int read(char[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (position == buffer.length()) {
            if (ended) {
                return -1;
            }
            buffer.setLength(0);
            position = 0;
            if (!pull.next(buffer, CHUNK)) {
                ended = true;
                cursor.close(); // the rows ended: give the connection back now, not when the answer is done
                return -1;
            }
        }
        int n = Math.min(length, buffer.length() - position);
        buffer.getChars(position, position + n, into, offset);
        position += n;
        return n;
    }

    @Override
    public void close() {
        cursor.close();
    }
}
