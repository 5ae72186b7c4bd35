package dev.reservoir.transport.http;

import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.exchange.HttpExchange;
import dev.reservoir.transport.http.internal.HttpSettings;
import dev.reservoir.transport.http.internal.McpHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reservoir's MCP HTTP endpoint without a web server of its own, for mounting on another one: the
 * Streamable HTTP endpoint of both eras, the 2024-11-05 HTTP+SSE pair when enabled, the index at
 * {@code /} and the health checks, behind the same Host, Origin and token checks as
 * {@link HttpTransport}. A web server adapter turns each request into an {@link HttpExchange} and
 * calls {@link #handle}. Built by {@link HttpTransportBuilder#buildEndpoint}. Thread-safe.
 *
 * <pre>{@code
 * McpHttpEndpoint endpoint = HttpTransport.builder().buildEndpoint(server);
 * endpoint.start();
 * // for each request below endpoint.paths(), on a thread that may block:
 * endpoint.handle(exchange);
 * }</pre>
 */
public final class McpHttpEndpoint implements AutoCloseable {

    private final McpHandler handler;
    private final HttpSettings settings;
    private final ReentrantLock lock = new ReentrantLock();
    private ScheduledExecutorService timer;
    private boolean closed;

    McpHttpEndpoint(McpServer server, HttpSettings settings) {
        this.settings = settings;
        this.handler = new McpHandler(server, settings);
    }

    /**
     * Serves one exchange. May block (call it on a virtual thread), unless the exchange says its
     * thread must not ({@link HttpExchange#mayBlock}): then it blocks nowhere, serves there only what
     * it answers at once, and continues the rest on a virtual thread of its own. May return before the
     * exchange ends: an SSE stream goes on until {@link HttpExchange#complete} or
     * {@link HttpExchange#fail} is called. Never throws: failures become answers.
     */
    public void handle(HttpExchange exchange) {
        handler.handle(exchange);
    }

    /** The paths this endpoint answers (the MCP endpoint, and the HTTP+SSE pair when enabled), for mounting. */
    public List<String> paths() {
        List<String> paths = new ArrayList<>(List.of(settings.endpoint()));
        if (settings.httpSsePath() != null) {
            paths.add(settings.httpSsePath());
            paths.add(settings.httpSseMessagePath());
        }
        return List.copyOf(paths);
    }

    /** Stateful sessions open now. */
    public int openSessions() {
        return handler.sessionCount();
    }

    /** SSE streams open now. */
    public int openStreams() {
        return handler.streamCount();
    }

    /** Starts the timers (session expiry, the switch of slow answers to SSE). Idempotent. */
    public void start() {
        lock.lock();
        try {
            if (timer != null || closed) {
                return;
            }
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "reservoir-http-timer");
                t.setDaemon(true);
                return t;
            });
            long shortest = Math.min(
                    settings.limits().sessionIdleTimeout().toMillis(),
                    settings.limits().halfOpenTimeout().toMillis());
            long every = Math.max(100, Math.min(30_000, shortest / 4));
            timer.scheduleWithFixedDelay(handler::expireSessions, every, every, TimeUnit.MILLISECONDS);
            long tick = handler.slowAnswerTick().toMillis();
            timer.scheduleWithFixedDelay(handler::switchSlowAnswers, tick, tick, TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code task} every {@code interval} on this endpoint's timer (the Jetty transport's own chores). */
    void every(Duration interval, Runnable task) {
        lock.lock();
        try {
            if (timer == null) {
                throw new IllegalStateException("start() the endpoint before scheduling on its timer");
            }
            long ms = interval.toMillis();
            timer.scheduleWithFixedDelay(task, ms, ms, TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
    }

    /** Ends every session and stream (their clients see them end), and stops the timers. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (timer != null) {
                timer.shutdownNow();
            }
        } finally {
            lock.unlock();
        }
        handler.closeAll();
    }
}
