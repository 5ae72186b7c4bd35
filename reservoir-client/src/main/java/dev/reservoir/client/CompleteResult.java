package dev.reservoir.client;

import java.util.List;

/**
 * The answer to {@code completion/complete}.
 *
 * @param values at most 100 suggestions
 * @param total how many suggestions there are in all, or null when the server did not say
 * @param hasMore whether there are more than {@code values}
 */
public record CompleteResult(List<String> values, Integer total, boolean hasMore) {
    public CompleteResult {
        values = List.copyOf(values);
    }
}
