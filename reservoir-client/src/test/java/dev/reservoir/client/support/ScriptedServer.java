package dev.reservoir.client.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.McpClientBuilder;
import dev.reservoir.testkit.Eventually;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * A stdio "server" that answers from a script, line for line, so tests control exactly what the
 * client sees (field order, error codes, silence). Records every message the client sends.
 */
public final class ScriptedServer implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper();

    /** Answers one message from the client: the raw lines to send back (none for silence). */
    @FunctionalInterface
    public interface Script {
        List<String> answer(JsonNode message, ScriptedServer server);
    }

    private final Script script;
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final ReentrantLock writeLock = new ReentrantLock();
    private OutputStream toClient;

    public ScriptedServer(Script script) {
        this.script = script;
    }

    /** A client builder connected to this script (one connection per server). */
    public McpClientBuilder client() {
        try {
            Pipe toServer = Pipe.open();
            Pipe back = Pipe.open();
            toClient = Channels.newOutputStream(back.sink());
            BufferedReader in = new BufferedReader(
                    new InputStreamReader(Channels.newInputStream(toServer.source()), StandardCharsets.UTF_8));
            Thread.ofPlatform().daemon().name("scripted-server").start(() -> serve(in));
            return McpClient.builder()
                    .streams(Channels.newInputStream(back.source()), Channels.newOutputStream(toServer.sink()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void serve(BufferedReader in) {
        try {
            for (String line; (line = in.readLine()) != null; ) {
                JsonNode message = JSON.readTree(line);
                received.add(message);
                for (String answer : script.answer(message, this)) {
                    send(answer);
                }
            }
            toClient.close();
        } catch (IOException e) {
            // The client went away.
        }
    }

    /** Sends a raw line to the client. */
    public void send(String line) {
        writeLock.lock();
        try {
            toClient.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            toClient.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writeLock.unlock();
        }
    }

    public List<JsonNode> received() {
        return List.copyOf(received);
    }

    /** Methods of the messages received so far, in order. */
    public List<String> methods() {
        return received.stream().map(m -> m.path("method").asText("")).toList();
    }

    /** Waits for a message the client sends; fails when none comes in time. */
    public JsonNode await(Predicate<JsonNode> which, Duration timeout) {
        List<JsonNode> all = Eventually.await(
                "the client to send such a message; it sent", timeout, this::received, messages -> messages.stream()
                        .anyMatch(which));
        return all.stream().filter(which).findFirst().orElseThrow();
    }

    public static String result(JsonNode request, String resultJson) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":" + resultJson + "}";
    }

    public static String error(JsonNode request, int code, String message, String dataJson) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"error\":{\"code\":" + code + ",\"message\":"
                + JSON.valueToTree(message) + (dataJson == null ? "" : ",\"data\":" + dataJson) + "}}";
    }

    /** The InitializeResult of a session-era server at this revision. */
    public static String initialized(JsonNode request, String version) {
        return result(
                request,
                "{\"protocolVersion\":\"" + version + "\",\"capabilities\":{\"resources\":{\"subscribe\":true,"
                        + "\"listChanged\":true}},\"serverInfo\":{\"name\":\"scripted\",\"version\":\"1\"}}");
    }

    public static String method(JsonNode message) {
        return message.path("method").asText("");
    }

    @Override
    public void close() {
        try {
            if (toClient != null) {
                toClient.close();
            }
        } catch (IOException e) {
            // already closed
        }
    }
}
