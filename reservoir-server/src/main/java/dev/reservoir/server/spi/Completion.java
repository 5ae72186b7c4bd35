package dev.reservoir.server.spi;

import java.util.List;

/**
 * Completion values. The server sends at most 100 and sets {@code hasMore} when there were more.
 *
 * @param total the number of values there are in all, or null when unknown
 */
public record Completion(List<String> values, Integer total, boolean hasMore) {
    public Completion {
        values = List.copyOf(values);
    }

    public static final Completion EMPTY = new Completion(List.of(), 0, false);

    /** All values, filtered by the typed prefix, case-sensitively. */
    public static Completion of(List<String> candidates, String prefix) {
        List<String> matches =
                candidates.stream().filter(c -> c.startsWith(prefix)).toList();
        return new Completion(matches, matches.size(), false);
    }
}
