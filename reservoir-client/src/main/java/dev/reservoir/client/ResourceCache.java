package dev.reservoir.client;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * Results of {@code resources/read}, {@code resources/list} and {@code resources/templates/list},
 * kept as the server's cache hints allow (2026-07-28 caching page), least recently used first out.
 *
 * <ul>
 *   <li>A result is fresh for {@code ttlMs} after it arrived; {@code 0} means stale at once. A
 *       result without a hint (session-era servers) is fresh only while the client holds a
 *       subscription to its URI, since the server then says when it changes.
 *   <li>{@code cacheScope: "public"} results are shared by every client using this cache for the same
 *       server; {@code "private"} ones only by clients in the same authorization context (same
 *       server and same credentials).
 *   <li>{@code notifications/resources/updated} drops the reads of that URI;
 *       {@code notifications/resources/list_changed} drops the list pages.
 *   <li>A stale read whose server speaks SEP-2093 is revalidated with {@code resources/metadata}:
 *       when {@code lastModified} (required) and {@code size} (when both know it) are unchanged, the
 *       entry is renewed for another ttl instead of reading the content again.
 *   <li>Only in-memory reads up to an eighth of the capacity are kept (never blobs spilled to disk).
 * </ul>
 *
 * <p>One cache may serve several clients (share it through {@link McpClientBuilder#cache}).
 * Thread-safe.
 */
public final class ResourceCache {

    /** The default capacity: 32 MiB. */
    public static final long DEFAULT_MAX_BYTES = 32L << 20;

    /** Counters since the cache was created. */
    public record Stats(long hits, long misses, long revalidations, long invalidations, int entries, long bytes) {}

    /** What an entry is keyed by; {@code context} is "public" for public entries. */
    record Key(String origin, String context, String kind, String id) {}

    /** One cached result. Mutable only through the cache's lock (renewal). */
    static final class Entry {
        final Object value;
        final long bytes;
        final Long ttlNanos;
        final Instant lastModified;
        final Long size;
        long received;

        Entry(Object value, long bytes, CacheHint hint, Instant lastModified, Long size, long now) {
            this.value = value;
            this.bytes = bytes;
            this.ttlNanos = hint == null ? null : hint.ttl().toNanos();
            this.lastModified = lastModified;
            this.size = size;
            this.received = now;
        }

        boolean fresh(long now) {
            return ttlNanos != null && now - received < ttlNanos;
        }

        boolean hasTtl() {
            return ttlNanos != null;
        }
    }

    static final String READ = "read";
    static final String LIST = "list";
    static final String TEMPLATES = "templates";
    private static final String PUBLIC = "public";

    private final long maxBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();
    private final AtomicLong revalidations = new AtomicLong();
    private final AtomicLong invalidations = new AtomicLong();

    private ResourceCache(long maxBytes) {
        if (maxBytes < 1024) {
            throw new IllegalArgumentException("a cache needs at least 1024 bytes, not " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** A cache of {@link #DEFAULT_MAX_BYTES}. */
    public static ResourceCache create() {
        return new ResourceCache(DEFAULT_MAX_BYTES);
    }

    /** A cache holding about this many bytes of content. */
    public static ResourceCache create(long maxBytes) {
        return new ResourceCache(maxBytes);
    }

    public Stats stats() {
        lock.lock();
        try {
            return new Stats(hits.get(), misses.get(), revalidations.get(), invalidations.get(), entries.size(), bytes);
        } finally {
            lock.unlock();
        }
    }

    /** Drops everything. */
    public void clear() {
        lock.lock();
        try {
            entries.clear();
            bytes = 0;
        } finally {
            lock.unlock();
        }
    }

    /** The entry for a result, private (this context) first, then public; null when none. */
    Entry get(String origin, String context, String kind, String id) {
        lock.lock();
        try {
            Entry e = entries.get(new Key(origin, context, kind, id));
            return e != null ? e : entries.get(new Key(origin, PUBLIC, kind, id));
        } finally {
            lock.unlock();
        }
    }

    void put(String origin, String context, String kind, String id, Entry entry, CacheScope scope) {
        if (entry.bytes > maxBytes / 8) {
            return;
        }
        String ctx = scope == CacheScope.PUBLIC ? PUBLIC : context;
        lock.lock();
        try {
            // One entry per result: a private copy must not hide behind a public one, nor the reverse.
            removeLocked(new Key(origin, context, kind, id));
            removeLocked(new Key(origin, PUBLIC, kind, id));
            entries.put(new Key(origin, ctx, kind, id), entry);
            bytes += entry.bytes;
            Iterator<Map.Entry<Key, Entry>> eldest = entries.entrySet().iterator();
            while (bytes > maxBytes && eldest.hasNext()) {
                bytes -= eldest.next().getValue().bytes;
                eldest.remove();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Renews an entry that revalidated: fresh for another ttl from now. */
    void renew(Entry entry, long now) {
        lock.lock();
        try {
            entry.received = now;
        } finally {
            lock.unlock();
        }
        revalidations.incrementAndGet();
    }

    void remove(String origin, String context, String kind, String id) {
        lock.lock();
        try {
            removeLocked(new Key(origin, context, kind, id));
            removeLocked(new Key(origin, PUBLIC, kind, id));
        } finally {
            lock.unlock();
        }
    }

    /** {@code notifications/resources/updated}: drops every read of the URI from that server. */
    void invalidateUri(String origin, String uri) {
        removeIf(k -> k.origin().equals(origin) && k.kind().equals(READ) && k.id().equals(uri));
    }

    /** {@code notifications/resources/list_changed}: drops that server's list pages. */
    void invalidateLists(String origin) {
        removeIf(k ->
                k.origin().equals(origin) && (k.kind().equals(LIST) || k.kind().equals(TEMPLATES)));
    }

    /** The session with that server was lost (changes may have gone unheard): drops all it had. */
    void invalidateOrigin(String origin) {
        removeIf(k -> k.origin().equals(origin));
    }

    void hit() {
        hits.incrementAndGet();
    }

    void miss() {
        misses.incrementAndGet();
    }

    private void removeIf(Predicate<Key> which) {
        lock.lock();
        try {
            Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<Key, Entry> e = it.next();
                if (which.test(e.getKey())) {
                    bytes -= e.getValue().bytes;
                    it.remove();
                    invalidations.incrementAndGet();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private void removeLocked(Key key) {
        Entry old = entries.remove(key);
        if (old != null) {
            bytes -= old.bytes;
        }
    }
}
