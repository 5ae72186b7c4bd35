package dev.reservoir.transport.http;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import java.util.concurrent.atomic.AtomicInteger;

/** A template whose reads take as long as the URI says: {@code slow://wait/{ms}}. */
final class SlowResources {

    /** Reads interrupted before they finished (cancelled), over all tests. */
    static final AtomicInteger cancelled = new AtomicInteger();

    /** Reads that started, over all tests. */
    static final AtomicInteger started = new AtomicInteger();

    private SlowResources() {}

    static void add(McpServerBuilder builder) {
        builder.template(
                ResourceTemplate.builder("slow://wait/{ms}", "slow")
                        .mimeType("text/plain")
                        .build(),
                request -> {
                    long ms = Long.parseLong(request.variable("ms"));
                    started.incrementAndGet();
                    try {
                        Thread.sleep(ms);
                    } catch (InterruptedException e) {
                        cancelled.incrementAndGet();
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("cancelled");
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), "slow-" + ms)
                                    .mimeType("text/plain")
                                    .build(),
                            ContentBody.text("waited " + ms + " ms"));
                });
    }
}
