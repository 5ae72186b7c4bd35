package dev.reservoir.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Replays a transcript against a server: a {@code .jsonl} file of {@code ->} lines the client
 * sends and {@code <-} lines the server must send, compared as JSON trees. Consecutive {@code <-}
 * lines may arrive in any order. In expected lines the string {@code "<any>"} matches any value and
 * {@code "<capture:name>"} matches any value and remembers it, for {@code ${name}} in later lines;
 * {@code #} starts a comment line. Every server message is also validated against the schema of
 * the revision given. The transcript must end with nothing left unread.
 */
public final class Transcript {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final String name;
    private final List<String> lines;

    private Transcript(String name, List<String> lines) {
        this.name = name;
        this.lines = lines;
    }

    /** Loads a transcript from the classpath. */
    public static Transcript load(String resource) {
        try (InputStream in = Transcript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no transcript " + resource + " on the classpath");
            }
            return new Transcript(
                    resource,
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replays on a fresh connection, validating server messages against this revision's schema. */
    public void replay(McpServer server, ProtocolRevision revision, boolean sep2093) {
        BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
        MessageSink sink = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) {
                received.add(parse(JsonRpcCodec.standard().encode(message)));
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                JsonRpcCodec.standard().writeBatch(messages, out);
                received.add(parse(out.toByteArray()));
            }
        };
        Map<String, JsonNode> captures = new HashMap<>();
        Map<String, String> methods = new HashMap<>();
        List<JsonNode> expected = new ArrayList<>();
        try (ServerConnection connection = server.connect(sink)) {
            int number = 0;
            for (String raw : lines) {
                number++;
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("->")) {
                    check(expected, received, captures, methods, revision, sep2093);
                    String frame = substitute(line.substring(2).strip(), captures);
                    try {
                        remember(parse(frame.getBytes(StandardCharsets.UTF_8)), methods);
                    } catch (UncheckedIOException notJson) {
                        // A deliberately malformed frame: nothing to remember.
                    }
                    connection.receive(JsonRpcCodec.standard().decode(frame), sink);
                } else if (line.startsWith("<-")) {
                    expected.add(parse(line.substring(2).strip().getBytes(StandardCharsets.UTF_8)));
                } else {
                    throw new IllegalArgumentException(name + ":" + number + ": a line starts with ->, <- or #");
                }
            }
            check(expected, received, captures, methods, revision, sep2093);
            JsonNode extra = received.poll(200, TimeUnit.MILLISECONDS);
            if (extra != null) {
                throw new AssertionError(name + ": the server sent more than the transcript expects: " + extra);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void remember(JsonNode frame, Map<String, String> methods) {
        if (frame.isArray()) {
            frame.forEach(f -> remember(f, methods));
        } else if (frame.has("id") && frame.has("method")) {
            methods.put(frame.get("id").toString(), frame.get("method").asText());
        }
    }

    /** Takes as many messages as expected and matches them in any order. */
    private void check(
            List<JsonNode> expected,
            BlockingQueue<JsonNode> received,
            Map<String, JsonNode> captures,
            Map<String, String> methods,
            ProtocolRevision revision,
            boolean sep2093)
            throws InterruptedException {
        List<JsonNode> got = new ArrayList<>();
        for (int i = 0; i < expected.size(); i++) {
            JsonNode next = received.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (next == null) {
                throw new AssertionError(name + ": expected " + expected.size() + " message(s), got " + got.size()
                        + ": " + got + "\nstill waiting for one of " + expected);
            }
            validate(next, methods, revision, sep2093);
            got.add(next);
        }
        for (JsonNode want : expected) {
            Iterator<JsonNode> it = got.iterator();
            boolean found = false;
            while (it.hasNext()) {
                JsonNode candidate = it.next();
                Map<String, JsonNode> attempt = new HashMap<>(captures);
                if (matches(want, candidate, attempt)) {
                    captures.putAll(attempt);
                    it.remove();
                    found = true;
                    break;
                }
            }
            if (!found) {
                throw new AssertionError(name + ": no message matched\n  expected " + want + "\n  among    " + got);
            }
        }
        expected.clear();
    }

    private void validate(JsonNode message, Map<String, String> methods, ProtocolRevision revision, boolean sep2093) {
        if (message.isArray()) {
            message.forEach(m -> validate(m, methods, revision, sep2093));
            return;
        }
        String method = message.has("id") ? methods.get(message.get("id").toString()) : null;
        List<String> problems = MessageValidator.validate(message, method, revision, sep2093);
        if (!problems.isEmpty()) {
            throw new AssertionError(name + ": " + message + " breaks the " + revision + " schema: " + problems);
        }
    }

    static boolean matches(JsonNode want, JsonNode got, Map<String, JsonNode> captures) {
        if (want.isTextual()) {
            String text = want.textValue();
            if (text.equals("<any>")) {
                return got != null && !got.isMissingNode();
            }
            if (text.startsWith("<capture:") && text.endsWith(">")) {
                captures.put(text.substring(9, text.length() - 1), got);
                return got != null && !got.isMissingNode();
            }
        }
        if (got == null) {
            return false;
        }
        if (want.isObject()) {
            if (!got.isObject() || want.size() != got.size()) {
                return false;
            }
            for (var field : want.properties()) {
                if (!matches(field.getValue(), got.get(field.getKey()), captures)) {
                    return false;
                }
            }
            return true;
        }
        if (want.isArray()) {
            if (!got.isArray() || want.size() != got.size()) {
                return false;
            }
            for (int i = 0; i < want.size(); i++) {
                if (!matches(want.get(i), got.get(i), captures)) {
                    return false;
                }
            }
            return true;
        }
        if (want.isNumber() && got.isNumber()) {
            return want.decimalValue().compareTo(got.decimalValue()) == 0;
        }
        return want.equals(got);
    }

    private static String substitute(String line, Map<String, JsonNode> captures) {
        String result = line;
        for (var entry : captures.entrySet()) {
            JsonNode value = entry.getValue();
            String text = value.isTextual() ? value.textValue() : value.toString();
            result = result.replace("${" + entry.getKey() + "}", text);
        }
        return result;
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            return MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
