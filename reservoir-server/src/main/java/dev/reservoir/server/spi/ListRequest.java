package dev.reservoir.server.spi;

import dev.reservoir.core.uri.UriTemplateMatch;
import java.net.URI;
import java.util.Objects;

/**
 * A request for one page of resources.
 *
 * @param parent the collection whose direct children to list (SEP-2093), or null for all resources
 * @param cursor the provider's own cursor from the previous page, or null for the first page
 * @param limit the most items to return (at least 1); a provider may return fewer
 * @param match the variables of the provider's template that matched {@code parent}, or null
 * @param context the request's deadline, cancellation and client
 */
public record ListRequest(URI parent, String cursor, int limit, UriTemplateMatch match, CallContext context) {
    public ListRequest {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        Objects.requireNonNull(context, "context");
    }

    /** A request outside any client request (tests, tools): no template match, {@link CallContext#NONE}. */
    public ListRequest(URI parent, String cursor, int limit) {
        this(parent, cursor, limit, null, CallContext.NONE);
    }
}
