package dev.reservoir.provider.jdbc.rows;

/**
 * How much one read of rows may write.
 *
 * @param maxRows at most this many rows
 * @param maxBytes at most this many UTF-8 bytes of text; the row that would pass it is left out (whole rows only)
 * @param maxValueChars longer values are cut to this many characters and end with "…" (0: never cut)
 */
public record Limits(long maxRows, long maxBytes, int maxValueChars) {
    public Limits {
        if (maxRows < 0 || maxBytes < 0 || maxValueChars < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }

    public Limits withMaxRows(long rows) {
        return new Limits(rows, maxBytes, maxValueChars);
    }

    public Limits withMaxBytes(long bytes) {
        return new Limits(maxRows, bytes, maxValueChars);
    }
}
