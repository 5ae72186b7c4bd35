package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.testkit.InteropScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;

/**
 * A plan of resource requests that {@code interop/clients/resources-stdio.mjs} runs with an
 * official TypeScript SDK client against {@code java -jar reservoir.jar serve SPEC...}, the client
 * (and so the server it spawns) started with only HOME and PATH: no locale, as hosts run servers.
 * {@link #run} gives the answers in the order of the steps, after the negotiated protocol version.
 */
final class ResourcesStdio {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode plan = JSON.createObjectNode();
    private final ArrayNode steps = plan.putArray("steps");

    private ResourcesStdio(String client, Path cwd, List<String> serveArgs) {
        List<String> args = new ArrayList<>(List.of("-jar", Cli.jar(), "serve"));
        args.addAll(serveArgs);
        plan.put("client", client).put("command", Cli.java()).put("cwd", cwd.toString());
        args.forEach(plan.putArray("args")::add);
    }

    /** The 1.x SDK (@modelcontextprotocol/sdk), which opens a 2025-11-25 session. */
    static ResourcesStdio sdk1(Path cwd, String... serveArgs) {
        return new ResourcesStdio("sdk-1", cwd, List.of(serveArgs));
    }

    /** The 2.x client (@modelcontextprotocol/client) pinned to 2026-07-28. */
    static ResourcesStdio client2(Path cwd, String... serveArgs) {
        return new ResourcesStdio("client-2", cwd, List.of(serveArgs));
    }

    /** Variables the server gets besides the SDK's default environment, as a host's configuration gives them. */
    ResourcesStdio env(java.util.Map<String, String> variables) {
        ObjectNode env = plan.putObject("env");
        variables.forEach(env::put);
        return this;
    }

    ResourcesStdio list() {
        steps.addObject().put("op", "list");
        return this;
    }

    ResourcesStdio templates() {
        steps.addObject().put("op", "templates");
        return this;
    }

    ResourcesStdio read(String uri) {
        steps.addObject().put("op", "read").put("uri", uri);
        return this;
    }

    ResourcesStdio complete(String template, String argument, String value) {
        steps.addObject()
                .put("op", "complete")
                .put("template", template)
                .put("argument", argument)
                .put("value", value);
        return this;
    }

    /** Subscribes to {@code uri}, fires {@code what} and waits for its {@code updated}. */
    ResourcesStdio subscribe(String uri, String what) {
        steps.addObject().put("op", "subscribe").put("uri", uri).put("fire", what);
        return this;
    }

    /** Runs the plan; {@code onFire} gets the words of each FIRE line. Fails unless every step was answered. */
    List<JsonNode> run(Consumer<String[]> onFire) throws Exception {
        Path planFile = Files.createTempFile("resources-stdio", ".json");
        Path out = Files.createTempFile("resources-stdio-answers", ".json");
        try {
            plan.put("out", out.toString());
            Files.write(planFile, JSON.writeValueAsBytes(plan)); // UTF-8, whatever this JVM's locale
            List<String> ok = InteropScript.run(
                    "resources-stdio.mjs", List.of(planFile.toString()), List.of("HOME", "PATH"), onFire);
            assertThat(ok).hasSize(steps.size() + 1);
            List<JsonNode> answers = new ArrayList<>();
            JSON.readTree(out.toFile()).forEach(answers::add);
            return answers;
        } finally {
            Files.deleteIfExists(planFile);
            Files.deleteIfExists(out);
        }
    }

    List<JsonNode> run() throws Exception {
        return run(words -> {
            throw new IllegalStateException("nothing to fire: " + String.join(" ", words));
        });
    }

    /** The result of an answer, failing with the error it holds instead. */
    static JsonNode result(JsonNode answer) {
        assertThat(answer.has("error"))
                .as("an error instead of a result: %s", answer)
                .isFalse();
        return answer.path("result");
    }

    /** The bytes of one item of a read's contents, text or blob. */
    static byte[] bytes(JsonNode content) {
        return content.has("text")
                ? content.path("text").asText().getBytes(java.nio.charset.StandardCharsets.UTF_8)
                : Base64.getDecoder().decode(content.path("blob").asText());
    }

    /** The URIs of a list's resources, in order. */
    static List<String> uris(JsonNode listResult) {
        List<String> uris = new ArrayList<>();
        listResult.path("resources").forEach(r -> uris.add(r.path("uri").asText()));
        return uris;
    }
}
