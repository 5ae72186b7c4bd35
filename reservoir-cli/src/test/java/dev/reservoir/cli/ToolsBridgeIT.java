package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --tools} over stdio, as a real process: search_resources with content: true greps
 * the served folder's text files, and never what a link leads to outside the folder.
 */
class ToolsBridgeIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void contentSearchFindsLinesInServedFilesAndNothingOutsideTheFolder() throws Exception {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("guide.md"), "# Guide\n\nThe zebra crossing is on line three.\n");
        Files.writeString(docs.resolve("other.txt"), "nothing here\n");
        Path outside = Files.writeString(dir.resolve("secret.txt"), "zebra password\n");
        Files.createSymbolicLink(docs.resolve("link.txt"), outside);

        List<JsonNode> answers = serve(
                docs,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"search_resources\","
                        + "\"arguments\":{\"query\":\"ZEBRA\",\"content\":true}}}");

        assertThat(answers.get(0).at("/result/capabilities/tools").isObject()).isTrue();
        JsonNode content = answers.get(1).at("/result/content");
        String guide = docs.toRealPath().toUri() + "guide.md";
        assertThat(content.get(0).get("text").asText())
                .isEqualTo("0 by name, title, description or URI, 1 by content" + " for \"ZEBRA\".");
        assertThat(content.get(1).get("uri").asText()).isEqualTo(guide);
        assertThat(content.get(2).get("text").asText())
                .isEqualTo(guide + ":\n  line 3: The zebra crossing is on line three.");
        assertThat(content.toString()).doesNotContain("password").doesNotContain("secret");
    }

    private static List<JsonNode> serve(Path folder, String... lines) throws Exception {
        Process server = new ProcessBuilder(Cli.java(), "-jar", Cli.jar(), "serve", "--tools", folder.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream in = server.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line : lines) {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
            in.flush();
            List<JsonNode> answers = new ArrayList<>();
            long requests =
                    List.of(lines).stream().filter(l -> l.contains("\"id\"")).count();
            for (String line; answers.size() < requests && (line = out.readLine()) != null; ) {
                answers.add(JSON.readTree(line));
            }
            return answers;
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
