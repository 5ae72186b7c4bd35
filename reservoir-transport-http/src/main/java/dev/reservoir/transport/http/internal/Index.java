package dev.reservoir.transport.http.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.nio.charset.StandardCharsets;

/**
 * What a path other than the MCP endpoints answers: at {@code /}, a small JSON document that names
 * the endpoints (someone who opens the server's address in a browser, or points a client at it,
 * learns where to go); anywhere else, 404 with a JSON-RPC error that names them too. It says
 * nothing a client could not learn by trying, so it needs no token.
 */
final class Index {

    private final ObjectNode doc;
    private final String hint;
    /** The document's bytes, made when first asked for (Jackson's pretty printer costs a server's start a few ms). */
    private volatile byte[] body;

    Index(McpServer server, HttpSettings settings) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("name", server.serverInfo().name())
                .put("version", server.serverInfo().version());
        doc.put(
                "about",
                "An MCP server (Model Context Protocol). Point an MCP client at the Streamable HTTP endpoint.");
        ObjectNode endpoints = doc.putObject("endpoints");
        endpoints.put("streamableHttp", settings.endpoint());
        if (settings.httpSsePath() != null) {
            endpoints.put("sse", settings.httpSsePath());
        }
        this.doc = doc;
        this.hint = "the MCP endpoint is " + settings.endpoint()
                + (settings.httpSsePath() == null ? "" : " (2024-11-05 HTTP+SSE: " + settings.httpSsePath() + ")");
    }

    private byte[] body() {
        byte[] b = body;
        if (b == null) {
            // Two threads may both make it: the same bytes either way.
            b = (doc.toPrettyString() + "\n").getBytes(StandardCharsets.UTF_8);
            body = b;
        }
        return b;
    }

    void answer(HttpExchange exchange) {
        String path = exchange.path();
        String method = exchange.method();
        if (!path.equals("/")) {
            Http.fail(exchange, 404, null, "Not found: nothing is served at " + path + "; " + hint);
        } else if (!method.equals("GET") && !method.equals("HEAD")) {
            exchange.setHeader(Http.ALLOW, "GET, HEAD");
            Http.fail(exchange, 405, null, "Method not allowed: " + path + " answers GET; " + hint);
        } else {
            exchange.status(200);
            exchange.setHeader(Http.CONTENT_TYPE, Http.JSON);
            Http.body(exchange, body(), !method.equals("HEAD"));
        }
    }
}
