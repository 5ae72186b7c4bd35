package dev.reservoir.server.spi;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Resource;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a read returns: its contents, a cache hint, and what the read holds while its contents
 * stream (a result set, a repository reader, an open file).
 *
 * <p>The server closes a result exactly once when it is done with it: after its answer was
 * written, when writing it failed, when the request was cancelled or timed out, or when the answer
 * was refused before it was written (too large for the client) — whether or not any stream was
 * ever opened. So a provider may take resources in {@code read} and hand them to the server with
 * {@link #holding}; streams opened from them are closed before the result is.
 *
 * @param contents one or more items (see {@link ResourceProvider#read})
 * @param cacheHint how long the result may be cached, or null for the server's default
 * @param held what {@link #close()} releases, or null for nothing
 */
public record ReadResult(List<ResourceContent> contents, CacheHint cacheHint, AutoCloseable held)
        implements AutoCloseable {

    public ReadResult {
        contents = List.copyOf(contents);
    }

    public ReadResult(List<ResourceContent> contents, CacheHint cacheHint) {
        this(contents, cacheHint, null);
    }

    /** A result with one item. */
    public static ReadResult of(Resource resource, ContentBody body) {
        return new ReadResult(List.of(new ResourceContent(resource, body)), null, null);
    }

    public static ReadResult of(List<ResourceContent> contents) {
        return new ReadResult(contents, null, null);
    }

    public ReadResult withCacheHint(CacheHint hint) {
        return new ReadResult(contents, hint, held);
    }

    /**
     * This result, also holding {@code resource} until the server is done with it; resources are
     * released in the reverse order they were added, each once.
     */
    public ReadResult holding(AutoCloseable resource) {
        return new ReadResult(contents, cacheHint, new Held(resource, held));
    }

    /** Releases what the result holds (once; later calls do nothing). */
    @Override
    public void close() {
        if (held == null) {
            return;
        }
        try {
            held.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("releasing what a read held failed: " + e.getMessage(), e);
        }
    }

    /** One resource, then the ones added before it; each closed once. */
    private static final class Held implements AutoCloseable {
        private final AutoCloseable resource;
        private final AutoCloseable before;
        private final AtomicBoolean closed = new AtomicBoolean();

        Held(AutoCloseable resource, AutoCloseable before) {
            this.resource = java.util.Objects.requireNonNull(resource, "resource");
            this.before = before;
        }

        @Override
        public void close() throws Exception {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            try {
                resource.close();
            } finally {
                if (before != null) {
                    before.close();
                }
            }
        }
    }
}
