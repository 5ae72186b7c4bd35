package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SetupCommandTest {

    @TempDir
    Path dir;

    @Test
    void printsTheClientConfigurationWithTheLauncherAndAbsolutePaths() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("My Docs"));
        String before = System.getProperty("reservoir.launcher");
        Cli.Run run;
        try {
            System.setProperty("reservoir.launcher", "/opt/reservoir/reservoir");
            run = Cli.run("setup", docs.toString());
        } finally {
            if (before == null) {
                System.clearProperty("reservoir.launcher");
            } else {
                System.setProperty("reservoir.launcher", before);
            }
        }
        assertThat(run.code()).as(run.err()).isZero();
        String out = run.out();
        JsonNode config = new ObjectMapper().readTree(out.substring(out.indexOf('{'), out.lastIndexOf('}') + 1));
        JsonNode entry = config.path("mcpServers").path("my-docs");
        assertThat(entry.path("command").asText()).isEqualTo("/opt/reservoir/reservoir");
        assertThat(out).contains("\"command\": \"/opt/reservoir/reservoir\"");
        assertThat(entry.path("args").toString()).isEqualTo("[\"serve\",\"" + docs + "\"]");
        assertThat(out).contains("/opt/reservoir/reservoir ls stdio:\"/opt/reservoir/reservoir serve '" + docs + "'\"");
    }

    @Test
    void aFolderThatDoesNotExistIsAUsageError() {
        Cli.Run run = Cli.run("setup", dir.resolve("nope").toString());
        assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo("reservoir setup: " + dir.resolve("nope") + ": no such folder\n");
    }
}
