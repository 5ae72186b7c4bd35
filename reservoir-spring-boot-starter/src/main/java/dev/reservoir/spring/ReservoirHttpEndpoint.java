package dev.reservoir.spring;

import dev.reservoir.transport.http.McpHttpEndpoint;
import java.util.List;
import org.springframework.context.SmartLifecycle;

/**
 * The starter's MCP endpoint served on the application's own web server (Spring MVC or WebFlux)
 * at {@code reservoir.http.path}: started with the application context, and closed (every session
 * and stream ended) before the web server stops, so a graceful shutdown does not wait on open SSE
 * streams. Thread-safe.
 */
public final class ReservoirHttpEndpoint implements SmartLifecycle {

    private final McpHttpEndpoint endpoint;
    private volatile boolean running;

    ReservoirHttpEndpoint(McpHttpEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /** The endpoint that the web server's adapter hands each request to. */
    public McpHttpEndpoint endpoint() {
        return endpoint;
    }

    /** The paths it answers below the application's context path, such as {@code /mcp}. */
    public List<String> paths() {
        return endpoint.paths();
    }

    /** Stateful HTTP sessions open now. */
    public int openSessions() {
        return endpoint.openSessions();
    }

    @Override
    public void start() {
        endpoint.start();
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        endpoint.close();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Started after and stopped before the web server (whose phases are lower). */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE;
    }
}
