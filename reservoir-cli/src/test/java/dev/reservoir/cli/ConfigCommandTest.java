package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode printedJson(String out) throws IOException {
        return JSON.readTree(out.substring(out.indexOf('{'), out.lastIndexOf('}') + 1));
    }

    @Test
    void vscodeGetsServersWithTypeStdioAndRelativeFoldersMadeAbsolute() throws IOException {
        // The tests run in the module folder, so "src" is a relative folder that exists.
        Cli.Run run = Cli.run("config", "vscode", "src", "--exclude", "*.log", "--http", "0");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode entry = printedJson(run.out()).path("servers").path("src");
        assertThat(entry.path("type").asText()).isEqualTo("stdio");
        List<String> command = JSON.convertValue(entry.path("args"), List.class);
        assertThat(command)
                .endsWith("serve", Path.of("src").toAbsolutePath().toString(), "--exclude", "*.log", "--http", "0");
        assertThat(Path.of(entry.path("command").asText())).isAbsolute();
        assertThat(run.out())
                .contains(Path.of(".vscode/mcp.json").toAbsolutePath().toString());
    }

    @Test
    void claudeAndCursorUseMcpServersInTheirOwnFiles() {
        Map<String, String> env = Map.of("HOME", "/home/ann");
        assertThat(ClientConfig.CLAUDE.location(env, "Linux", dir))
                .isEqualTo(Path.of("/home/ann/.config/Claude/claude_desktop_config.json"));
        assertThat(ClientConfig.CLAUDE.location(env, "Mac OS X", dir))
                .isEqualTo(Path.of("/home/ann/Library/Application Support/Claude/claude_desktop_config.json"));
        assertThat(ClientConfig.CURSOR.location(env, "Linux", dir)).isEqualTo(Path.of("/home/ann/.cursor/mcp.json"));
        assertThat(ClientConfig.VSCODE.location(env, "Linux", dir)).isEqualTo(dir.resolve(".vscode/mcp.json"));
        assertThat(ClientConfig.CURSOR.file("x", List.of("/r", "serve")).toString())
                .isEqualTo("{\"mcpServers\":{\"x\":{\"command\":\"/r\",\"args\":[\"serve\"]}}}");
    }

    @Test
    void installMergesIntoAnExistingFileAfterABackupKeepingEveryOtherServer() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Path file = dir.resolve("claude_desktop_config.json");
        String before =
                """
                {
                  // written by hand
                  "globalShortcut": "Ctrl+Space",
                  "mcpServers": {
                    "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},
                    "docs": {"command": "old"},
                  }
                }
                """;
        Files.writeString(file, before);
        Cli.Run run = Cli.run("config", "claude", "--install", "--file", file.toString(), docs.toString());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode after = JSON.readTree(file.toFile());
        assertThat(after.path("globalShortcut").asText()).isEqualTo("Ctrl+Space");
        assertThat(after.path("mcpServers").path("github").path("args").toString())
                .isEqualTo("[\"-y\",\"@modelcontextprotocol/server-github\"]");
        assertThat(after.path("mcpServers").path("docs").path("args").toString())
                .endsWith(",\"serve\",\"" + docs + "\"]");
        try (Stream<Path> files = Files.list(dir)) {
            Path backup = files.filter(p -> p.getFileName().toString().startsWith("claude_desktop_config.json.bak-"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(backup)).isEqualTo(before);
        }
        assertThat(run.out()).contains("Replaced the server 'docs' in " + file);
    }

    @Test
    void installCreatesAMissingFileAndItsFolders() throws IOException {
        Path file = dir.resolve("home/.cursor/mcp.json");
        Cli.Run run = Cli.run(
                "config", "cursor", "--install", "--file", file.toString(), "--server", "notes", dir.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(JSON.readTree(file.toFile())
                        .path("mcpServers")
                        .path("notes")
                        .path("command")
                        .asText())
                .isNotEmpty();
        assertThat(run.out()).contains("Added the server 'notes'");
    }

    @Test
    void aFileThatIsNotJsonIsLeftAsItIs() throws IOException {
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, "not json");
        Cli.Run run = Cli.run("config", "cursor", "--install", "--file", file.toString(), dir.toString());
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).startsWith("reservoir config: " + file + " was left as it is: it is not JSON");
        assertThat(Files.readString(file)).isEqualTo("not json");
    }

    @Test
    void theInspectorGetsItsCommandLineAndAConfigFile() throws IOException {
        Cli.Run run = Cli.run("config", "inspector", "--demo");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("npx @modelcontextprotocol/inspector ").contains(" serve --demo\n");
        assertThat(printedJson(run.out())
                        .path("mcpServers")
                        .path("reservoir-demo")
                        .path("type")
                        .asText())
                .isEqualTo("stdio");
        Cli.Run install = Cli.run("config", "inspector", "--install", "--demo");
        assertThat(install.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(install.err()).contains("name one with --file");
    }

    @Test
    void unknownClientsMissingFoldersAndBadServeOptionsAreUsageErrors() {
        assertThat(Cli.run("config", "emacs").err())
                .isEqualTo("reservoir config: unknown client 'emacs'; use claude, vscode, cursor or inspector\n");
        Cli.Run missing = Cli.run("config", "claude", dir.resolve("nope").toString());
        assertThat(missing.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).isEqualTo("reservoir config: " + dir.resolve("nope") + ": no such file or folder\n");
        Cli.Run bad = Cli.run("config", "claude", dir.toString(), "--no-such-option");
        assertThat(bad.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.err()).startsWith("reservoir config: serve would refuse these arguments: Unknown option");
    }
}
