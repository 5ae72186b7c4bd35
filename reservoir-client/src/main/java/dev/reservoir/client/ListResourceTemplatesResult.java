package dev.reservoir.client;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.ResourceTemplate;
import java.util.List;

/**
 * One page of {@code resources/templates/list}.
 *
 * @param nextCursor the cursor of the next page, or null on the last page
 * @param cacheHint the server's {@code ttlMs} and {@code cacheScope}, or null when it sent none
 */
public record ListResourceTemplatesResult(
        List<ResourceTemplate> resourceTemplates, String nextCursor, CacheHint cacheHint) {
    public ListResourceTemplatesResult {
        resourceTemplates = List.copyOf(resourceTemplates);
    }
}
