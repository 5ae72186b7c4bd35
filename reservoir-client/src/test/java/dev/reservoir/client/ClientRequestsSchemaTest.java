package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.support.InProcessServer;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.testkit.McpSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every message the client sends is valid against the official schema of the revision it speaks. */
@Timeout(60)
class ClientRequestsSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("initialize", "InitializeRequest"),
            Map.entry("notifications/initialized", "InitializedNotification"),
            Map.entry("server/discover", "DiscoverRequest"),
            Map.entry("resources/list", "ListResourcesRequest"),
            Map.entry("resources/templates/list", "ListResourceTemplatesRequest"),
            Map.entry("resources/read", "ReadResourceRequest"),
            Map.entry("resources/subscribe", "SubscribeRequest"),
            Map.entry("resources/unsubscribe", "UnsubscribeRequest"),
            Map.entry("subscriptions/listen", "SubscriptionsListenRequest"),
            Map.entry("completion/complete", "CompleteRequest"),
            Map.entry("notifications/cancelled", "CancelledNotification"));

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void everyMessageTheClientSendsIsValid(ProtocolRevision revision) throws Exception {
        List<String> sent = new CopyOnWriteArrayList<>();
        try (InProcessServer server = InProcessServer.demo();
                McpClient client = server.client(sent::add)
                        .revision(revision)
                        .sep2093(false)
                        .connect()) {
            client.resources().limit(150).toList();
            client.read("test://static-text");
            client.templates().toList();
            client.complete("demo://colors/{name}", "name", "b", Map.of("other", "x"));
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(List.of(DemoServer.WATCHED), true, recorder)) {
                recorder.trigger(
                        server.demoSet()::touchWatched, "updated " + DemoServer.WATCHED, Duration.ofSeconds(10));
            }
            client.withTimeout(Duration.ofSeconds(5)).listResources(null);
        }
        List<String> problems = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        McpSchema schema = McpSchema.of(revision);
        for (String line : sent) {
            JsonNode message = JSON.readTree(line);
            String method = message.path("method").asText();
            methods.add(method);
            String type = TYPES.get(method);
            if (type == null || !schema.defines(type)) {
                problems.add(method + " has no type in " + revision);
                continue;
            }
            problems.addAll(validate(schema, type, message));
        }
        assertThat(methods).contains("resources/read", "resources/list", "completion/complete");
        assertThat(problems).isEmpty();
    }

    /** Older schemas model requests without the JSON-RPC envelope: try the message bare as well. */
    private static List<String> validate(McpSchema schema, String type, JsonNode message) throws IOException {
        List<String> full = schema.validate(type, message);
        if (full.isEmpty()) {
            return full;
        }
        ObjectNode bare = message.deepCopy();
        bare.remove("jsonrpc");
        bare.remove("id");
        List<String> stripped = schema.validate(type, bare);
        return stripped.isEmpty() ? stripped : full;
    }
}
