package dev.reservoir.transport.http.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.ServerStatus;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.nio.charset.StandardCharsets;

/**
 * {@code /healthz} (the process is alive: 200 while it answers at all) and {@code /readyz} (it
 * takes requests: 200, with {@code "degraded"} and the reason when its notification bus is away
 * and its subscribers hear only of changes it detects itself; 503 while it drains to stop), as
 * small JSON documents naming the replica, for load balancers and orchestrators. They say nothing
 * a client could not learn by trying, so they need no token.
 */
final class Health {

    static final String LIVE = "/healthz";
    static final String READY = "/readyz";

    private final McpServer server;

    Health(McpServer server) {
        this.server = server;
    }

    static boolean handles(String path) {
        return path.equals(LIVE) || path.equals(READY);
    }

    void answer(HttpExchange exchange) {
        String path = exchange.path();
        String method = exchange.method();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            exchange.setHeader(Http.ALLOW, "GET, HEAD");
            Http.fail(exchange, 405, null, "Method not allowed: " + path + " answers GET");
            return;
        }
        ServerStatus status = server.status();
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        int code = 200;
        if (path.equals(LIVE)) {
            doc.put("status", "alive");
        } else {
            boolean draining = status.draining();
            code = draining ? 503 : 200;
            doc.put("status", draining ? "draining" : status.bus().connected() ? "ready" : "degraded");
        }
        doc.put("replica", status.replicaId());
        if (path.equals(READY)) {
            doc.putObject("bus")
                    .put("kind", status.bus().kind())
                    .put("connected", status.bus().connected())
                    .put("detail", status.bus().detail());
        }
        byte[] body = (doc.toString() + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.status(code);
        exchange.setHeader(Http.CONTENT_TYPE, Http.JSON);
        exchange.setHeader(Http.CACHE_CONTROL, "no-store");
        Http.body(exchange, body, !method.equals("HEAD"));
    }
}
