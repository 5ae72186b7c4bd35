package dev.reservoir.transport.http;

import dev.reservoir.server.McpServer;
import dev.reservoir.server.Transport;
import dev.reservoir.transport.http.host.HostNames;
import dev.reservoir.transport.http.internal.Hangups;
import dev.reservoir.transport.http.internal.HeaderDeadline;
import dev.reservoir.transport.http.internal.HttpSettings;
import dev.reservoir.transport.http.internal.JettyExchange;
import dev.reservoir.transport.http.internal.JettyServers;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Serves an {@link McpServer} over HTTP on embedded Jetty: Streamable HTTP at one endpoint for
 * every protocol revision (sessions for the session era, stateless POSTs for 2026-07-28), and
 * the 2024-11-05 HTTP+SSE endpoints for old clients. Secure by default: it binds 127.0.0.1, answers
 * only to the names it is known by, lets only its own origin's pages call it from a browser, and
 * will not serve a network address without a token unless told to. Each request runs on a virtual
 * thread. Build one with {@link #builder()}; it is immutable and may serve several times.
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

    /**
     * Does ahead, on the calling thread, the part of a first server's start that no setting
     * changes: the static state of the JDK's and Jetty's classes that making and starting a server
     * and its first request need (the JDK's address, socket and time-zone statics and its
     * virtual-thread scheduler; Jetty's HTTP methods and headers, its MIME types with the JDK's
     * locales, its parser and generator). Optional: a server started without it does the same work
     * itself. An application that starts a server once it has read its configuration can call this
     * on a spare thread while it reads it, and the server's start then finds that work done, or
     * under way. Safe to call more than once and beside a starting server.
     */
    public static void prepare() {
        JettyServers.prepare();
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
        InetAddress address = resolve(settings.host(), settings.port());
        Hangups hangups = new Hangups();
        HeaderDeadline deadline = new HeaderDeadline(settings.limits().headerTimeout());
        Server jetty = JettyServers.create(settings, deadline);
        ServerConnector connector = (ServerConnector) jetty.getConnectors()[0];
        McpHttpEndpoint endpoint = new McpHttpEndpoint(server, settings);
        jetty.setHandler(JettyExchange.handler(endpoint::handle, hangups));
        jetty.setStopAtShutdown(stopAtShutdown);
        jetty.setStopTimeout(2000);
        try {
            jetty.start();
        } catch (Exception e) {
            stopQuietly(jetty);
            hangups.close();
            throw startFailure(e, address);
        }
        endpoint.start();
        endpoint.every(deadline.sweepInterval(), deadline::sweep);
        return new Running(jetty, connector, endpoint, hangups::close, settings);
    }

    /** The address to bind, refusing a name that does not resolve before Jetty tries. */
    private static InetAddress resolve(String host, int port) throws BindException {
        try {
            return InetAddress.getByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            BindException unknown = new BindException(
                    "cannot listen on " + host + ":" + port + ": no address is known by the name " + host);
            unknown.initCause(e);
            throw unknown;
        }
    }

    /** Why the server could not start, in words that name the cause (a port in use, an address this machine lacks). */
    private IOException startFailure(Exception e, InetAddress address) {
        BindException bind = causeOf(e, BindException.class);
        if (bind == null) {
            return e instanceof IOException io
                    ? io
                    : new IOException("could not start the HTTP server: " + e.getMessage(), e);
        }
        String where = "cannot listen on " + settings.host() + ":" + settings.port() + ": ";
        String why;
        if (!HostNames.isLocal(address)) {
            why = "this machine has no address " + address.getHostAddress() + " (its addresses: "
                    + String.join(
                            ", ",
                            HostNames.machineAddresses().stream()
                                    .map(HostNames::literal)
                                    .toList())
                    + "; 0.0.0.0 means all of them)";
        } else if (String.valueOf(bind.getMessage())
                .toLowerCase(java.util.Locale.ROOT)
                .contains("in use")) {
            why = "the port is in use (is another server using it?)";
        } else {
            why = bind.getMessage() == null ? "not allowed" : bind.getMessage();
        }
        BindException clear = new BindException(where + why);
        clear.initCause(e);
        return clear;
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
        private final McpHttpEndpoint endpoint;
        private final Runnable onClose;
        private final HttpSettings settings;

        private Running(
                Server jetty,
                ServerConnector connector,
                McpHttpEndpoint endpoint,
                Runnable onClose,
                HttpSettings settings) {
            this.jetty = jetty;
            this.connector = connector;
            this.endpoint = endpoint;
            this.onClose = onClose;
            this.settings = settings;
        }

        /** The port bound (the real one when built with port 0). */
        public int port() {
            return connector.getLocalPort();
        }

        /**
         * The Streamable HTTP endpoint, such as {@code http://127.0.0.1:PORT/mcp}: at the address
         * bound, or at a loopback one when bound to every interface ({@code 0.0.0.0} is no address
         * a client can use).
         */
        public URI endpoint() {
            return endpoints().getFirst();
        }

        /**
         * The Streamable HTTP endpoint at each address clients can use: the one bound, or, when
         * bound to every interface, a loopback one first, then each of this machine's addresses.
         */
        public List<URI> endpoints() {
            return bases().stream().map(b -> b.resolve(settings.endpoint())).toList();
        }

        /** The 2024-11-05 SSE endpoint (at the first of {@link #endpoints}), or null when it is off. */
        public URI httpSseEndpoint() {
            return settings.httpSsePath() == null ? null : bases().getFirst().resolve(settings.httpSsePath());
        }

        /** Whether the address bound is one other machines can reach. */
        public boolean reachableFromNetwork() {
            return settings.network();
        }

        /** Whether a bearer token is required. */
        public boolean requiresToken() {
            return settings.guard().authenticates();
        }

        private List<URI> bases() {
            String scheme = settings.keystore() == null ? "http" : "https";
            List<String> hosts = new ArrayList<>();
            if (HostNames.isWildcard(settings.host())) {
                hosts.add(settings.host().contains(":") ? "[::1]" : "127.0.0.1");
                HostNames.machineAddresses().stream()
                        .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress())
                        .map(HostNames::literal)
                        .forEach(hosts::add);
            } else {
                hosts.add(
                        settings.host().contains(":") && !settings.host().startsWith("[")
                                ? "[" + settings.host() + "]"
                                : settings.host());
            }
            return hosts.stream()
                    .map(h -> URI.create(scheme + "://" + h + ":" + port() + "/"))
                    .toList();
        }

        /** Stateful sessions open now. */
        public int openSessions() {
            return endpoint.openSessions();
        }

        /** SSE streams open now. */
        public int openStreams() {
            return endpoint.openStreams();
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
            endpoint.close();
            onClose.run();
            stopQuietly(jetty);
        }
    }
}
