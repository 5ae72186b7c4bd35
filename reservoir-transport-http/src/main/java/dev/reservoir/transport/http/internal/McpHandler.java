package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.exchange.HttpExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where every HTTP request enters: routes by path and method, after the {@link Guard} checks
 * (Host, Origin, then the token; CORS preflights, the index at {@code /} and the health checks at
 * {@code /healthz} and {@code /readyz} need no token). Every
 * answer is a JSON-RPC error body or an empty body with the right status, never an HTML page.
 * Handlers block, so they run on a thread that may; called on one that must not (the web server's
 * I/O thread, {@link HttpExchange#mayBlock}), it serves there only a POST to the MCP endpoint that
 * the engine answers at once (a read from memory), and continues anything else on a virtual
 * thread ({@link #later}). Knows no web server: each request is an {@link HttpExchange}.
 */
public final class McpHandler {

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

    public McpHandler(McpServer server, HttpSettings settings) {
        this.settings = settings;
        this.sessions = new Sessions(settings.limits());
        this.slow = new SlowAnswers(settings.sseAfter());
        this.streamable = new StreamableEndpoint(server, settings, sessions, slow, this::later);
        this.httpSse = settings.httpSsePath() == null ? null : new HttpSseEndpoint(server, settings, sessions);
        this.index = new Index(server, settings);
        this.health = new Health(server);
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
        streamable.closeAll();
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

    /** Serves one exchange; never throws (a failure is answered 500, or drops a response begun). */
    public void handle(HttpExchange exchange) {
        if (!exchange.mayBlock()
                && !(exchange.method().equals("POST") && exchange.path().equals(settings.endpoint()))) {
            // On the web server's I/O thread only a POST to the MCP endpoint may be answered at once.
            later(exchange, this::route);
            return;
        }
        run(exchange, this::route);
    }

    /** What is left of serving an exchange. */
    interface Step {
        void run(HttpExchange exchange) throws Exception;
    }

    /** Continues an exchange on a virtual thread: its thread must not block, and the rest may. */
    void later(HttpExchange exchange, Step step) {
        Thread.ofVirtual().name("http-later").start(() -> run(exchange, step));
    }

    private void run(HttpExchange exchange, Step step) {
        try {
            step.run(exchange);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.fail(e);
        } catch (Exception | Error e) {
            log.error("{} {} failed", exchange.method(), exchange.path(), e);
            if (!exchange.committed()) {
                Http.error(exchange, 500, null, JsonRpcError.internalError());
            } else {
                exchange.fail(e);
            }
        }
    }

    private void route(HttpExchange exchange) throws Exception {
        String origin = exchange.header("Origin");
        Guard.Verdict.Refused refused = settings.guard().checkPlace(exchange.header("Host"), origin, exchange.secure());
        if (refused != null) {
            refuse(exchange, refused);
            return;
        }
        if (origin != null) {
            cors(exchange, origin);
        }
        String path = exchange.path();
        Route route = route(path);
        if (route == null && Health.handles(path)) {
            health.answer(exchange);
            return;
        }
        if (route == null) {
            index.answer(exchange);
            return;
        }
        String method = exchange.method();
        if (method.equals("OPTIONS")) {
            preflight(exchange, route);
            return;
        }
        Guard.Verdict verdict = settings.guard().authenticate(exchange.header("Authorization"));
        if (verdict instanceof Guard.Verdict.Refused no) {
            refuse(exchange, no);
            return;
        }
        String principal = ((Guard.Verdict.Allowed) verdict).principal();
        dispatch(route, method, exchange, new Caller(principal, ClientIdentity.of(exchange, principal)));
    }

    private void dispatch(Route route, String method, HttpExchange exchange, Caller caller) throws Exception {
        switch (route) {
            case MCP -> {
                switch (method) {
                    case "POST" -> streamable.post(exchange, caller);
                    case "GET" -> streamable.get(exchange, caller);
                    case "DELETE" -> streamable.delete(exchange, caller);
                    default -> notAllowed(exchange, "GET, POST, DELETE, OPTIONS");
                }
            }
            case HTTP_SSE_STREAM -> {
                if (method.equals("GET")) {
                    httpSse.open(exchange, caller);
                } else {
                    notAllowed(exchange, "GET, OPTIONS");
                }
            }
            case HTTP_SSE_MESSAGE -> {
                if (method.equals("POST")) {
                    httpSse.post(exchange, caller);
                } else {
                    notAllowed(exchange, "POST, OPTIONS");
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

    private static void refuse(HttpExchange exchange, Guard.Verdict.Refused refused) {
        if (refused.wwwAuthenticate() != null) {
            exchange.setHeader("WWW-Authenticate", refused.wwwAuthenticate());
        }
        Http.error(exchange, refused.status(), null, JsonRpcError.invalidRequest(refused.message()));
    }

    /** Browsers may call an allowed origin's server; they see our headers and the session id. */
    private static void cors(HttpExchange exchange, String origin) {
        exchange.setHeader("Access-Control-Allow-Origin", origin);
        exchange.addHeader("Vary", "Origin");
        exchange.setHeader("Access-Control-Expose-Headers", Http.SESSION_ID + ", WWW-Authenticate");
    }

    private static void preflight(HttpExchange exchange, Route route) {
        String methods =
                switch (route) {
                    case MCP -> "GET, POST, DELETE";
                    case HTTP_SSE_STREAM -> "GET";
                    case HTTP_SSE_MESSAGE -> "POST";
                };
        exchange.setHeader("Access-Control-Allow-Methods", methods);
        exchange.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS);
        exchange.setHeader("Access-Control-Max-Age", "600");
        Http.empty(exchange, 204);
    }

    private static void notAllowed(HttpExchange exchange, String allow) {
        exchange.setHeader(Http.ALLOW, allow);
        Http.fail(exchange, 405, null, "Method not allowed: use " + allow);
    }
}
