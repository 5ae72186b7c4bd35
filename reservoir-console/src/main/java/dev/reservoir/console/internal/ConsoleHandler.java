package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.IntSupplier;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Every request to the console: the {@link Gate} first, then the event stream and the API (which
 * need the token), or the page's files (code from the jar, no data: they need only the right
 * place). Blocking; runs on virtual threads.
 */
final class ConsoleHandler extends Handler.Abstract {

    /** What the page never needs is forbidden: other origins, inline script, plugins, framing. */
    private static final String POLICY =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
                    + " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private final String token;
    private final Api api;
    private final EventHub events;
    private final Link link;
    private final Watches watches;
    private final Assets assets = new Assets();
    private volatile Gate gate;

    ConsoleHandler(String token, Api api, EventHub events, Link link, Watches watches) {
        this.token = token;
        this.api = api;
        this.events = events;
        this.link = link;
        this.watches = watches;
    }

    /** The port the gate admits requests for (known once Jetty listens). */
    void listeningOn(IntSupplier port) {
        this.gate = new Gate(token, port);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Exchange ex = new Exchange(request, response, callback);
        secure(response.getHeaders());
        Gate.Refusal refusal = gate.checkPlace(request);
        if (refusal != null) {
            ex.error(refusal.status(), refusal.message());
            return true;
        }
        String path = Request.getPathInContext(request);
        boolean events = path.equals("/api/events");
        if (path.startsWith("/api/") && !gate.admits(request, events)) {
            ex.error(401, "open the address the console printed (it carries the console's token)");
        } else {
            route(path, ex);
        }
        return true;
    }

    private static void secure(HttpFields.Mutable headers) {
        headers.put("Content-Security-Policy", POLICY);
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
        headers.put("X-Frame-Options", "DENY");
        headers.put("Cross-Origin-Opener-Policy", "same-origin");
        headers.put("Cross-Origin-Resource-Policy", "same-origin");
        headers.put(HttpHeader.CACHE_CONTROL, "no-store");
    }

    private void route(String path, Exchange ex) {
        boolean get = ex.method().equals("GET");
        if (path.equals("/api/events") && get) {
            ObjectNode status = link.status();
            status.set("watches", watches.state());
            EventStream.serve(ex, events, status);
        } else if (path.startsWith("/api/")) {
            api.handle(path.substring("/api/".length()), ex);
        } else if (!get) {
            ex.error(405, "only GET here");
        } else {
            Assets.Asset asset = assets.find(path);
            if (asset == null) {
                ex.error(404, "no such file: " + path);
            } else {
                ex.send(200, asset.contentType(), asset.bytes());
            }
        }
    }
}
