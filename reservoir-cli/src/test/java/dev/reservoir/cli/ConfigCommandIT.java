package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code reservoir config} prints starts a working server: the printed command and
 * arguments, given as they are to the TypeScript SDK's stdio client from another folder and a
 * bare environment (as a client would), serve the folder named relative to where config ran.
 */
class ConfigCommandIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void thePrintedVscodeConfigurationServesTheFolderFromAnywhere() throws Exception {
        Path docs = Files.createDirectories(dir.resolve("project/docs"));
        Files.writeString(docs.resolve("README.md"), "# Hello\n");
        Process config = new ProcessBuilder(Cli.java(), "-jar", Cli.jar(), "config", "vscode", "docs")
                .directory(dir.resolve("project").toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String out = new String(config.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(config.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(config.exitValue()).as(out).isZero();
        JsonNode entry = JSON.readTree(out.substring(out.indexOf('{'), out.lastIndexOf('}') + 1))
                .path("servers")
                .path("docs");

        ObjectNode plan = JSON.createObjectNode()
                .put("command", entry.path("command").asText())
                .put("cwd", "/");
        plan.set("args", entry.path("args"));
        String readme = docs.toRealPath().toUri().toString() + "README.md";
        plan.putArray("read").add(readme);
        JsonNode result = SdkFolderClient.run(plan, () -> {});

        assertThat(result.path("failure").isMissingNode()).as(result.toString()).isTrue();
        assertThat(result.at("/resources").findValuesAsText("uri")).contains(readme);
        assertThat(result.path("reads").path(readme).path("text").asText()).isEqualTo("# Hello\n");
    }
}
