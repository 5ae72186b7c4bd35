package dev.reservoir.spring;

import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.springframework.context.SmartLifecycle;

/**
 * Reservoir's own Jetty serving the starter's {@link McpServer} over Streamable HTTP, started and
 * stopped with the application context. Thread-safe.
 */
public final class ReservoirHttpServer implements SmartLifecycle {

    private final McpServer server;
    private final HttpTransport transport;
    private volatile HttpTransport.Running running;

    ReservoirHttpServer(McpServer server, HttpTransport transport) {
        this.server = server;
        this.transport = transport;
    }

    @Override
    public void start() {
        try {
            running = transport.start(server);
        } catch (IOException e) {
            throw new UncheckedIOException("Reservoir could not serve HTTP: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        HttpTransport.Running r = running;
        running = null;
        if (r != null) {
            r.close();
        }
    }

    @Override
    public boolean isRunning() {
        return running != null;
    }

    /** The endpoint clients connect to, such as {@code http://127.0.0.1:8090/mcp}; throws when not running. */
    public URI endpoint() {
        return runningOrThrow().endpoint();
    }

    /** The port bound (the real one for port 0); throws when not running. */
    public int port() {
        return runningOrThrow().port();
    }

    /** Stateful HTTP sessions open now (0 when not running). */
    public int openSessions() {
        HttpTransport.Running r = running;
        return r == null ? 0 : r.openSessions();
    }

    private HttpTransport.Running runningOrThrow() {
        HttpTransport.Running r = running;
        if (r == null) {
            throw new IllegalStateException("Reservoir's HTTP server is not running");
        }
        return r;
    }
}
