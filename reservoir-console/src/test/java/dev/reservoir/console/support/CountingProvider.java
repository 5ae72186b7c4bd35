package dev.reservoir.console.support;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import java.net.URI;
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
    public Optional<Resource> metadata(URI uri) {
        return inner.metadata(uri);
    }

    @Override
    public ReadResult read(URI uri, ReadOptions options) {
        return inner.read(uri, options);
    }
}
