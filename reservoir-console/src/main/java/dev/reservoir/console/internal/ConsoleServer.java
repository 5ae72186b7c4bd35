package dev.reservoir.console.internal;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The console's HTTP server: Jetty on 127.0.0.1, handlers on virtual threads, every request through
 * the {@link Gate}, then the page's files or the API. Owns the link to the MCP server.
 */
public final class ConsoleServer {

    /** Every response forbids what the page never needs: other origins, inline script, framing. */
    private static final String POLICY =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
                    + " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

    /** Connects to the server, then listens. */
    public static ConsoleServer start(Settings settings) throws IOException {
        EventHub events = new EventHub();
        Link link = new Link(settings, events);
        ResourceIndex index = new ResourceIndex(cursor -> link.call(c -> c.listResources(cursor)));
        CollectionPages collections =
                new CollectionPages((uri, cursor) -> link.call(c -> c.listChildren(uri, cursor)), index);
        Watches watches = new Watches(link, events, () -> {
            index.reset();
            collections.reset();
        });
        link.onConnected(client -> {
            if (client != null) {
                index.reset();
                collections.reset();
                watches.connected(client);
            }
        });
        link.start();
        Api api = new Api(link, index, collections, watches);

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
        jetty.setHandler(
                new ConsoleHandler(new Gate(settings.token(), connector::getLocalPort), api, events, link, watches));
        try {
            jetty.start();
        } catch (Exception e) {
            link.close();
            try {
                jetty.stop();
            } catch (Exception ignored) {
                // already failing
            }
            if (e instanceof BindException bind) {
                throw new BindException("cannot listen on 127.0.0.1:" + settings.port() + ": " + bind.getMessage());
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

    /** Routes a request: the gate, then "/" with the token, the API, the events, the page's files. */
    private static final class ConsoleHandler extends Handler.Abstract {
        private final Gate gate;
        private final Api api;
        private final EventHub events;
        private final Link link;
        private final Watches watches;
        private final Assets assets = new Assets();

        ConsoleHandler(Gate gate, Api api, EventHub events, Link link, Watches watches) {
            this.gate = gate;
            this.api = api;
            this.events = events;
            this.link = link;
            this.watches = watches;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Exchange ex = new Exchange(request, response, callback);
            var headers = response.getHeaders();
            headers.put("Content-Security-Policy", POLICY);
            headers.put("X-Content-Type-Options", "nosniff");
            headers.put("Referrer-Policy", "no-referrer");
            headers.put("X-Frame-Options", "DENY");
            headers.put("Cross-Origin-Opener-Policy", "same-origin");
            headers.put("Cross-Origin-Resource-Policy", "same-origin");
            headers.put(HttpHeader.CACHE_CONTROL, "no-store");
            Gate current = gate;
            Gate.Refusal refusal = current.checkPlace(request);
            if (refusal != null) {
                ex.error(refusal.status(), refusal.message());
                return true;
            }
            String path = Request.getPathInContext(request);
            if (path.equals("/") && current.tokenInQuery(request)) {
                // Trade the token in the address for a cookie, and take it out of the address bar.
                Response.addCookie(response, current.sessionCookie());
                response.setStatus(303);
                headers.put(HttpHeader.LOCATION, "/");
                response.write(true, null, callback);
                return true;
            }
            if (!current.admits(request)) {
                ex.error(401, "open the address the console printed (it carries the console's token)");
                return true;
            }
            if (path.equals("/api/events") && request.getMethod().equals("GET")) {
                var status = link.status();
                status.set("watches", watches.state());
                EventStream.serve(ex, events, status);
            } else if (path.startsWith("/api/")) {
                api.handle(path.substring("/api/".length()), ex);
            } else if (request.getMethod().equals("GET")) {
                Assets.Asset asset = assets.find(path);
                if (asset == null) {
                    ex.error(404, "no such file: " + path);
                } else {
                    ex.send(200, asset.contentType(), asset.bytes());
                }
            } else {
                ex.error(405, "only GET here");
            }
            return true;
        }
    }
}
