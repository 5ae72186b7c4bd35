package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.sse.SseEvent;
import dev.reservoir.core.sse.SseReader;
import dev.reservoir.testkit.MessageValidator;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * An HTTP client for tests of the server end: sends JSON-RPC the way MCP clients do, keeps the
 * session id and protocol version, reads JSON and SSE answers, and validates every MCP message the
 * server sends against the official schema of the revision in use ({@link #violations()} must stay
 * empty). Every wait has a timeout.
 */
final class HttpTestClient {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** One HTTP answer; {@code messages} holds the JSON-RPC messages of a JSON or SSE body. */
    record Reply(
            int status,
            java.net.http.HttpHeaders headers,
            String body,
            List<SseEvent> events,
            List<JsonNode> messages) {
        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        JsonNode message() {
            assertThat(messages).as("one JSON-RPC message in %s", body).hasSize(1);
            return messages.getFirst();
        }

        boolean isSse() {
            String type = header("Content-Type");
            return type != null && type.startsWith("text/event-stream");
        }
    }

    private final HttpClient http;
    private final URI endpoint;
    private final AtomicLong ids = new AtomicLong();
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final Map<String, String> extraHeaders = new LinkedHashMap<>();
    volatile String sessionId;
    volatile ProtocolRevision revision;

    HttpTestClient(URI endpoint) {
        this(endpoint, null);
    }

    HttpTestClient(URI endpoint, SSLContext tls) {
        HttpClient.Builder b =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT);
        if (tls != null) {
            b.sslContext(tls);
        }
        this.http = b.build();
        this.endpoint = endpoint;
    }

    /** A header sent with every request from now on (Authorization, Origin...). */
    HttpTestClient header(String name, String value) {
        extraHeaders.put(name, value);
        return this;
    }

    List<String> violations() {
        return violations;
    }

    URI endpoint() {
        return endpoint;
    }

    long nextId() {
        return ids.incrementAndGet();
    }

    /** initialize + notifications/initialized; keeps the session id and revision. */
    JsonNode initialize(ProtocolRevision rev) throws Exception {
        ObjectNode params = MAPPER.createObjectNode().put("protocolVersion", rev.id());
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "http-test").put("version", "1");
        revision = rev;
        Reply reply = post(request(nextId(), "initialize", params), Map.of());
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        sessionId = reply.header("Mcp-Session-Id");
        assertThat(sessionId).as("Mcp-Session-Id of %s", reply.headers()).isNotNull();
        validate(reply, "initialize");
        Reply ack = post(notification("notifications/initialized", null), Map.of());
        assertThat(ack.status()).isEqualTo(202);
        return reply.message();
    }

    /** A stateful request on the session; returns the response message (validated). */
    JsonNode call(String method, ObjectNode params) throws Exception {
        Reply reply = post(request(nextId(), method, params), Map.of());
        assertThat(reply.status()).as("%s: %s", method, reply.body()).isEqualTo(200);
        validate(reply, method);
        return response(reply);
    }

    /** A 2026-07-28 request with its _meta and headers; returns the whole reply. */
    Reply statelessCall(String method, ObjectNode params) throws Exception {
        ObjectNode p = params == null ? MAPPER.createObjectNode() : params.deepCopy();
        ObjectNode meta = p.putObject("_meta");
        meta.put(MetaKeys.PROTOCOL_VERSION, "2026-07-28");
        meta.putObject(MetaKeys.CLIENT_CAPABILITIES);
        meta.putObject(MetaKeys.CLIENT_INFO).put("name", "http-test").put("version", "1");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("MCP-Protocol-Version", "2026-07-28");
        headers.put("Mcp-Method", method);
        String name = HeaderName.of(method, p);
        if (name != null) {
            headers.put("Mcp-Name", name);
        }
        Reply reply = postWith(request(nextId(), method, p), headers, false);
        for (JsonNode m : reply.messages()) {
            check(m, m.has("id") ? method : null, ProtocolRevision.V2026_07_28);
        }
        return reply;
    }

    private static final class HeaderName {
        static String of(String method, ObjectNode params) {
            JsonNode v =
                    switch (method) {
                        case "resources/read" -> params.get("uri");
                        case "tools/call", "prompts/get" -> params.get("name");
                        default -> null;
                    };
            return v == null ? null : v.asText();
        }
    }

    static JsonNode response(Reply reply) {
        for (JsonNode m : reply.messages()) {
            if (m.has("result") || m.has("error")) {
                return m;
            }
        }
        throw new AssertionError("no response in " + reply.body());
    }

    String request(long id, String method, ObjectNode params) {
        ObjectNode r =
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            r.set("params", params);
        }
        return r.toString();
    }

    static String notification(String method, ObjectNode params) {
        ObjectNode r = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("method", method);
        if (params != null) {
            r.set("params", params);
        }
        return r.toString();
    }

    /** POSTs with the session id and protocol version (when known), reading the whole answer. */
    Reply post(String body, Map<String, String> headers) throws Exception {
        return postWith(body, headers, true);
    }

    Reply postWith(String body, Map<String, String> headers, boolean session) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session) {
            sessionHeaders(b);
        }
        extraHeaders.forEach(b::setHeader);
        headers.forEach(b::setHeader);
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return reply(r);
    }

    /** Any method with these headers only (plus the extra ones). */
    Reply send(String method, Map<String, String> headers, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .timeout(TIMEOUT)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        extraHeaders.forEach(b::setHeader);
        headers.forEach(b::setHeader);
        return reply(http.send(b.build(), HttpResponse.BodyHandlers.ofString()));
    }

    /** DELETE of the session. */
    Reply delete() throws Exception {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(endpoint).timeout(TIMEOUT).DELETE();
        sessionHeaders(b);
        extraHeaders.forEach(b::setHeader);
        return reply(http.send(b.build(), HttpResponse.BodyHandlers.ofString()));
    }

    /** Opens a streaming GET on the session (resuming after {@code lastEventId} if not null). */
    Streaming get(String lastEventId) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .header("Accept", "text/event-stream")
                .GET();
        sessionHeaders(b);
        extraHeaders.forEach(b::setHeader);
        if (lastEventId != null) {
            b.header("Last-Event-ID", lastEventId);
        }
        return streaming(b.build());
    }

    /** POSTs and reads the answer as it streams (for SSE answers). */
    Streaming postStreaming(String body, Map<String, String> headers, boolean session) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session) {
            sessionHeaders(b);
        }
        extraHeaders.forEach(b::setHeader);
        headers.forEach(b::setHeader);
        return streaming(b.build());
    }

    Streaming streaming(HttpRequest request) throws Exception {
        HttpResponse<InputStream> r = http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                .get(TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        return new Streaming(r);
    }

    /** A response whose body is read as it arrives. */
    final class Streaming implements AutoCloseable {
        final HttpResponse<InputStream> response;
        final SseRecorder sse;

        Streaming(HttpResponse<InputStream> response) {
            this.response = response;
            this.sse = response.statusCode() == 200
                            && response.headers()
                                    .firstValue("Content-Type")
                                    .orElse("")
                                    .startsWith("text/event-stream")
                    ? new SseRecorder(response.body())
                    : null;
        }

        int status() {
            return response.statusCode();
        }

        /** The next event with data, parsed and validated as a message answering {@code method} (null for notifications). */
        JsonNode nextMessage(String method) throws Exception {
            SseEvent e = sse.nextData();
            JsonNode m = MAPPER.readTree(e.data());
            check(m, method, revision);
            lastEvent = e;
            return m;
        }

        SseEvent lastEvent;

        String body() throws IOException {
            return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
        }

        @Override
        public void close() {
            if (sse != null) {
                sse.close();
            } else {
                try {
                    response.body().close();
                } catch (IOException e) {
                    // done with it
                }
            }
        }
    }

    private void sessionHeaders(HttpRequest.Builder b) {
        if (sessionId != null) {
            b.header("Mcp-Session-Id", sessionId);
        }
        if (revision != null && !revision.isStateless()) {
            b.header("MCP-Protocol-Version", revision.id());
        }
    }

    private static Reply reply(HttpResponse<String> r) throws IOException {
        String type = r.headers().firstValue("Content-Type").orElse("");
        List<SseEvent> events = new ArrayList<>();
        List<JsonNode> messages = new ArrayList<>();
        if (type.startsWith("text/event-stream")) {
            events.addAll(SseReader.readAll(r.body()));
            for (SseEvent e : events) {
                if (!e.data().isEmpty()) {
                    messages.add(MAPPER.readTree(e.data()));
                }
            }
        } else if (type.startsWith("application/json") && !r.body().isEmpty()) {
            JsonNode node = MAPPER.readTree(r.body());
            messages.add(node);
        }
        return new Reply(r.statusCode(), r.headers(), r.body(), events, messages);
    }

    private void validate(Reply reply, String method) {
        for (JsonNode m : reply.messages()) {
            check(m, m.has("id") && !m.has("method") ? method : null, revision);
        }
    }

    /** Validates one server message against the schema; problems are kept for the test to assert. */
    void check(JsonNode message, String requestMethod, ProtocolRevision rev) {
        if (rev == null || message.isArray()) {
            if (message.isArray()) {
                message.forEach(m -> check(m, requestMethod, rev));
            }
            return;
        }
        List<String> problems = MessageValidator.validate(message, requestMethod, rev, false);
        problems.forEach(p -> violations.add(rev + " " + p + " in " + message));
    }
}
