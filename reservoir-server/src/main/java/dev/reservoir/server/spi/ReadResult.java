package dev.reservoir.server.spi;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Resource;
import java.util.List;

/**
 * What a read returns.
 *
 * @param contents one or more items (see {@link ResourceProvider#read})
 * @param cacheHint how long the result may be cached, or null for the server's default
 */
public record ReadResult(List<ResourceContent> contents, CacheHint cacheHint) {
    public ReadResult {
        contents = List.copyOf(contents);
    }

    /** A result with one item. */
    public static ReadResult of(Resource resource, ContentBody body) {
        return new ReadResult(List.of(new ResourceContent(resource, body)), null);
    }

    public static ReadResult of(List<ResourceContent> contents) {
        return new ReadResult(contents, null);
    }

    public ReadResult withCacheHint(CacheHint hint) {
        return new ReadResult(contents, hint);
    }
}
