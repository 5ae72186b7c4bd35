package dev.reservoir.provider.jdbc.rows;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * How many rows the driver fetches at a time, set from the largest row read so far, so that a
 * fetch holds about {@link #BUDGET} characters whatever the rows are like. The driver holds a
 * whole fetch in memory, every value whole, before the first of its rows is read; the cut of long
 * values ({@code maxValueChars}) and the byte limit apply only after. With a fixed 500 rows a
 * fetch, a read of 300 rows of 4 MiB texts ran a 1 GiB heap out of memory to write 256 KiB (and
 * the error said the database was out of resources), and even a sample's 50 rows did not fit in
 * 64 MiB (PostgresScaleIT). The first fetch is small ({@link #FIRST}); after each row the size is
 * {@code BUDGET / largest row}, from 1 to {@link #MOST} rows: small rows come 5,000 a fetch, fewer
 * round trips than 500 (10 million rows streamed at 63 MB/s in CSV against 59, JSON Lines 65 MB/s
 * both: reservoir-provider-jdbc/bench). A single row larger than the heap still cannot be read.
 * Not thread-safe.
 */
final class FetchSize {

    /** Rows of the first fetch, made before any row's size is known (set on the statement). */
    static final int FIRST = 8;

    /** About the characters (or bytes of binary values) a fetch may hold. */
    static final long BUDGET = 4L << 20;

    /** The most rows a fetch. */
    static final int MOST = 5_000;

    private long largest;
    private int current = FIRST;
    private boolean unsupported;

    /** Notes a row of {@code size}; asks the result set for another fetch size when it changes. */
    void rowRead(ResultSet rs, long size) {
        if (unsupported || (largest > 0 && size <= largest)) {
            return;
        }
        largest = Math.max(size, 1);
        int rows = rowsFor(largest);
        if (rows != current) {
            try {
                rs.setFetchSize(rows);
                current = rows;
            } catch (SQLException | UnsupportedOperationException e) {
                unsupported = true; // a driver without it fetches as it does
            }
        }
    }

    /** The rows a fetch when the largest row is {@code largest}. */
    static int rowsFor(long largest) {
        return (int) Math.max(1, Math.min(MOST, BUDGET / Math.max(1, largest)));
    }
}
