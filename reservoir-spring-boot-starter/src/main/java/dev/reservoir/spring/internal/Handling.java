package dev.reservoir.spring.internal;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the endpoint for one exchange on a virtual thread of its own, for the web server adapters. */
public final class Handling {

    private static final Logger LOG = LoggerFactory.getLogger(Handling.class);

    private Handling() {}

    /**
     * Starts {@code endpoint} on {@code exchange} on a new virtual thread; should it throw (the
     * endpoint answers failures itself; this is a last resort), the exchange fails instead of
     * staying open for ever.
     */
    public static void start(String name, Consumer<HttpExchange> endpoint, HttpExchange exchange) {
        Thread.ofVirtual().name(name).start(() -> {
            try {
                endpoint.accept(exchange);
            } catch (Throwable t) {
                LOG.error("Reservoir's MCP endpoint failed on {} {}", exchange.method(), exchange.path(), t);
                exchange.fail(t);
            }
        });
    }
}
