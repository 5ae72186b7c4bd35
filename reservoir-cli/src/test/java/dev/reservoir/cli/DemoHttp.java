package dev.reservoir.cli;

import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Reservoir's demo set served over HTTP in the test JVM (Streamable HTTP and the 2024-11-05 SSE
 * endpoint) on a free port, for a test class: {@code @RegisterExtension static final DemoHttp DEMO = new DemoHttp();}.
 */
final class DemoHttp implements BeforeAllCallback, AfterAllCallback {

    private DemoServer demo;
    private McpServer server;
    private HttpTransport.Running running;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        demo = new DemoServer(Duration.ofMillis(300), Clock.systemUTC());
        server = demo.configure(McpServer.builder()).build();
        running = HttpTransport.builder().port(0).build().start(server);
    }

    /** The running server (its endpoint(), httpSseEndpoint()). */
    HttpTransport.Running http() {
        return running;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        running.close();
        server.close();
        demo.close();
    }
}
