package dev.reservoir.core.model;

import java.time.Duration;
import java.util.Objects;

/**
 * How long, and by whom, a result may be cached (2026-07-28 {@code ttlMs} and {@code cacheScope}).
 *
 * @param ttl zero or more; zero means immediately stale
 */
public record CacheHint(Duration ttl, CacheScope scope) {
    public CacheHint {
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(scope, "scope");
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("cache ttl must not be negative: " + ttl);
        }
    }

    /** Immediately stale, private: the safe default. */
    public static final CacheHint NONE = new CacheHint(Duration.ZERO, CacheScope.PRIVATE);

    public static CacheHint of(Duration ttl, CacheScope scope) {
        return new CacheHint(ttl, scope);
    }
}
