package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The endpoint served through a plain in-memory {@link HttpExchange}, with no web server at all: the
 * neutral path a Servlet or WebFlux adapter takes. No Jetty class is involved.
 */
class McpHttpEndpointTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private DemoServer demo;
    private McpServer server;
    private McpHttpEndpoint endpoint;

    @BeforeEach
    void start() {
        demo = new DemoServer(Duration.ZERO, Clock.systemUTC());
        McpServerBuilder builder = McpServer.builder().serverInfo("reservoir-test", "1.0.0");
        demo.configure(builder);
        server = builder.build();
        endpoint = HttpTransport.builder().buildEndpoint(server);
        endpoint.start();
    }

    @AfterEach
    void stop() {
        endpoint.close();
        server.close();
        demo.close();
    }

    @Test
    void answersTheMcpEndpointAndTheSseLegacyPairAtItsPaths() {
        assertThat(endpoint.paths()).containsExactly("/mcp", "/sse", "/message");
    }

    @Test
    void initializeThenResourcesReadAreAnsweredAsJson() throws Exception {
        String sessionId = initialize();
        assertThat(endpoint.openSessions()).isEqualTo(1);

        Exchange read = post(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://static-text\"}}",
                Map.of("Mcp-Session-Id", sessionId, "MCP-Protocol-Version", "2025-11-25"));
        assertThat(read.awaitEnd()).isNull();
        assertThat(read.status).isEqualTo(200);
        assertThat(read.responseHeader("Content-Type")).isEqualTo("application/json");
        assertThat(read.responseHeader("Content-Length")).isEqualTo(Integer.toString(read.sent().length));
        JsonNode answer = MAPPER.readTree(read.sent());
        assertThat(answer.path("id").asInt()).isEqualTo(2);
        JsonNode content = answer.path("result").path("contents").path(0);
        assertThat(content.path("uri").asText()).isEqualTo("test://static-text");
        assertThat(content.path("text").asText()).isEqualTo(DemoServer.STATIC_TEXT);
    }

    @Test
    void anSseGetEndsWhenTheClientHangsUp() throws Exception {
        String sessionId = initialize();
        Exchange get = new Exchange(
                "GET",
                "/mcp",
                Map.of(
                        "Accept",
                        "text/event-stream",
                        "Mcp-Session-Id",
                        sessionId,
                        "MCP-Protocol-Version",
                        "2025-11-25"),
                new byte[0]);
        Thread handler = Thread.ofVirtual().start(() -> endpoint.handle(get));
        Eventually.await("the stream to open", TIMEOUT, () -> get.watching() && get.committed());
        assertThat(get.status).isEqualTo(200);
        assertThat(get.responseHeader("Content-Type")).isEqualTo("text/event-stream");
        assertThat(endpoint.openStreams()).isEqualTo(1);

        get.hangUp();

        assertThat(get.awaitEnd()).as("the exchange fails: the client is gone").isNotNull();
        assertThat(handler.join(TIMEOUT)).as("handle returned").isTrue();
        assertThat(get.watching()).as("the hang-up watch is closed").isFalse();
        Eventually.await("the stream slot to be free", TIMEOUT, () -> endpoint.openStreams() == 0);
    }

    @Test
    void aRequestForAnotherHostIsRefusedBeforeAnythingElse() throws Exception {
        Exchange post = new Exchange("POST", "/mcp", Map.of("Host", "evil.example"), new byte[0]);
        endpoint.handle(post);
        assertThat(post.awaitEnd()).isNull();
        assertThat(post.status).as(post.text()).isEqualTo(421); // Misdirected Request: not a name this server goes by
    }

    private String initialize() throws Exception {
        Exchange init = post(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"neutral\",\"version\":\"1\"}}}",
                Map.of());
        assertThat(init.awaitEnd()).isNull();
        assertThat(init.status).as(init.text()).isEqualTo(200);
        String sessionId = init.responseHeader("Mcp-Session-Id");
        assertThat(sessionId).isNotBlank();
        assertThat(MAPPER.readTree(init.sent())
                        .path("result")
                        .path("protocolVersion")
                        .asText())
                .isEqualTo("2025-11-25");
        Exchange ack = post(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                Map.of("Mcp-Session-Id", sessionId, "MCP-Protocol-Version", "2025-11-25"));
        assertThat(ack.awaitEnd()).isNull();
        assertThat(ack.status).isEqualTo(202);
        return sessionId;
    }

    private Exchange post(String json, Map<String, String> headers) {
        Map<String, String> all = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        all.putAll(headers);
        all.put("Accept", "application/json, text/event-stream");
        all.put("Content-Type", "application/json");
        Exchange exchange = new Exchange("POST", "/mcp", all, json.getBytes(StandardCharsets.UTF_8));
        endpoint.handle(exchange);
        return exchange;
    }

    /** An exchange held in memory: the request given, the response recorded. */
    private static final class Exchange implements HttpExchange {
        private final String method;
        private final String path;
        private final Map<String, String> requestHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private final byte[] requestBody;
        private final Map<String, List<String>> responseHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ReentrantLock lock = new ReentrantLock();
        /** Null when completed normally, else the failure. */
        private final CompletableFuture<Throwable> ended = new CompletableFuture<>();

        private final AtomicReference<Runnable> hangup = new AtomicReference<>();
        private volatile int status = 200;
        private volatile boolean committed;

        Exchange(String method, String path, Map<String, String> headers, byte[] body) {
            this.method = method;
            this.path = path;
            this.requestHeaders.put("Host", "127.0.0.1");
            this.requestHeaders.putAll(headers);
            this.requestBody = body;
        }

        @Override
        public String method() {
            return method;
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public String query() {
            return null;
        }

        @Override
        public String header(String name) {
            return requestHeaders.get(name);
        }

        @Override
        public List<String> headers(String name) {
            String value = requestHeaders.get(name);
            return value == null ? List.of() : List.of(value);
        }

        @Override
        public boolean secure() {
            return false;
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1";
        }

        @Override
        public InputStream body() {
            return new ByteArrayInputStream(requestBody);
        }

        @Override
        public void status(int code) {
            if (!committed) {
                status = code;
            }
        }

        @Override
        public void setHeader(String name, String value) {
            lock.lock();
            try {
                if (!committed) {
                    responseHeaders.put(name, new ArrayList<>(List.of(value)));
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void addHeader(String name, String value) {
            lock.lock();
            try {
                if (!committed) {
                    responseHeaders
                            .computeIfAbsent(name, n -> new ArrayList<>())
                            .add(value);
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public boolean committed() {
            return committed;
        }

        @Override
        public void write(ByteBuffer bytes) throws IOException {
            if (ended.isDone()) {
                throw new IOException("the exchange ended");
            }
            lock.lock();
            try {
                committed = true;
                byte[] chunk = new byte[bytes.remaining()];
                bytes.get(chunk);
                out.write(chunk);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void complete() {
            committed = true;
            ended.complete(null);
        }

        @Override
        public void fail(Throwable failure) {
            ended.complete(failure);
        }

        @Override
        public AutoCloseable onHangup(Runnable onHangup) {
            hangup.set(onHangup);
            return () -> hangup.set(null);
        }

        boolean watching() {
            return hangup.get() != null;
        }

        void hangUp() {
            Runnable r = hangup.get();
            assertThat(r).as("a hang-up watch").isNotNull();
            Thread.ofVirtual().start(r);
        }

        Throwable awaitEnd() throws Exception {
            return ended.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }

        String responseHeader(String name) {
            lock.lock();
            try {
                List<String> values = responseHeaders.get(name);
                return values == null ? null : values.getFirst();
            } finally {
                lock.unlock();
            }
        }

        byte[] sent() {
            lock.lock();
            try {
                return out.toByteArray();
            } finally {
                lock.unlock();
            }
        }

        String text() {
            return new String(sent(), StandardCharsets.UTF_8);
        }
    }
}
