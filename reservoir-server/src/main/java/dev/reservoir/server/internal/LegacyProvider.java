package dev.reservoir.server.internal;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A provider written against SPI v1, seen through SPI v2: it holds the URIs its {@code owns} claims
 * (asked after templates and declared spaces, as v1 asked every provider) and gets the URI alone.
 * Thread-safe as the provider it wraps.
 */
@SuppressWarnings("deprecation")
public final class LegacyProvider implements ResourceProvider {

    private final dev.reservoir.server.spi.LegacyResourceProvider v1;

    public LegacyProvider(dev.reservoir.server.spi.LegacyResourceProvider v1) {
        this.v1 = v1;
    }

    @Override
    public UriSpace space() {
        return UriSpace.holding(uri -> v1.owns(URI.create(uri)));
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        return v1.list(request);
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        return v1.metadata(request.uri()).map(Metadata::of);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        return v1.read(request.uri(), request.options());
    }

    @Override
    public List<ProviderTemplate> templates() {
        return v1.templates().stream().map(ProviderTemplate::of).toList();
    }

    @Override
    public Completion complete(CompletionRequest request) {
        return v1.complete(request);
    }

    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        return v1.watch(uri, listener);
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        return v1.watchList(listener);
    }

    @Override
    public void close() {
        try {
            v1.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing " + v1 + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return v1.toString();
    }
}
