package dev.reservoir.client;

import static dev.reservoir.client.support.FakeHttpServer.event;
import static dev.reservoir.client.support.FakeHttpServer.json;
import static dev.reservoir.client.support.FakeHttpServer.result;
import static dev.reservoir.client.support.FakeHttpServer.sse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.support.FakeHttpServer;
import dev.reservoir.client.support.FakeHttpServer.Seen;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The HTTP client ends against scripted HTTP servers: headers, era fallback, SSE answers, resumption, HTTP+SSE. */
@Timeout(30)
class HttpTransportIT {

    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final String DISCOVER = "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"resources\":"
            + "{\"subscribe\":true}},\"resultType\":\"complete\",\"ttlMs\":0,\"cacheScope\":\"public\"}";
    private static final String INITIALIZED = "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"resources\":"
            + "{\"subscribe\":true,\"listChanged\":true}},\"serverInfo\":{\"name\":\"fake\",\"version\":\"1\"}}";

    @Test
    void statelessRequestsMirrorMethodNameAndVersionIntoHeaders() throws Exception {
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
                    switch (req.rpcMethod()) {
                        case "server/discover" -> json(ex, 200, result(req, DISCOVER), Map.of());
                        case "resources/read" -> {
                            OutputStream out = sse(ex);
                            event(out, ": keep-alive\n\n");
                            event(
                                    out,
                                    "data: "
                                            + result(
                                                    req,
                                                    "{\"contents\":[{\"uri\":"
                                                            + req.json()
                                                                    .path("params")
                                                                    .get("uri") + ",\"text\":\"streamed\"}]}")
                                            + "\n\n");
                        }
                        default -> json(ex, 404, "", Map.of());
                    }
                });
                McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2026_07_28);
            assertThat(client.server().transport()).isEqualTo(TransportKind.STREAMABLE_HTTP);
            assertThat(client.read("file:///a.txt").text()).isEqualTo("streamed");
            assertThat(client.read("file:///caf%C3%A9/\u00e9t\u00e9.txt").text())
                    .isEqualTo("streamed");
            Seen plain = server.await(s -> s.body().contains("a.txt"), WAIT);
            assertThat(plain.header("MCP-Protocol-Version")).isEqualTo("2026-07-28");
            assertThat(plain.header("Mcp-Method")).isEqualTo("resources/read");
            assertThat(plain.header("Mcp-Name")).isEqualTo("file:///a.txt");
            assertThat(plain.header("Accept")).contains("application/json").contains("text/event-stream");
            assertThat(plain.header("Mcp-Session-Id")).isNull();
            Seen encoded = server.await(s -> s.body().contains("t\u00e9"), WAIT);
            assertThat(encoded.header("Mcp-Name"))
                    .isEqualTo("=?base64?"
                            + Base64.getEncoder()
                                    .encodeToString(
                                            "file:///caf%C3%A9/\u00e9t\u00e9.txt".getBytes(StandardCharsets.UTF_8))
                            + "?=");
            assertThat(server.await(s -> s.rpcMethod().equals("server/discover"), WAIT)
                            .header("Mcp-Method"))
                    .isEqualTo("server/discover");
        }
    }

    /** A handshake-era server: 400 to anything without a session, a session from initialize, a GET stream. */
    private static final class SessionEraServer implements FakeHttpServer.Script {
        final CountDownLatch getOpen = new CountDownLatch(1);
        volatile OutputStream getStream;

        @Override
        public void answer(Seen req, HttpExchange ex) throws IOException {
            String session = req.header("Mcp-Session-Id");
            switch (req.method()) {
                case "DELETE" -> json(ex, 200, "", Map.of());
                case "GET" -> {
                    getStream = sse(ex);
                    getOpen.countDown();
                    try {
                        Thread.sleep(20_000); // held open until the client leaves
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                default -> {
                    if (req.rpcMethod().equals("initialize")) {
                        json(ex, 200, result(req, INITIALIZED), Map.of("Mcp-Session-Id", "s-123"));
                    } else if (session == null) {
                        json(
                                ex,
                                400,
                                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,"
                                        + "\"message\":\"Bad Request: No valid session ID provided\"}}",
                                Map.of());
                    } else if (!req.json().has("id")) {
                        json(ex, 202, "", Map.of());
                    } else if (req.rpcMethod().equals("resources/subscribe")) {
                        json(ex, 200, result(req, "{}"), Map.of());
                    } else {
                        json(ex, 200, result(req, "{\"resources\":[]}"), Map.of());
                    }
                }
            }
        }
    }

    @Test
    void aHandshakeEraServerGetsInitializeThenSessionHeadersAndAGetStream() throws Exception {
        SessionEraServer script = new SessionEraServer();
        try (FakeHttpServer server = new FakeHttpServer(script)) {
            try (McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
                assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2025_11_25);
                assertThat(client.listResources(null).resources()).isEmpty();
                Seen list = server.await(s -> s.rpcMethod().equals("resources/list"), WAIT);
                assertThat(list.header("Mcp-Session-Id")).isEqualTo("s-123");
                assertThat(list.header("MCP-Protocol-Version")).isEqualTo("2025-11-25");
                Seen initialized = server.await(s -> s.rpcMethod().equals("notifications/initialized"), WAIT);
                assertThat(initialized.header("Mcp-Session-Id")).isEqualTo("s-123");

                assertThat(script.getOpen.await(5, TimeUnit.SECONDS))
                        .as("the GET stream")
                        .isTrue();
                Recorder recorder = new Recorder();
                try (Subscription sub = client.subscribe("x://watched", recorder)) {
                    event(
                            script.getStream,
                            "id: g-1\ndata: {\"jsonrpc\":\"2.0\",\"method\":"
                                    + "\"notifications/resources/updated\",\"params\":{\"uri\":\"x://watched\"}}\n\n");
                    assertThat(recorder.next(WAIT)).isEqualTo("updated x://watched");
                }
            }
            Seen delete = server.await(s -> s.method().equals("DELETE"), WAIT);
            assertThat(delete.header("Mcp-Session-Id")).isEqualTo("s-123");
        }
    }

    @Test
    void theEraOfAnOriginIsRememberedSoTheNextConnectionSkipsTheProbe() throws Exception {
        try (FakeHttpServer server = new FakeHttpServer(new SessionEraServer())) {
            for (int i = 0; i < 2; i++) {
                try (McpClient client =
                        McpClient.builder().http(server.uri("/mcp")).connect()) {
                    assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2025_11_25);
                }
            }
            assertThat(server.seen().stream().filter(s -> s.rpcMethod().equals("server/discover")))
                    .hasSize(1);
            assertThat(server.seen().stream().filter(s -> s.rpcMethod().equals("initialize")))
                    .hasSize(2);
        }
    }

    @Test
    void aBrokenStreamIsResumedWithLastEventId() throws Exception {
        AtomicInteger gets = new AtomicInteger();
        Seen[] read = new Seen[1];
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
                    switch (req.method()) {
                        case "GET" -> {
                            if (req.header("Last-Event-ID") == null) {
                                json(ex, 405, "", Map.of());
                                return;
                            }
                            gets.incrementAndGet();
                            OutputStream out = sse(ex);
                            event(
                                    out,
                                    "id: r-2\ndata: "
                                            + result(
                                                    read[0],
                                                    "{\"contents\":[{\"uri\":\"x://slow\",\"text\":\"resumed\"}]}")
                                            + "\n\n");
                        }
                        case "DELETE" -> json(ex, 405, "", Map.of());
                        default -> {
                            switch (req.rpcMethod()) {
                                case "server/discover" -> json(ex, 404, "Not Found", Map.of());
                                case "initialize" ->
                                    json(ex, 200, result(req, INITIALIZED), Map.of("Mcp-Session-Id", "s"));
                                case "resources/read" -> {
                                    read[0] = req;
                                    OutputStream out = sse(ex);
                                    event(out, "id: r-1\nretry: 50\ndata:\n\n"); // priming, then the connection drops
                                }
                                default -> json(ex, 202, "", Map.of());
                            }
                        }
                    }
                });
                McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
            assertThat(client.read("x://slow").text()).isEqualTo("resumed");
            Seen resume = server.await(s -> "r-1".equals(s.header("Last-Event-ID")), WAIT);
            assertThat(resume.method()).isEqualTo("GET");
            assertThat(resume.header("Mcp-Session-Id")).isEqualTo("s");
            assertThat(gets.get()).isEqualTo(1);
        }
    }

    /**
     * A server that ends an answer's SSE stream a moment after the answer (as the TypeScript SDK's
     * does): the client reads the stream to its end, so the connection goes back to the pool and
     * carries the next call. Closing the stream at the answer instead closed the connection, one per
     * call, and when the end had already come it closed a pooled connection under the next request.
     */
    @Test
    void anAnsweredStreamIsReadToItsEndSoItsConnectionCarriesTheNextCall() throws Exception {
        Semaphore ended = new Semaphore(0);
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
                    OutputStream out = discoveredOrAnswered(req, ex);
                    if (out == null) {
                        return;
                    }
                    try {
                        Thread.sleep(5); // the end of the stream comes after the answer, in its own packet
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    out.close();
                    ended.release();
                });
                McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
            for (int i = 0; i < 20; i++) {
                assertThat(client.read("x://a").text()).isEqualTo("a");
                assertThat(ended.tryAcquire(5, TimeUnit.SECONDS)).isTrue();
                Thread.sleep(10); // the end reaches the client: the next read finds the connection free
            }
            assertThat(server.seen().stream()
                            .filter(s -> s.rpcMethod().equals("resources/read"))
                            .map(s -> s.client().getPort())
                            .distinct()
                            .count())
                    .as("connections that carried 20 reads one after another")
                    .isLessThanOrEqualTo(2);
        }
    }

    /** A server may hold an answered stream open: the call is answered at once and the client closes the stream. */
    @Test
    void anAnsweredStreamHeldOpenIsClosedByTheClient() throws Exception {
        CountDownLatch disconnected = new CountDownLatch(1);
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
                    OutputStream out = discoveredOrAnswered(req, ex);
                    if (out == null) {
                        return;
                    }
                    try {
                        for (int i = 0; i < 400; i++) {
                            Thread.sleep(50);
                            event(out, ": still here\n\n"); // held open for 20 s unless the client leaves
                        }
                    } catch (IOException e) {
                        disconnected.countDown();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
            assertThat(client.read("x://a").text()).isEqualTo("a");
            assertThat(disconnected.await(10, TimeUnit.SECONDS))
                    .as("the server saw the client close the answered stream")
                    .isTrue();
            assertThat(client.read("x://a").text()).isEqualTo("a");
        }
    }

    /**
     * Answers {@code server/discover} in JSON (null back), or any other call with an SSE stream whose
     * first event is a read of {@code x://a}: the stream, still open, back to the script.
     */
    private static OutputStream discoveredOrAnswered(Seen req, HttpExchange ex) throws IOException {
        if (req.rpcMethod().equals("server/discover")) {
            json(ex, 200, result(req, DISCOVER), Map.of());
            return null;
        }
        OutputStream out = sse(ex);
        event(out, "data: " + result(req, "{\"contents\":[{\"uri\":\"x://a\",\"text\":\"a\"}]}") + "\n\n");
        return out;
    }

    @Test
    void inTheStatelessEraGivingUpClosesTheStreamAndSendsNoNotification() throws Exception {
        CountDownLatch disconnected = new CountDownLatch(1);
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
                    if (req.rpcMethod().equals("server/discover")) {
                        json(ex, 200, result(req, DISCOVER), Map.of());
                        return;
                    }
                    OutputStream out = sse(ex);
                    try {
                        for (int i = 0; i < 200; i++) {
                            event(out, ": still working\n\n");
                            Thread.sleep(50); // a slow answer: a comment now and then until the client leaves
                        }
                    } catch (IOException e) {
                        disconnected.countDown(); // the client closed the stream
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
            assertThatThrownBy(() -> client.withTimeout(Duration.ofMillis(300)).read("x://slow"))
                    .isInstanceOf(McpTimeoutException.class);
            assertThat(disconnected.await(5, TimeUnit.SECONDS))
                    .as("the server saw the stream close")
                    .isTrue();
            assertThat(server.seen()).noneMatch(s -> s.rpcMethod().equals("notifications/cancelled"));
        }
    }

    @Test
    void theHttpPlusSseTransportIsTheLastFallback() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        OutputStream[] stream = new OutputStream[1];
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
            if (req.method().equals("GET") && req.path().equals("/sse")) {
                stream[0] = sse(ex);
                event(stream[0], "event: endpoint\ndata: /messages?session=7\n\n");
                try {
                    done.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (req.method().equals("POST") && req.path().equals("/messages")) {
                json(ex, 202, "", Map.of());
                String answer =
                        switch (req.rpcMethod()) {
                            case "initialize" -> result(req, INITIALIZED.replace("2025-11-25", "2024-11-05"));
                            case "resources/read" ->
                                result(req, "{\"contents\":[{\"uri\":\"x://a\",\"text\":\"over sse\"}]}");
                            default -> null;
                        };
                if (answer != null) {
                    event(stream[0], "event: message\ndata: " + answer + "\n\n");
                }
            } else {
                json(ex, 404, "", Map.of());
            }
        })) {
            try (McpClient client = McpClient.builder().http(server.uri("/sse")).connect()) {
                assertThat(client.server().transport()).isEqualTo(TransportKind.HTTP_SSE);
                assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2024_11_05);
                assertThat(client.read("x://a").text()).isEqualTo("over sse");
                Seen post = server.await(s -> s.rpcMethod().equals("resources/read"), WAIT);
                assertThat(post.path()).isEqualTo("/messages");
            } finally {
                done.countDown();
            }
        }
    }

    @Test
    void anHttpErrorWithoutJsonRpcIsAClientException() throws Exception {
        try (FakeHttpServer server = new FakeHttpServer((req, ex) -> {
                    if (req.rpcMethod().equals("server/discover")) {
                        json(ex, 200, result(req, DISCOVER), Map.of());
                    } else {
                        ex.getResponseHeaders().add("Content-Type", "text/plain");
                        ex.sendResponseHeaders(502, 0);
                        ex.getResponseBody().write("bad gateway".getBytes(StandardCharsets.UTF_8));
                    }
                });
                McpClient client = McpClient.builder().http(server.uri("/mcp")).connect()) {
            assertThatThrownBy(() -> client.listResources(null))
                    .isInstanceOf(McpClientException.class)
                    .hasMessageContaining("HTTP 502")
                    .hasMessageContaining("bad gateway");
        }
    }
}
