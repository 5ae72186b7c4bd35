package dev.reservoir.provider.jdbc.rows;

/** How rows are written out. */
public enum RowFormat {
    /** RFC 4180: a header line, CRLF line ends, fields quoted when they hold a comma, quote or line break; NULL is empty, "" an empty string. */
    CSV("text/csv"),
    /** One JSON object per line, keys in column order; numbers and booleans as JSON, other values as strings. */
    JSON_LINES("application/jsonl");

    private final String mimeType;

    RowFormat(String mimeType) {
        this.mimeType = mimeType;
    }

    public String mimeType() {
        return mimeType;
    }
}
