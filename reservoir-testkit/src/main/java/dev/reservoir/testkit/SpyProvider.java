package dev.reservoir.testkit;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderException;
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
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A provider that passes every call to another and remembers what the server asked: every URI,
 * and the last read request; it can fail every read with a {@link ProviderException}. Thread-safe.
 */
final class SpyProvider implements ResourceProvider {

    private final ResourceProvider delegate;
    private final List<String> urisAsked = new CopyOnWriteArrayList<>();
    private final List<ReadRequest> reads = new CopyOnWriteArrayList<>();
    private volatile ProviderException failure;

    SpyProvider(ResourceProvider delegate) {
        this.delegate = delegate;
    }

    /** This spy, failing every read with {@code failure} (after recording it). */
    SpyProvider failingReadsWith(ProviderException failure) {
        this.failure = failure;
        return this;
    }

    List<String> urisAsked() {
        return List.copyOf(urisAsked);
    }

    ReadRequest lastRead() {
        if (reads.isEmpty()) {
            throw new AssertionError("the provider was never asked to read");
        }
        return reads.getLast();
    }

    @Override
    public UriSpace space() {
        return delegate.space();
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        if (request.parent() != null) {
            urisAsked.add(request.parent().toString());
        }
        return delegate.list(request);
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        urisAsked.add(request.uri().toString());
        return delegate.metadata(request);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        urisAsked.add(request.uri().toString());
        reads.add(request);
        if (failure != null) {
            throw failure;
        }
        return delegate.read(request);
    }

    @Override
    public List<ProviderTemplate> templates() {
        return delegate.templates();
    }

    @Override
    public Completion complete(CompletionRequest request) {
        return delegate.complete(request);
    }

    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        urisAsked.add(uri.toString());
        return delegate.watch(uri, listener);
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        return delegate.watchList(listener);
    }

    @Override
    public void start() {
        delegate.start();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
