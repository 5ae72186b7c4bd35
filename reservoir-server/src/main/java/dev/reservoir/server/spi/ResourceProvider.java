package dev.reservoir.server.spi;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * Supplies resources under one URI scheme or prefix. Implementations are thread-safe and may
 * block: the server calls them on virtual threads, one per request, with a timeout. A provider
 * that throws costs that one request an error, never the server.
 *
 * <p>URIs reach a provider only after the server checked them (RFC 3986, length, and, for URIs
 * matched by a template, the safety of each decoded variable).
 */
public interface ResourceProvider extends AutoCloseable {

    /**
     * One page of resources, in a stable order. The cursor in the request is the one this provider
     * returned for the previous page (the server signs it before a client sees it), so a provider
     * can use a position such as the last key it returned: pages then neither repeat nor skip
     * entries while the set changes between pages.
     *
     * <p>When {@link ListRequest#parent()} is set (SEP-2093), list the direct children of that
     * collection; throw {@link ResourceNotFoundException} if it does not exist.
     */
    Page<Resource> list(ListRequest request);

    /** The metadata of one resource, without its content; empty when this provider does not have it. */
    Optional<Resource> metadata(URI uri);

    /**
     * Reads one resource. For a leaf, every content item has the requested URI (several items are
     * alternative formats); for a collection, items may be children, within {@link ReadOptions}.
     * Throws {@link ResourceNotFoundException} when the resource does not exist.
     */
    ReadResult read(URI uri, ReadOptions options);

    /** Templates for resources this provider can read; the server routes matching URIs here. */
    default List<ResourceTemplate> templates() {
        return List.of();
    }

    /**
     * Whether this provider may have a resource with this URI; the server asks only providers that
     * say yes. The default says yes to every URI.
     */
    default boolean owns(URI uri) {
        return true;
    }

    /** Completion values for an argument of one of this provider's templates. */
    default Completion complete(CompletionRequest request) {
        return Completion.EMPTY;
    }

    /**
     * Starts watching one resource for changes; the server calls this when a client first
     * subscribes to the URI and closes the watch when the last one leaves.
     */
    default Watch watch(URI uri, ChangeListener listener) {
        return Watch.NONE;
    }

    /** Starts watching this provider's list of resources; called once when the server starts. */
    default Watch watchList(ChangeListener listener) {
        return Watch.NONE;
    }

    @Override
    default void close() {}
}
