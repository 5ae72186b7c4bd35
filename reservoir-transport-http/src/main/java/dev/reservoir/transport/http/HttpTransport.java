package dev.reservoir.transport.http;

import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.Transport;
import dev.reservoir.transport.http.internal.HttpSettings;
import dev.reservoir.transport.http.internal.McpHandler;
import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Serves an {@link McpServer} over HTTP on embedded Jetty: Streamable HTTP at one endpoint for
 * every protocol revision (sessions for the handshake era, stateless POSTs for 2026-07-28), and
 * the 2024-11-05 HTTP+SSE endpoints for old clients. Secure by default: it binds 127.0.0.1, and
 * then answers only to localhost names and origins. Each request runs on a virtual thread. Build
 * one with {@link #builder()}; it is immutable and may serve several times.
 *
 * <pre>{@code
 * try (HttpTransport.Running running = HttpTransport.builder().port(0).build().start(server)) {
 *     URI endpoint = running.endpoint(); // http://127.0.0.1:PORT/mcp
 * }
 * }</pre>
 */
public final class HttpTransport implements Transport {

    private final HttpSettings settings;

    HttpTransport(HttpSettings settings) {
        this.settings = settings;
    }

    public static HttpTransportBuilder builder() {
        return new HttpTransportBuilder();
    }

    /** Serves until the JVM shuts down (Jetty stops at shutdown). */
    @Override
    public void serve(McpServer server) throws Exception {
        try (Running running = start(server, true)) {
            running.join();
        }
    }

    /**
     * Starts serving and returns at once.
     *
     * @throws BindException when the address cannot be bound (the port is in use, or not allowed)
     */
    public Running start(McpServer server) throws IOException {
        return start(server, false);
    }

    private Running start(McpServer server, boolean stopAtShutdown) throws IOException {
        QueuedThreadPool pool = new QueuedThreadPool(16, 2);
        pool.setName("reservoir-http");
        pool.setVirtualThreadsExecutor(Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("http-", 0).factory()));
        Server jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendXPoweredBy(false);
        HttpConnectionFactory http = new HttpConnectionFactory(config);
        ServerConnector connector;
        if (settings.keystore() != null) {
            SslContextFactory.Server tls = new SslContextFactory.Server();
            tls.setKeyStorePath(settings.keystore().toString());
            tls.setKeyStorePassword(new String(settings.keystorePassword()));
            tls.setKeyStoreType(settings.keystoreType());
            SecureRequestCustomizer secure = new SecureRequestCustomizer();
            // Clients reach a local server by "localhost" or an address the certificate may not name.
            secure.setSniHostCheck(false);
            config.addCustomizer(secure);
            connector = new ServerConnector(jetty, 1, 1, new SslConnectionFactory(tls, http.getProtocol()), http);
        } else {
            connector = new ServerConnector(jetty, 1, 1, http);
        }
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setIdleTimeout(settings.limits().connectionIdleTimeout().toMillis());
        jetty.addConnector(connector);
        McpHandler handler = new McpHandler(server, settings);
        jetty.setHandler(handler);
        jetty.setStopAtShutdown(stopAtShutdown);
        jetty.setStopTimeout(2000);
        try {
            jetty.start();
        } catch (Exception e) {
            stopQuietly(jetty);
            BindException bind = causeOf(e, BindException.class);
            if (bind != null) {
                BindException clear = new BindException("cannot listen on " + settings.host() + ":" + settings.port()
                        + ": " + (bind.getMessage() == null ? "address in use" : bind.getMessage())
                        + " (is another server using the port?)");
                clear.initCause(e);
                throw clear;
            }
            if (e instanceof IOException io) {
                throw io;
            }
            throw new IOException("could not start the HTTP server: " + e.getMessage(), e);
        }
        ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "reservoir-http-timer");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(
                100, Math.min(30_000, settings.limits().sessionIdleTimeout().toMillis() / 4));
        reaper.scheduleWithFixedDelay(handler::expireSessions, every, every, TimeUnit.MILLISECONDS);
        long tick = handler.slowAnswerTick().toMillis();
        reaper.scheduleWithFixedDelay(handler::switchSlowAnswers, tick, tick, TimeUnit.MILLISECONDS);
        return new Running(jetty, connector, handler, reaper, settings);
    }

    private static <T extends Throwable> T causeOf(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    private static void stopQuietly(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            // It did not start; nothing more to undo.
        }
    }

    /** A running HTTP server. Closing it ends every session and stops the server. Thread-safe. */
    public static final class Running implements AutoCloseable {
        private final Server jetty;
        private final ServerConnector connector;
        private final McpHandler handler;
        private final ScheduledExecutorService reaper;
        private final HttpSettings settings;

        private Running(
                Server jetty,
                ServerConnector connector,
                McpHandler handler,
                ScheduledExecutorService reaper,
                HttpSettings settings) {
            this.jetty = jetty;
            this.connector = connector;
            this.handler = handler;
            this.reaper = reaper;
            this.settings = settings;
        }

        /** The port bound (the real one when built with port 0). */
        public int port() {
            return connector.getLocalPort();
        }

        /** The Streamable HTTP endpoint, such as {@code http://127.0.0.1:PORT/mcp}. */
        public URI endpoint() {
            return base().resolve(settings.endpoint());
        }

        /** The 2024-11-05 SSE endpoint, or null when it is off. */
        public URI legacySseEndpoint() {
            return settings.legacySsePath() == null ? null : base().resolve(settings.legacySsePath());
        }

        private URI base() {
            String scheme = settings.keystore() == null ? "http" : "https";
            String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
            return URI.create(scheme + "://" + host + ":" + port() + "/");
        }

        /** Stateful sessions open now. */
        public int openSessions() {
            return handler.sessionCount();
        }

        /** SSE streams open now. */
        public int openStreams() {
            return handler.streamCount();
        }

        /** Waits until the server stops. */
        public void join() throws InterruptedException {
            jetty.join();
        }

        /** Waits at most {@code timeout} for the server to stop; true if it did. */
        public boolean join(Duration timeout) throws InterruptedException {
            long end = System.nanoTime() + timeout.toNanos();
            while (!jetty.isStopped()) {
                if (System.nanoTime() > end) {
                    return false;
                }
                Thread.sleep(10);
            }
            return true;
        }

        @Override
        public void close() {
            reaper.shutdownNow();
            handler.closeAll();
            stopQuietly(jetty);
        }
    }
}
