package dev.reservoir.client.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.reservoir.testkit.Eventually;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/** An HTTP server answering from a script (JDK's com.sun.net.httpserver), recording every request. */
public final class FakeHttpServer implements AutoCloseable {

    /** One request as received; {@code client} is the client's end of the connection it came on. */
    public record Seen(String method, String path, Headers headers, String body, InetSocketAddress client) {
        public JsonNode json() {
            try {
                return ScriptedServer.JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public String header(String name) {
            return headers.getFirst(name);
        }

        public String rpcMethod() {
            return body.isEmpty() ? "" : json().path("method").asText("");
        }
    }

    /** Answers one request. */
    @FunctionalInterface
    public interface Script {
        void answer(Seen request, HttpExchange exchange) throws IOException;
    }

    static {
        // Servers send small writes at once (Node's does, so do ours): without it the JDK's server
        // holds a stream's last chunk until the client's delayed ACK, some 40 ms.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    public FakeHttpServer(Script script) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Seen request = new Seen(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders(),
                    body,
                    exchange.getRemoteAddress());
            seen.add(request);
            try {
                script.answer(request, exchange);
            } catch (IOException e) {
                // The client closed the connection.
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    public Seen await(Predicate<Seen> which, Duration timeout) {
        List<Seen> all =
                Eventually.await("such a request; the requests", timeout, this::seen, requests -> requests.stream()
                        .anyMatch(which));
        return all.stream().filter(which).findFirst().orElseThrow();
    }

    /** Answers with a JSON body. */
    public static void json(HttpExchange exchange, int status, String body, Map<String, String> headers)
            throws IOException {
        headers.forEach(exchange.getResponseHeaders()::add);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    /** Starts an SSE answer; write events to the returned stream. */
    public static OutputStream sse(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        return exchange.getResponseBody();
    }

    public static void event(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The JSON-RPC result for a request seen. */
    public static String result(Seen request, String resultJson) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + request.json().get("id") + ",\"result\":" + resultJson + "}";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
