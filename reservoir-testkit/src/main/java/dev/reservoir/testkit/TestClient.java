package dev.reservoir.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.Sep2093;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client for tests, connected to a server in memory. Every message the server sends is
 * serialized as a transport would, parsed back, and validated against the official schema of the
 * revision in use; {@link #close()} fails the test if any was invalid. Every wait has a timeout.
 */
public final class TestClient implements AutoCloseable {

    public static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private record Sent(String method, ProtocolRevision revision, boolean sep2093) {}

    private final ServerConnection connection;
    private final Sink sink = new Sink();
    private final BlockingQueue<JsonNode> notifications = new LinkedBlockingQueue<>();
    private final BlockingQueue<JsonNode> others = new LinkedBlockingQueue<>();
    private final Map<String, BlockingQueue<JsonNode>> responses = new ConcurrentHashMap<>();
    private final Map<String, Sent> sent = new ConcurrentHashMap<>();
    private final Map<String, Integer> sizes = new ConcurrentHashMap<>();
    private final List<String> violations = new ArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile ProtocolRevision revision = ProtocolRevision.LATEST_STATEFUL;
    private volatile boolean stateless;
    private volatile boolean sep2093;
    private volatile boolean sep2093Draft;
    private volatile boolean validate = true;
    private volatile long messageCap = -1;
    private volatile CountDownLatch reading = new CountDownLatch(0);

    private TestClient(McpServer server, String client) {
        this.connection = client == null ? server.connect(sink) : server.connect(sink, client);
    }

    /** A client on a fresh connection to the server. */
    public static TestClient connect(McpServer server) {
        return new TestClient(server, null);
    }

    /** A fresh connection for a named client: connections with one name share its subscription budget. */
    public static TestClient connect(McpServer server, String client) {
        return new TestClient(server, client);
    }

    /**
     * Declares SEP-2093's draft form ({@link Sep2093#CAPABILITIES_EXTENSION_ID}) too in what
     * {@link #initialize} or {@link #stateless} declares; call it before them.
     */
    public TestClient withSep2093Draft() {
        this.sep2093Draft = true;
        return this;
    }

    /** Session era: initialize with this revision (and optionally SEP-2093), then notifications/initialized. */
    public TestClient initialize(ProtocolRevision rev, boolean withSep2093) {
        ObjectNode capabilities = MAPPER.createObjectNode();
        if (withSep2093) {
            capabilities.withObject(Sep2093.capabilityGroup(rev)).putObject(Sep2093.EXTENSION_ID);
        }
        if (sep2093Draft) {
            capabilities.withObject(Sep2093.capabilityGroup(rev)).putObject(Sep2093.CAPABILITIES_EXTENSION_ID);
        }
        ObjectNode params = MAPPER.createObjectNode().put("protocolVersion", rev.id());
        params.set("capabilities", capabilities);
        params.putObject("clientInfo").put("name", "reservoir-testkit").put("version", "1");
        this.revision = rev;
        this.sep2093 = withSep2093;
        result(McpMethod.INITIALIZE.wire(), params);
        notify(McpMethods.NOTIFICATION_INITIALIZED, null);
        return this;
    }

    public TestClient initialize(ProtocolRevision rev) {
        return initialize(rev, false);
    }

    /** Stateless era: every request gets the per-request _meta of this revision. */
    public TestClient stateless(ProtocolRevision rev, boolean withSep2093) {
        this.revision = rev;
        this.stateless = true;
        this.sep2093 = withSep2093;
        return this;
    }

    /** Turns schema validation off (for tests that send deliberately broken messages and read raw answers). */
    public TestClient withoutValidation() {
        this.validate = false;
        return this;
    }

    /**
     * Reads messages whole and caps their size, as a stdio client does: the server sees a sink that
     * {@linkplain MessageSink#capsMessageSize() caps message sizes}, and any message larger than
     * {@code maxBytes} is recorded as a violation ({@link #close()} fails the test).
     */
    public TestClient capMessages(long maxBytes) {
        this.messageCap = maxBytes;
        return this;
    }

    /**
     * Reads nothing until {@link #resumeReading()}: the server's sends block meanwhile (at most a
     * minute), as with a peer that does not read.
     */
    public void stopReading() {
        reading = new CountDownLatch(1);
    }

    /** Takes what the server was blocked sending since {@link #stopReading()}, and all that follows. */
    public void resumeReading() {
        reading.countDown();
    }

    public ServerConnection connection() {
        return connection;
    }

    /** Parses a JSON object literal (for params). */
    public static ObjectNode json(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends a request and returns the whole response message. */
    public JsonNode request(String method, ObjectNode params) {
        String id = "t" + ids.incrementAndGet();
        ObjectNode message =
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        ObjectNode p = params == null ? null : params.deepCopy();
        if (stateless) {
            p = p == null ? MAPPER.createObjectNode() : p;
            ObjectNode meta = p.has("_meta") ? (ObjectNode) p.get("_meta") : p.putObject("_meta");
            meta.put(MetaKeys.PROTOCOL_VERSION, revision.id());
            ObjectNode caps = meta.putObject(MetaKeys.CLIENT_CAPABILITIES);
            if (sep2093) {
                caps.withObject(Sep2093.capabilityGroup(revision)).putObject(Sep2093.EXTENSION_ID);
            }
            if (sep2093Draft) {
                caps.withObject(Sep2093.capabilityGroup(revision)).putObject(Sep2093.CAPABILITIES_EXTENSION_ID);
            }
            meta.putObject(MetaKeys.CLIENT_INFO)
                    .put("name", "reservoir-testkit")
                    .put("version", "1");
        }
        if (p != null) {
            message.set("params", p);
        }
        sent.put(id, new Sent(method, revision, sep2093 || sep2093Draft));
        send(message.toString());
        return awaitResponse(id);
    }

    /** Sends a request and returns its result, failing the test on an error response. */
    public JsonNode result(String method, ObjectNode params) {
        JsonNode response = request(method, params);
        if (!response.has("result")) {
            throw new AssertionError(method + " failed: " + response);
        }
        return response.get("result");
    }

    /** Sends a request and returns its error object, failing the test on a result. */
    public JsonNode error(String method, ObjectNode params) {
        JsonNode response = request(method, params);
        if (!response.has("error")) {
            throw new AssertionError(method + " should have failed: " + response);
        }
        return response.get("error");
    }

    public void notify(String method, ObjectNode params) {
        ObjectNode message = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        send(message.toString());
    }

    /** Sends a raw frame; remembers the method of any request in it (for validation). */
    public void send(String frame) {
        connection.receive(JsonRpcCodec.standard().decode(frame), sink);
    }

    /** Remembers that a raw request with this id is for this method (so its response can be validated). */
    public void expect(String id, String method) {
        sent.put(id, new Sent(method, revision, sep2093 || sep2093Draft));
    }

    /** Waits for the response with this (string) id. */
    public JsonNode awaitResponse(String id) {
        try {
            JsonNode response = queue(id).poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (response == null) {
                throw new AssertionError("no response to request " + id + " within " + TIMEOUT);
            }
            responses.remove(id);
            return response;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next message that is not a response to a request sent with {@link #request} (raw frames, null ids, batches). */
    public JsonNode nextOther(Duration timeout) {
        return poll(others, timeout, "message");
    }

    /** The next notification. */
    public JsonNode nextNotification(Duration timeout) {
        return poll(notifications, timeout, "notification");
    }

    /** Waits for a notification with this method, skipping others. */
    public JsonNode awaitNotification(String method, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no " + method + " within " + timeout);
            }
            JsonNode next = poll(notifications, Duration.ofNanos(left), "notification " + method);
            if (method.equals(next.path("method").asText())) {
                return next;
            }
        }
    }

    /** Asserts that nothing arrives during a quiet period (no notification, no stray message). */
    public void assertExhausted(Duration quiet) {
        try {
            Thread.sleep(quiet.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!notifications.isEmpty() || !others.isEmpty()) {
            throw new AssertionError("unexpected messages: " + notifications + " " + others);
        }
    }

    private static JsonNode poll(BlockingQueue<JsonNode> queue, Duration timeout, String what) {
        try {
            JsonNode next = queue.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (next == null) {
                throw new AssertionError("no " + what + " within " + timeout);
            }
            return next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private BlockingQueue<JsonNode> queue(String id) {
        return responses.computeIfAbsent(id, k -> new LinkedBlockingQueue<>());
    }

    /** The size in bytes of the last message received for this (string) id, as a transport would send it. */
    public int rawSize(String id) {
        Integer size = sizes.get(id);
        if (size == null) {
            throw new AssertionError("no message with id " + id + " was received");
        }
        return size;
    }

    /** Schema violations seen so far. */
    public List<String> violations() {
        synchronized (violations) {
            return List.copyOf(violations);
        }
    }

    private void received(JsonNode message) {
        if (message.isArray()) {
            message.forEach(this::check);
            others.add(message);
            return;
        }
        check(message);
        if (message.has("method") && !message.has("id")) {
            notifications.add(message);
        } else if (message.path("id").isTextual()
                && sent.containsKey(message.path("id").asText())) {
            queue(message.path("id").asText()).add(message);
        } else {
            others.add(message);
        }
    }

    private void check(JsonNode message) {
        if (!validate) {
            return;
        }
        Sent request =
                message.path("id").isTextual() ? sent.get(message.path("id").asText()) : null;
        ProtocolRevision rev = request != null ? request.revision() : revision;
        boolean sep = request != null ? request.sep2093() : sep2093 || sep2093Draft;
        List<String> problems = MessageValidator.validate(message, request == null ? null : request.method(), rev, sep);
        if (!problems.isEmpty()) {
            synchronized (violations) {
                violations.add(message + " -> " + problems);
            }
        }
    }

    @Override
    public void close() {
        connection.close();
        List<String> seen = violations();
        if (!seen.isEmpty()) {
            throw new AssertionError("the server sent messages that break the schema:\n" + String.join("\n", seen));
        }
    }

    /** Serializes what the server sends exactly as a transport would, then parses it back. */
    private final class Sink implements MessageSink {
        @Override
        public void send(JsonRpcMessage message) {
            awaitReading();
            received(parse(JsonRpcCodec.standard().encode(message)));
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
            awaitReading();
            var out = new java.io.ByteArrayOutputStream();
            JsonRpcCodec.standard().writeBatch(messages, out);
            received(parse(out.toByteArray()));
        }

        private void awaitReading() {
            try {
                reading.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public boolean capsMessageSize() {
            return messageCap > 0;
        }

        private JsonNode parse(byte[] bytes) {
            if (messageCap > 0 && bytes.length > messageCap) {
                synchronized (violations) {
                    violations.add("a message of " + bytes.length + " bytes, over the cap of " + messageCap);
                }
            }
            try {
                JsonNode message = MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8));
                if (message.path("id").isTextual()) {
                    sizes.put(message.path("id").asText(), bytes.length);
                }
                return message;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
