package dev.reservoir.client;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Resource;
import java.util.List;

/**
 * One page of {@code resources/list}.
 *
 * @param nextCursor the cursor of the next page, or null on the last page
 * @param cacheHint the server's {@code ttlMs} and {@code cacheScope}, or null when it sent none
 */
public record ListResourcesResult(List<Resource> resources, String nextCursor, CacheHint cacheHint) {
    public ListResourcesResult {
        resources = List.copyOf(resources);
    }
}
