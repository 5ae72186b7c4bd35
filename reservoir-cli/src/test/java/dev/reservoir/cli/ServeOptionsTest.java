package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * serve's options are declared through picocli's model, each bound to its field by hand
 * ({@link Bindings}): every option given lands in its own field, and nothing given leaves the
 * fields as declared.
 */
class ServeOptionsTest {

    @Test
    void everyOptionLandsInItsOwnField() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve.commandSpec())
                .parseArgs(
                        "--config",
                        "c.yaml",
                        "--stdio",
                        "--demo",
                        "--demo-change-every",
                        "5s",
                        "--bench-data",
                        "7",
                        "--name",
                        "nm",
                        "--console",
                        "--console-port",
                        "1234",
                        "--verbose",
                        "--max-message-size",
                        "2MiB",
                        "--page-size",
                        "9",
                        "--tools=false",
                        "--skills",
                        "sk",
                        "--http",
                        "127.0.0.1:0",
                        "--allow-host",
                        "h1",
                        "--allow-host",
                        "h2",
                        "--allow-origin",
                        "https://o",
                        "--allow-unauthenticated-network",
                        "--token-env",
                        "TE",
                        "--token-file",
                        "tf",
                        "--tls-keystore",
                        "ks",
                        "--tls-password-env",
                        "PE",
                        "--tls-password-file",
                        "pf",
                        "--max-request-size",
                        "3KiB",
                        "--sse-poll",
                        "2m",
                        "--max-sessions",
                        "11",
                        "--max-streams",
                        "12",
                        "--max-sessions-per-client",
                        "13",
                        "--max-streams-per-client",
                        "14",
                        "--exclude",
                        "*.log",
                        "--exclude",
                        "build/",
                        "--hidden",
                        "--no-gitignore",
                        "--no-follow-symlinks",
                        "--max-read-size",
                        "1MiB",
                        "--replica-id",
                        "r1",
                        "--bus",
                        "redis://b",
                        "--bus-prefix",
                        "bp",
                        "--cursor-key-env",
                        "CE",
                        "--cursor-key-file",
                        "cf",
                        "one",
                        "two");

        assertThat(serve.specs).containsExactly("one", "two");
        assertThat(serve.configFile).isEqualTo(Path.of("c.yaml"));
        assertThat(serve.stdio).isTrue();
        assertThat(serve.demo).isTrue();
        assertThat(serve.changeEvery).isEqualTo(Duration.ofSeconds(5));
        assertThat(serve.benchTexts).isEqualTo(7);
        assertThat(serve.name).isEqualTo("nm");
        assertThat(serve.console).isTrue();
        assertThat(serve.consolePort).isEqualTo(1234);
        assertThat(serve.verbose).isTrue();
        assertThat(serve.maxMessageSize).isEqualTo(2L << 20);
        assertThat(serve.pageSize).isEqualTo(9);
        assertThat(serve.tools).isFalse();
        assertThat(serve.skillsDir).isEqualTo(Path.of("sk"));

        HttpOptions http = serve.httpOptions;
        assertThat(http.http).isEqualTo("127.0.0.1:0");
        assertThat(http.allowHosts).containsExactly("h1", "h2");
        assertThat(http.allowOrigins).containsExactly("https://o");
        assertThat(http.allowUnauthenticatedNetwork).isTrue();
        assertThat(http.tokenEnv).isEqualTo("TE");
        assertThat(http.tokenFile).isEqualTo(Path.of("tf"));
        assertThat(http.keystore).isEqualTo(Path.of("ks"));
        assertThat(http.keystorePasswordEnv).isEqualTo("PE");
        assertThat(http.keystorePasswordFile).isEqualTo(Path.of("pf"));
        assertThat(http.maxRequestBytes).isEqualTo(3L << 10);
        assertThat(http.ssePoll).isEqualTo(Duration.ofMinutes(2));
        assertThat(http.maxSessions).isEqualTo(11);
        assertThat(http.maxStreams).isEqualTo(12);
        assertThat(http.maxSessionsPerClient).isEqualTo(13);
        assertThat(http.maxStreamsPerClient).isEqualTo(14);

        FolderOptions folders = serve.folderOptions;
        assertThat(folders.excludes).containsExactly("*.log", "build/");
        assertThat(folders.hidden).isTrue();
        assertThat(folders.gitignore).isFalse();
        assertThat(folders.followSymlinks).isFalse();
        assertThat(folders.maxReadSize).isEqualTo(1L << 20);

        ReplicaOptions replicas = serve.replicaOptions;
        assertThat(replicas.replicaId).isEqualTo("r1");
        assertThat(replicas.bus).isEqualTo("redis://b");
        assertThat(replicas.busPrefix).isEqualTo("bp");
        assertThat(replicas.cursorKeyEnv).isEqualTo("CE");
        assertThat(replicas.cursorKeyFile).isEqualTo(Path.of("cf"));
    }

    @Test
    void theArgumentsAboveNameEveryOption() {
        // If an option is added, the test above must give it a value: this lists what it covers.
        Set<String> names = new ServeCommand()
                .commandSpec().options().stream()
                        .map(OptionSpec::longestName)
                        .collect(Collectors.toCollection(TreeSet::new));
        assertThat(names)
                .containsExactlyInAnyOrderElementsOf(List.of(
                        "--help",
                        "--version",
                        "--config",
                        "--stdio",
                        "--demo",
                        "--demo-change-every",
                        "--bench-data",
                        "--name",
                        "--console",
                        "--console-port",
                        "--verbose",
                        "--max-message-size",
                        "--page-size",
                        "--tools",
                        "--skills",
                        "--http",
                        "--allow-host",
                        "--allow-origin",
                        "--allow-unauthenticated-network",
                        "--token-env",
                        "--token-file",
                        "--tls-keystore",
                        "--tls-password-env",
                        "--tls-password-file",
                        "--max-request-size",
                        "--sse-poll",
                        "--max-sessions",
                        "--max-streams",
                        "--max-sessions-per-client",
                        "--max-streams-per-client",
                        "--exclude",
                        "--hidden",
                        "--gitignore",
                        "--follow-symlinks",
                        "--max-read-size",
                        "--replica-id",
                        "--bus",
                        "--bus-prefix",
                        "--cursor-key-env",
                        "--cursor-key-file"));
    }

    @Test
    void nothingGivenLeavesTheFieldsAsDeclared() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve.commandSpec()).parseArgs();

        assertThat(serve.specs).isEmpty();
        assertThat(serve.configFile).isNull();
        assertThat(serve.stdio).isNull();
        assertThat(serve.demo).isFalse();
        assertThat(serve.changeEvery).isEqualTo(Duration.ofSeconds(3)); // its default value
        assertThat(serve.benchTexts).isNull();
        assertThat(serve.consolePort).isZero();
        assertThat(serve.tools).isNull();
        assertThat(serve.httpOptions.allowHosts).isEmpty();
        assertThat(serve.httpOptions.allowUnauthenticatedNetwork).isFalse();
        assertThat(serve.folderOptions.excludes).isEmpty();
        assertThat(serve.folderOptions.hidden).isNull();
        assertThat(serve.replicaOptions.bus).isNull();
    }

    @Test
    void aRepeatedSingleOptionIsRefusedAsBefore() {
        ServeCommand serve = new ServeCommand();
        assertThatThrownBy(() -> new CommandLine(serve.commandSpec()).parseArgs("--hidden", "--no-hidden"))
                .isInstanceOf(CommandLine.OverwrittenOptionException.class)
                .hasMessage("option '--hidden' should be specified only once");
    }
}
