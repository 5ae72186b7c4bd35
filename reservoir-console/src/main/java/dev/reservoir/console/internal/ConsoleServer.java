package dev.reservoir.console.internal;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The console's HTTP server: Jetty on 127.0.0.1 with handlers on virtual threads, in front of the
 * one link to the MCP server and what the page asks of it. Thread-safe.
 */
public final class ConsoleServer {

    private final Server jetty;
    private final int port;
    private final String token;
    private final Link link;
    private final CountDownLatch stopped = new CountDownLatch(1);

    private ConsoleServer(Server jetty, int port, String token, Link link) {
        this.jetty = jetty;
        this.port = port;
        this.token = token;
        this.link = link;
    }

    /** Connects to the server (failing if it cannot be reached), then listens. */
    public static ConsoleServer start(Settings settings) throws IOException {
        EventHub events = new EventHub();
        Link link = new Link(settings, events);
        ResourceIndex index = new ResourceIndex(cursor -> link.call(c -> c.listResources(cursor)));
        CollectionPages collections =
                new CollectionPages((uri, cursor) -> link.call(c -> c.listChildren(uri, cursor)), index);
        Runnable forget = () -> {
            index.reset();
            collections.reset();
        };
        Watches watches = new Watches(link, events, forget);
        link.onConnected(client -> {
            forget.run(); // a new connection may be a new server: what was listed is looked at again
            watches.connected(client);
        });
        link.start();
        try {
            Api api = new Api(link, index, collections, watches);
            return listen(settings, new ConsoleHandler(settings.token(), api, events, link, watches), link);
        } catch (IOException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    private static ConsoleServer listen(Settings settings, ConsoleHandler handler, Link link) throws IOException {
        QueuedThreadPool pool = new QueuedThreadPool(8, 1);
        pool.setName("reservoir-console");
        pool.setVirtualThreadsExecutor(Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("console-", 0).factory()));
        Server jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendXPoweredBy(false);
        ServerConnector connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(settings.port());
        connector.setIdleTimeout(60_000);
        jetty.addConnector(connector);
        jetty.setStopTimeout(1000);
        handler.listeningOn(connector::getLocalPort);
        jetty.setHandler(handler);
        try {
            jetty.start();
        } catch (Exception e) {
            try {
                jetty.stop();
            } catch (Exception ignored) {
                // failing already
            }
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof BindException bind) {
                    BindException clear = new BindException(
                            "cannot listen on 127.0.0.1:" + settings.port() + ": " + bind.getMessage());
                    clear.initCause(e);
                    throw clear;
                }
            }
            throw new IOException("could not start the console: " + e.getMessage(), e);
        }
        return new ConsoleServer(jetty, connector.getLocalPort(), settings.token(), link);
    }

    public URI url() {
        return URI.create(base() + "?token=" + token);
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    public int port() {
        return port;
    }

    public boolean join(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            // stopping anyway
        }
        link.close();
        stopped.countDown();
    }
}
