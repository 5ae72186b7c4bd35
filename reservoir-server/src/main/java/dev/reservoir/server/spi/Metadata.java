package dev.reservoir.server.spi;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Resource;
import java.util.Objects;

/**
 * What {@link ResourceProvider#metadata} answers: the resource, and how long the answer may be
 * cached. Immutable.
 *
 * @param resource the resource's metadata, without content
 * @param cacheHint how long it may be cached (2026-07-28 {@code ttlMs}, {@code cacheScope}), or null
 *     for none (a resource named by an immutable id may say a long time)
 */
public record Metadata(Resource resource, CacheHint cacheHint) {
    public Metadata {
        Objects.requireNonNull(resource, "resource");
    }

    /** Metadata without a cache hint. */
    public static Metadata of(Resource resource) {
        return new Metadata(resource, null);
    }

    public Metadata withCacheHint(CacheHint hint) {
        return new Metadata(resource, hint);
    }
}
