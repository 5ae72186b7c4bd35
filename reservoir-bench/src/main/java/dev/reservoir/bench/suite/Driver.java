package dev.reservoir.bench.suite;

import java.io.IOException;
import java.util.Map;

/**
 * Talks to one target over its transport: the handshake (session era), and one request at a time
 * per channel. Stdio targets share one process channel; HTTP targets get one connection per channel.
 */
final class Driver {

    private static final java.util.concurrent.atomic.AtomicLong IDS = new java.util.concurrent.atomic.AtomicLong(100);

    private Driver() {}

    /** A channel that answers a request with the response's text. */
    interface Channel extends AutoCloseable {
        String call(String method, String name, String paramsOrNull) throws Exception;

        /**
         * Whether a call blocks its thread in a read that is not a socket's (a pipe's): the caller
         * then gives it a platform thread, as a virtual thread blocked there holds its carrier.
         */
        default boolean blocksItsThread() {
            return false;
        }

        @Override
        default void close() {}
    }

    /**
     * A session id for a 2025-11-25 floor, as long as Reservoir's (24 random bytes in base64url): a
     * floor has no sessions, but it is sent the same requests as the servers it is compared with,
     * Mcp-Session-Id included.
     */
    static final String FLOOR_SESSION = "F".repeat(32);

    /**
     * Opens the stateful session of an HTTP target (initialize, then initialized); null for a
     * stateless one, {@link #FLOOR_SESSION} for a 2025-11-25 floor.
     */
    static String openSession(Target target, int port) throws IOException {
        if (target.stateless()) {
            return null;
        }
        if (target.floor()) {
            return FLOOR_SESSION;
        }
        try (HttpConn c = new HttpConn(port, "/mcp")) {
            HttpConn.Answer init = c.post(Map.of("MCP-Protocol-Version", Requests.STATEFUL), Requests.initialize(1));
            String message = init.message();
            String session = init.header("mcp-session-id");
            if (init.status() != 200 || !message.contains("\"result\"")) {
                throw new IOException("initialize failed (" + init.status() + "): " + message);
            }
            var headers = Requests.headers(target, session, "notifications/initialized", null);
            c.post(headers, Requests.initialized()).body().readAllBytes();
            return session;
        }
    }

    /**
     * A channel on its own HTTP connection, opened at its first call (a connection opened long
     * before its first request is one a server may answer 408 and close: Reservoir does after 20
     * s). A call that finds the connection closed after it sat idle for a second or more (read-hot
     * measures targets in turn, and a server closes keep-alive connections idle for its timeout)
     * goes again once on a new connection, as an HTTP client does with an idempotent request.
     */
    static Channel http(Target target, int port, String session) {
        return new Channel() {
            private HttpConn conn;
            private long lastUsed;

            @Override
            public String call(String method, String name, String params) throws Exception {
                long id = IDS.incrementAndGet(); // unique across a session's connections, as JSON-RPC asks
                String body = Requests.request(target, id, method, params);
                Map<String, String> headers = Requests.headers(target, session, method, name);
                boolean idle = conn != null && System.nanoTime() - lastUsed > 1_000_000_000L;
                if (conn == null) {
                    conn = new HttpConn(port, "/mcp");
                }
                HttpConn.Answer answer;
                try {
                    answer = conn.post(headers, body);
                } catch (IOException closed) {
                    if (!idle) {
                        throw closed;
                    }
                    conn.close();
                    conn = new HttpConn(port, "/mcp");
                    answer = conn.post(headers, body);
                }
                lastUsed = System.nanoTime();
                String message = answer.message();
                if (answer.status() != 200) {
                    throw new IOException(method + " answered " + answer.status() + ": " + message);
                }
                return message;
            }

            @Override
            public void close() {
                if (conn != null) {
                    conn.close();
                }
            }
        };
    }

    /**
     * The only channel over a stdio client: each call sends and reads its answer on the caller's
     * thread ({@link StdioClient#exchange}), as a one-threaded host does with one request in flight.
     */
    static Channel stdioAlone(Target target, StdioClient client) {
        return new Channel() {
            @Override
            public String call(String method, String name, String params) throws Exception {
                long id = client.nextId();
                return client.exchange(id, Requests.request(target, id, method, params));
            }

            @Override
            public boolean blocksItsThread() {
                return true;
            }
        };
    }

    /** A channel over a stdio client (calls from many threads go in flight together). */
    static Channel stdio(Target target, StdioClient client) {
        return (method, name, params) -> {
            long id = client.nextId();
            return client.call(id, Requests.request(target, id, method, params));
        };
    }
}
