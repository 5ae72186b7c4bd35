package dev.reservoir.transport.http;

import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The demo set served over HTTP on an ephemeral loopback port, for one test. The watched resource
 * changes only when the test says ({@link #touch()}), so notifications are deterministic.
 */
final class DemoFixture implements AutoCloseable {

    final DemoServer demo;
    final McpServer server;
    final HttpTransport.Running running;

    private DemoFixture(UnaryOperator<HttpTransportBuilder> transport, Consumer<McpServerBuilder> extra)
            throws Exception {
        demo = new DemoServer(Duration.ZERO, Clock.systemUTC());
        McpServerBuilder builder = McpServer.builder().serverInfo("reservoir-test", "1.0.0");
        demo.configure(builder);
        extra.accept(builder);
        server = builder.build();
        running = transport.apply(HttpTransport.builder()).build().start(server);
    }

    static DemoFixture start() throws Exception {
        return new DemoFixture(b -> b, b -> {});
    }

    static DemoFixture start(UnaryOperator<HttpTransportBuilder> transport) throws Exception {
        return new DemoFixture(transport, b -> {});
    }

    static DemoFixture start(UnaryOperator<HttpTransportBuilder> transport, Consumer<McpServerBuilder> extra)
            throws Exception {
        return new DemoFixture(transport, extra);
    }

    HttpTestClient client() {
        return new HttpTestClient(running.endpoint());
    }

    /** Changes test://watched-resource now. */
    void touch() {
        demo.touchWatched();
    }

    @Override
    public void close() {
        running.close();
        server.close();
        demo.close();
    }
}
