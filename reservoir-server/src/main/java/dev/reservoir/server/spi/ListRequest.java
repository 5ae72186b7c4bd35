package dev.reservoir.server.spi;

import java.net.URI;

/**
 * A request for one page of resources.
 *
 * @param parent the collection whose direct children to list (SEP-2093), or null for all resources
 * @param cursor the provider's own cursor from the previous page, or null for the first page
 * @param limit the most items to return (at least 1); a provider may return fewer
 */
public record ListRequest(URI parent, String cursor, int limit) {
    public ListRequest {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
    }
}
