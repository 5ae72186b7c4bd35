package dev.reservoir.console.support;

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
import java.util.concurrent.atomic.AtomicInteger;

/** A provider that counts the {@code resources/list} pages asked of it, in front of another. */
public final class CountingProvider implements ResourceProvider {

    private final ResourceProvider inner;
    private final AtomicInteger listPages = new AtomicInteger();

    public CountingProvider(ResourceProvider inner) {
        this.inner = inner;
    }

    /** Pages of the whole list asked for so far (children of collections not counted). */
    public int listPages() {
        return listPages.get();
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        if (request.parent() == null) {
            listPages.incrementAndGet();
        }
        return inner.list(request);
    }

    @Override
    public UriSpace space() {
        return inner.space();
    }

    @Override
    public List<ProviderTemplate> templates() {
        return inner.templates();
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        return inner.metadata(request);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        return inner.read(request);
    }

    @Override
    public Completion complete(CompletionRequest request) {
        return inner.complete(request);
    }

    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        return inner.watch(uri, listener);
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        return inner.watchList(listener);
    }

    @Override
    public void start() {
        inner.start();
    }

    @Override
    public void close() {
        inner.close();
    }
}
