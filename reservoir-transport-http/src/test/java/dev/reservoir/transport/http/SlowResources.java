package dev.reservoir.transport.http;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Templates whose reads take as long as the URI says: {@code slow://wait/{ms}} (stops when
 * interrupted) and {@code stubborn://wait/{ms}} (does not).
 */
final class SlowResources {

    /** Reads interrupted before they finished (cancelled), over all tests. */
    static final AtomicInteger cancelled = new AtomicInteger();

    /** Reads that started, over all tests. */
    static final AtomicInteger started = new AtomicInteger();

    private SlowResources() {}

    /** How a template's read waits its {@code ms}. */
    private interface Wait {
        void pass(long ms) throws InterruptedException;
    }

    static void add(McpServerBuilder builder) {
        add(builder, "slow", Thread::sleep);
        // A provider that ignores interrupts: its reads take their time, cancelled or not.
        add(builder, "stubborn", ms -> {
            long end = System.nanoTime() + ms * 1_000_000;
            for (long left = ms; left > 0; left = (end - System.nanoTime()) / 1_000_000) {
                try {
                    Thread.sleep(left);
                } catch (InterruptedException ignored) {
                    // on purpose: this provider does not stop
                }
            }
        });
    }

    private static void add(McpServerBuilder builder, String scheme, Wait wait) {
        builder.template(
                ResourceTemplate.builder(scheme + "://wait/{ms}", scheme)
                        .mimeType("text/plain")
                        .build(),
                request -> {
                    long ms = Long.parseLong(request.variable("ms"));
                    started.incrementAndGet();
                    try {
                        wait.pass(ms);
                    } catch (InterruptedException e) {
                        cancelled.incrementAndGet();
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("cancelled");
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), scheme + "-" + ms)
                                    .mimeType("text/plain")
                                    .build(),
                            ContentBody.text("waited " + ms + " ms"));
                });
    }
}
