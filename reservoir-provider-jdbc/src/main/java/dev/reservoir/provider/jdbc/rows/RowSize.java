package dev.reservoir.provider.jdbc.rows;

/** How large the values of the row being read came from the driver, before any cut. Not thread-safe. */
final class RowSize {

    private long units;

    /** Adds a text's length; returns the text. */
    String of(String text) {
        if (text != null) {
            units += text.length();
        }
        return text;
    }

    /** Adds a length in bytes (binary values). */
    void add(long bytes) {
        units += bytes;
    }

    /** The size added since the last call, and starts again. */
    long take() {
        long taken = units;
        units = 0;
        return taken;
    }
}
