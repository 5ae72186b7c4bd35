package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.MessageValidator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar as a child process over stdin/stdout, in both eras. Every line the server writes on
 * stdout must be a protocol message valid for the revision in use; logs go to stderr only.
 */
@Timeout(120)
class StdioProcessIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);

    private Process process;
    private OutputStream stdin;
    private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    private final List<String> problems = new ArrayList<>();
    private final Map<String, String> methods = new HashMap<>();
    private volatile ProtocolRevision revision = ProtocolRevision.V2025_11_25;
    private int nextId;

    /** The server's stderr goes here, removed after each test. */
    @TempDir
    Path logs;

    @BeforeEach
    void start() throws IOException {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        assertThat(Path.of(jar)).as("the runnable jar (built by package)").exists();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        process = new ProcessBuilder(java, "-jar", jar, "serve", "--demo", "--demo-change-every", "300ms")
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        Files.createFile(logs.resolve("reservoir-stderr.log")).toFile()))
                .start();
        stdin = process.getOutputStream();
        Thread.ofPlatform().daemon().start(this::readStdout);
    }

    private void readStdout() {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                JsonNode message;
                try {
                    message = MAPPER.readTree(line);
                } catch (IOException e) {
                    synchronized (problems) {
                        problems.add("not JSON on stdout: " + line.substring(0, Math.min(200, line.length())));
                    }
                    continue;
                }
                String method =
                        message.has("id") ? methods.get(message.get("id").asText()) : null;
                List<String> found = MessageValidator.validate(message, method, revision, false);
                if (!found.isEmpty()) {
                    synchronized (problems) {
                        problems.add(found.toString());
                    }
                }
                messages.add(message);
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    @AfterEach
    void stop() throws Exception {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        assertThat(problems).as("what the server wrote on stdout").isEmpty();
    }

    private String send(String method, ObjectNode params) throws IOException {
        String id = "r" + nextId++;
        ObjectNode message =
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        methods.put(id, method);
        write(message);
        return id;
    }

    private void write(JsonNode message) throws IOException {
        stdin.write((message.toString() + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** The response to {@code id}; the other messages taken meanwhile are put back, after it. */
    private JsonNode await(String id) {
        List<JsonNode> skipped = new ArrayList<>();
        JsonNode response = Eventually.awaitValue("the response to " + id, WAIT, () -> {
            for (JsonNode next; (next = messages.poll()) != null; ) {
                if (id.equals(next.path("id").asText(null))) {
                    return next;
                }
                skipped.add(next);
            }
            return null;
        });
        messages.addAll(skipped);
        return response;
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        JsonNode response = await(send(method, params));
        assertThat(response.has("result")).as("%s: %s", method, response).isTrue();
        return response.get("result");
    }

    /** The next {@code method} notification; the messages before it are dropped. */
    private JsonNode awaitNotification(String method) {
        return Eventually.awaitValue(method, WAIT, () -> {
            for (JsonNode next; (next = messages.poll()) != null; ) {
                if (method.equals(next.path("method").asText())) {
                    return next;
                }
            }
            return null;
        });
    }

    private static ObjectNode json(String text) throws IOException {
        return (ObjectNode) MAPPER.readTree(text);
    }

    private static ObjectNode meta(ObjectNode params) {
        params.putObject("_meta")
                .put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
                .putObject("io.modelcontextprotocol/clientCapabilities");
        return params;
    }

    @Test
    void statefulEraOverARealProcess() throws Exception {
        JsonNode init = call(
                "initialize",
                json(
                        "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}"));
        assertThat(init.get("protocolVersion").asText()).isEqualTo("2025-11-25");
        write(json("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));

        Set<String> uris = new HashSet<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = call("resources/list", cursor == null ? null : json("{\"cursor\":\"" + cursor + "\"}"));
            page.get("resources")
                    .forEach(r -> assertThat(uris.add(r.get("uri").asText())).isTrue());
            cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
            pages++;
        } while (cursor != null);
        assertThat(uris)
                .contains("test://static-text", "test://static-binary", "test://watched-resource", "demo://items/1000");
        assertThat(uris.size()).isGreaterThan(1000);
        assertThat(pages).isGreaterThan(10);

        JsonNode text = call("resources/read", json("{\"uri\":\"test://static-text\"}"));
        assertThat(text.at("/contents/0/text").asText()).isEqualTo("This is the content of the static text resource.");
        JsonNode blob = call("resources/read", json("{\"uri\":\"demo://blob/large\"}"));
        assertThat(Base64.getDecoder().decode(blob.at("/contents/0/blob").asText()))
                .hasSize(4 << 20);

        call("resources/subscribe", json("{\"uri\":\"test://watched-resource\"}"));
        JsonNode updated = awaitNotification("notifications/resources/updated");
        assertThat(updated.at("/params/uri").asText()).isEqualTo("test://watched-resource");

        stdin.close();
        assertThat(process.waitFor(15, TimeUnit.SECONDS))
                .as("exits when stdin closes")
                .isTrue();
        assertThat(process.exitValue()).isZero();
    }

    @Test
    void statelessEraOverARealProcess() throws Exception {
        revision = ProtocolRevision.V2026_07_28;
        JsonNode discover = call("server/discover", meta(json("{}")));
        assertThat(discover.get("supportedVersions").toString()).contains("2026-07-28");
        JsonNode read = call("resources/read", meta(json("{\"uri\":\"test://template/123/data\"}")));
        assertThat(read.at("/contents/0/text").asText()).contains("\"id\":\"123\"");
        assertThat(read.get("resultType").asText()).isEqualTo("complete");
        JsonNode missing = await(send("resources/read", meta(json("{\"uri\":\"test://nope\"}"))));
        assertThat(missing.at("/error/code").asInt()).isEqualTo(-32602);

        String listen = send(
                "subscriptions/listen",
                meta(json("{\"notifications\":{\"resourceSubscriptions\":[\"test://watched-resource\"]}}")));
        JsonNode ack = awaitNotification("notifications/subscriptions/acknowledged");
        assertThat(ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                        .asText())
                .isEqualTo(listen);
        JsonNode updated = awaitNotification("notifications/resources/updated");
        assertThat(updated.at("/params/_meta/io.modelcontextprotocol~1subscriptionId")
                        .asText())
                .isEqualTo(listen);

        stdin.close();
        assertThat(process.waitFor(15, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
    }
}
