package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How the command line talks about itself: help and usage errors. */
class UsageTest {

    @Test
    void noCommandIsAUsageError() {
        Cli.Run run = Cli.run();
        assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).startsWith("Usage: reservoir");
    }

    @Test
    void aBadValueIsOneLineAndAHintNotTheWholeUsage() {
        Cli.Run run = Cli.run("ls", "--timeout", "banana", "http://127.0.0.1:1/mcp");
        assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines())
                .containsExactly(
                        "reservoir ls: Invalid value for option '--timeout': 'banana' is not a duration;"
                                + " use 3s, 500ms, 2m or 1h",
                        "Try 'reservoir ls --help' for more.");
    }

    @Test
    void aMistypedCommandGetsSuggestions() {
        Cli.Run run = Cli.run("sevre");
        assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err())
                .contains("Did you mean: reservoir read or reservoir serve?")
                .doesNotContain("Usage:");
    }

    @Test
    void commandSummariesAreWholeSentences() {
        Cli.Run help = Cli.run("--help");
        assertThat(help.out()).containsPattern("\\n  serve +Serve folders as MCP resources, over stdio or HTTP\\.\\n");
    }

    @Test
    void helpIsWrappedOnceAndTheServerExampleStaysOnOneLine() {
        Cli.Run help = Cli.run("ls", "--help");
        assertThat(help.out().lines())
                .contains("  reservoir ls stdio:\"npx -y @modelcontextprotocol/server-everything\"")
                .allMatch(l -> l.length() <= 80, "at most 80 columns");
        // One paragraph, wrapped by picocli only: no short line in the middle of a sentence.
        String description =
                help.out().substring(0, help.out().indexOf("      SERVER")).replaceAll("\\s+", " ");
        assertThat(description)
                .contains("On a terminal the table fits its width (long names, types and URIs are shortened with …);");
    }

    @Test
    void exitCodesAreListedAsTheyAre() {
        assertThat(Cli.run("watch", "--help").out())
                .containsPattern("\\n  7 +the server does not offer")
                .containsPattern("\\n  130 +interrupted");
        assertThat(Cli.run("serve", "--help").out())
                .containsPattern(
                        "\\n  0 +the client closed stdin or stdout \\(stdio\\), or the server was\\n +stopped \\(SIGTERM, Ctrl-C\\)")
                .containsPattern("\\n  130, 143 +a second Ctrl-C or SIGTERM stopped it without waiting");
        assertThat(Cli.run("ls", "--help").out())
                .containsPattern("\\n  5 +the server did not connect or answer in time");
    }
}
