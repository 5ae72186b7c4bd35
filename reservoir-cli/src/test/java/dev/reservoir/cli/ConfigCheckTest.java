package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mistakes in {@code serve --config FILE}: each with its own line, a suggestion, all at once. */
class ConfigCheckTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        return Files.writeString(dir.resolve("reservoir.yaml"), text);
    }

    @Test
    void everyUnknownKeyIsReportedAtItsOwnLineWithTheNearestKnownOne() throws IOException {
        Path config = file("name: docs\npath: [.]\nexlude: [\"*.log\"]\nhttp:\n  listn: 8080\n");
        assertThatThrownBy(() -> ServeConfig.read(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("config file " + config + " has 3 mistakes:\n"
                        + "  line 2: unknown setting 'path'; did you mean 'paths'?\n"
                        + "  line 3: unknown setting 'exlude'; did you mean 'exclude'?\n"
                        + "  line 5: unknown setting 'listn'; did you mean 'listen'?");
    }

    @Test
    void aKeyLikeNoneKnownListsTheKnownOnesInOrder() throws IOException {
        Path config = file("paths: [.]\ncolour: blue\n");
        assertThatThrownBy(() -> ServeConfig.read(config))
                .hasMessage("config file " + config + ", line 2: unknown setting 'colour' (settings: name, paths,"
                        + " exclude, hidden, gitignore, followSymlinks, maxReadSize, stdio, tools, skills, http, replicaId,"
                        + " bus, busPrefix, cursorKeyEnv, cursorKeyFile)");
    }

    @Test
    void badValuesNameTheFileTheLineAndWhatIsExpected() throws IOException {
        Path config = file("hidden: maybe\nmaxReadSize: 64 parsecs\nhttp:\n  ssePoll: soon\n  tls: yes\n");
        assertThatThrownBy(() -> ServeConfig.read(config))
                .hasMessageStartingWith("config file " + config + " has 4 mistakes:")
                .hasMessageContaining("line 1: hidden must be true or false, not 'maybe'")
                .hasMessageContaining("line 2: maxReadSize: '64 parsecs' is not a size")
                .hasMessageContaining("line 4: ssePoll: 'soon' is not a duration")
                .hasMessageContaining("line 5: tls must hold settings");
    }

    @Test
    void aValidFileIsRead() throws IOException {
        Path config = file(
                "name: docs\npaths: ./docs\nexclude: [\"*.log\"]\nhidden: true\n"
                        + "maxReadSize: 8MiB\nhttp:\n  listen: 8080\n  ssePoll: 30s\n  tls: {keystore: k.p12, passwordEnv: P}\n");
        ServeConfig read = ServeConfig.read(config);
        assertThat(read.paths()).isEqualTo(List.of("./docs"));
        assertThat(read.hidden()).isTrue();
        assertThat(read.http().listen()).isEqualTo("8080");
        assertThat(read.http().tls().passwordEnv()).isEqualTo("P");
    }

    @Test
    void aTildeInAPathIsTheHomeFolder() {
        assertThat(ServeConfig.resolve(dir.resolve("c.yaml"), "~/notes"))
                .isEqualTo(Path.of(System.getProperty("user.home"), "notes"));
        assertThat(ServeConfig.home("~")).isEqualTo(Path.of(System.getProperty("user.home")));
        assertThat(ServeConfig.home("a/~b")).isEqualTo(Path.of("a/~b"));
    }
}
