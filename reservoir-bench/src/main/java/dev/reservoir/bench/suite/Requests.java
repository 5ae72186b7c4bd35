package dev.reservoir.bench.suite;

import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON-RPC messages the suite sends, in the form each target's era wants. */
final class Requests {

    static final String STATEFUL = "2025-11-25";
    static final String STATELESS = "2026-07-28";
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + STATELESS
            + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private Requests() {}

    static String initialize(long id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + STATEFUL + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"reservoir-bench\",\"version\":\"1\"}}}";
    }

    static String initialized() {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    }

    static String request(Target target, long id, String method, String params) {
        String p = params == null ? "" : params;
        if (target.stateless()) {
            p = p.isEmpty() ? META : p + "," + META;
        }
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
                + (p.isEmpty() ? "" : ",\"params\":{" + p + "}") + "}";
    }

    static String read(Target target, long id, String uri) {
        return request(target, id, "resources/read", "\"uri\":\"" + uri + "\"");
    }

    static String list(Target target, long id, String cursor) {
        return request(target, id, "resources/list", cursor == null ? null : "\"cursor\":\"" + cursor + "\"");
    }

    static String subscribe(long id, String uri) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"" + uri
                + "\"}}";
    }

    static String listen(long id, String uri) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"subscriptions/listen\",\"params\":{" + META
                + ",\"notifications\":{\"resourceSubscriptions\":[\"" + uri + "\"]}}}";
    }

    /** The HTTP headers of a POST: the era's version header, the session, and 2026-07-28's Mcp-Method and Mcp-Name. */
    static Map<String, String> headers(Target target, String session, String method, String name) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("MCP-Protocol-Version", target.stateless() ? STATELESS : STATEFUL);
        if (session != null) {
            h.put("Mcp-Session-Id", session);
        }
        if (target.stateless()) {
            h.put("Mcp-Method", method);
            if (name != null) {
                h.put("Mcp-Name", name);
            }
        }
        return h;
    }

    /**
     * The id of a JSON-RPC message given as text, found without parsing the rest (cheap for the
     * driver): near the start where most servers put it, else the last top-level-looking one (the
     * Node SDK writes it after the result).
     */
    static long id(CharSequence message) {
        String s = message.toString();
        int at = s.indexOf("\"id\":");
        if (at < 0 || at > 40) {
            at = s.lastIndexOf("\"id\":");
        }
        if (at < 0) {
            return -1;
        }
        int i = at + 5;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '"')) {
            i++;
        }
        long value = 0;
        boolean digits = false;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            value = value * 10 + (s.charAt(i++) - '0');
            digits = true;
        }
        return digits ? value : -1;
    }
}
