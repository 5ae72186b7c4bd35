package dev.reservoir.server.spi;

import dev.reservoir.core.model.CacheHint;
import java.util.List;

/**
 * One page of a listing.
 *
 * @param items the entries, in the provider's stable order
 * @param nextCursor the provider's cursor for the next page, or null on the last page
 * @param cacheHint how long the page may be cached, or null for the server's default
 */
public record Page<T>(List<T> items, String nextCursor, CacheHint cacheHint) {
    public Page {
        items = List.copyOf(items);
    }

    public static <T> Page<T> of(List<T> items, String nextCursor) {
        return new Page<>(items, nextCursor, null);
    }

    public static <T> Page<T> last(List<T> items) {
        return new Page<>(items, null, null);
    }
}
