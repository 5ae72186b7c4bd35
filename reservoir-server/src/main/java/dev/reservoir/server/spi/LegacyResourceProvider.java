package dev.reservoir.server.spi;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A provider written against SPI v1, kept so that such a provider still plugs in
 * ({@code McpServerBuilder.provider(LegacyResourceProvider)}): rename {@code implements
 * ResourceProvider} to {@code implements LegacyResourceProvider}. The server asks it about the URIs
 * {@link #owns} claims (after templates and declared spaces), as v1 did; it gets no request
 * context, no template match, and its templates' values are checked as paths. Thread-safe; may block.
 *
 * @deprecated implement {@link ResourceProvider} (v2): declare a {@link UriSpace}, read from a
 *     {@link ReadRequest}; see the README's "Embed a server" for the migration
 */
@Deprecated
public interface LegacyResourceProvider extends AutoCloseable {

    Page<Resource> list(ListRequest request);

    Optional<Resource> metadata(URI uri);

    ReadResult read(URI uri, ReadOptions options);

    default List<ResourceTemplate> templates() {
        return List.of();
    }

    /** Whether this provider may have a resource with this URI; must be quick. The default says yes to every URI. */
    default boolean owns(URI uri) {
        return true;
    }

    default Completion complete(CompletionRequest request) {
        return Completion.EMPTY;
    }

    default Watch watch(URI uri, ChangeListener listener) {
        return Watch.NONE;
    }

    default Watch watchList(ChangeListener listener) {
        return Watch.NONE;
    }

    @Override
    default void close() {}
}
