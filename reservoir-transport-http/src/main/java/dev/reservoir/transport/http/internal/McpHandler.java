package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.server.McpServer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where every HTTP request enters: routes by path and method, after the {@link Guard} checks
 * (Host, Origin, then the token; CORS preflights, the index at {@code /} and the health checks at
 * {@code /healthz} and {@code /readyz} need no token). Every
 * answer is a JSON-RPC error body or an empty body with the right status, never an HTML page. Runs
 * on a virtual thread per request, so handlers block.
 */
public final class McpHandler extends Handler.Abstract {

    private static final Logger log = LoggerFactory.getLogger(McpHandler.class);
    private static final String ALLOWED_HEADERS = String.join(
            ", ",
            "Content-Type",
            "Accept",
            "Authorization",
            Http.SESSION_ID,
            Http.PROTOCOL_VERSION,
            Http.METHOD,
            Http.NAME,
            Http.LAST_EVENT_ID);

    private final HttpSettings settings;
    private final Sessions sessions;
    private final StreamableEndpoint streamable;
    private final HttpSseEndpoint httpSse;
    private final SlowAnswers slow;

    private final Index index;
    private final Health health;

    /** @param hangups what notices at once that a client closed the connection under its stream */
    public McpHandler(McpServer server, HttpSettings settings, Hangups hangups) {
        this.settings = settings;
        this.sessions = new Sessions(settings.limits());
        this.slow = new SlowAnswers(settings.sseAfter());
        this.streamable = new StreamableEndpoint(server, settings, sessions, slow, hangups);
        this.httpSse = settings.httpSsePath() == null ? null : new HttpSseEndpoint(server, settings, sessions, hangups);
        this.index = new Index(server, settings);
        this.health = new Health(server);
    }

    /** Without a hang-up watcher (a host web server). */
    public McpHandler(McpServer server, HttpSettings settings) {
        this(server, settings, null);
    }

    /** Serves one exchange (being ported from the Jetty handler below). */
    public void handle(dev.reservoir.transport.http.exchange.HttpExchange exchange) {
        throw new UnsupportedOperationException("not yet ported");
    }

    /** Ends sessions that were idle too long; the transport calls it now and then. */
    public void expireSessions() {
        sessions.expire();
    }

    /** Switches answers that take long to SSE streams; the transport calls it every {@link #slowAnswerTick}. */
    public void switchSlowAnswers() {
        slow.tick();
    }

    /** How often {@link #switchSlowAnswers} should run. */
    public java.time.Duration slowAnswerTick() {
        return slow.tickInterval();
    }

    /** Ends every session and HTTP+SSE connection (the transport stops). */
    public void closeAll() {
        sessions.closeAll();
        if (httpSse != null) {
            httpSse.closeAll();
        }
    }

    /** Open sessions (for tests and metrics). */
    public int sessionCount() {
        return sessions.count();
    }

    /** Open SSE streams (for tests and metrics). */
    public int streamCount() {
        return sessions.openStreams();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String origin = Requests.header(request, HttpHeader.ORIGIN.asString());
        Guard.Verdict.Refused refused = settings.guard()
                .checkPlace(
                        Requests.header(request, HttpHeader.HOST.asString()),
                        origin,
                        request.getConnectionMetaData().isSecure());
        if (refused != null) {
            refuse(response, callback, refused);
            return true;
        }
        if (origin != null) {
            cors(response, origin);
        }
        Route route = route(Request.getPathInContext(request));
        String method = request.getMethod();
        if (route == null && Health.handles(Request.getPathInContext(request))) {
            health.answer(request, response, callback);
            return true;
        }
        if (route == null) {
            index.answer(request, response, callback);
            return true;
        }
        if (method.equals("OPTIONS")) {
            preflight(response, callback, route);
            return true;
        }
        Guard.Verdict verdict =
                settings.guard().authenticate(Requests.header(request, HttpHeader.AUTHORIZATION.asString()));
        if (verdict instanceof Guard.Verdict.Refused no) {
            refuse(response, callback, no);
            return true;
        }
        String principal = ((Guard.Verdict.Allowed) verdict).principal();
        Caller caller = new Caller(principal, ClientIdentity.of(request, principal));
        try {
            dispatch(route, method, request, response, callback, caller);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            callback.failed(e);
        } catch (Exception | Error e) {
            log.error("{} {} failed", method, Request.getPathInContext(request), e);
            if (!response.isCommitted()) {
                Http.error(response, callback, 500, null, JsonRpcError.internalError());
            } else {
                callback.failed(e);
            }
        }
        return true;
    }

    private void dispatch(
            Route route, String method, Request request, Response response, Callback callback, Caller caller)
            throws Exception {
        switch (route) {
            case MCP -> {
                switch (method) {
                    case "POST" -> streamable.post(request, response, callback, caller);
                    case "GET" -> streamable.get(request, response, callback, caller);
                    case "DELETE" -> streamable.delete(request, response, callback, caller);
                    default -> notAllowed(response, callback, "GET, POST, DELETE, OPTIONS");
                }
            }
            case HTTP_SSE_STREAM -> {
                if (method.equals("GET")) {
                    httpSse.open(request, response, callback, caller);
                } else {
                    notAllowed(response, callback, "GET, OPTIONS");
                }
            }
            case HTTP_SSE_MESSAGE -> {
                if (method.equals("POST")) {
                    httpSse.post(request, response, callback, caller);
                } else {
                    notAllowed(response, callback, "POST, OPTIONS");
                }
            }
        }
    }

    private enum Route {
        MCP,
        HTTP_SSE_STREAM,
        HTTP_SSE_MESSAGE
    }

    private Route route(String path) {
        if (path.equals(settings.endpoint())) {
            return Route.MCP;
        }
        if (httpSse != null && path.equals(settings.httpSsePath())) {
            return Route.HTTP_SSE_STREAM;
        }
        if (httpSse != null && path.equals(settings.httpSseMessagePath())) {
            return Route.HTTP_SSE_MESSAGE;
        }
        return null;
    }

    private static void refuse(Response response, Callback callback, Guard.Verdict.Refused refused) {
        if (refused.wwwAuthenticate() != null) {
            response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, refused.wwwAuthenticate());
        }
        Http.error(response, callback, refused.status(), null, JsonRpcError.invalidRequest(refused.message()));
    }

    /** Browsers may call an allowed origin's server; they see our headers and the session id. */
    private static void cors(Response response, String origin) {
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        response.getHeaders().add(HttpHeader.VARY, "Origin");
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_EXPOSE_HEADERS, Http.SESSION_ID + ", WWW-Authenticate");
    }

    private static void preflight(Response response, Callback callback, Route route) {
        String methods =
                switch (route) {
                    case MCP -> "GET, POST, DELETE";
                    case HTTP_SSE_STREAM -> "GET";
                    case HTTP_SSE_MESSAGE -> "POST";
                };
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_ALLOW_METHODS, methods);
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS);
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_MAX_AGE, "600");
        Http.empty(response, callback, 204);
    }

    private static void notAllowed(Response response, Callback callback, String allow) {
        response.getHeaders().put(HttpHeader.ALLOW, allow);
        Http.fail(response, callback, 405, null, "Method not allowed: use " + allow);
    }
}
