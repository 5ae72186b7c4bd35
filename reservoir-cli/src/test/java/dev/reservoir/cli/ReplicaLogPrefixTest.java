package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.McpServerBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replica's name starts every log line whether it comes from an option or from the config file. */
class ReplicaLogPrefixTest {

    @TempDir
    Path dir;

    private String config(String yaml) throws IOException {
        return Files.writeString(dir.resolve("reservoir.yaml"), yaml).toString();
    }

    @Test
    void theConfigFilesReplicaIdIsThePrefixTheOptionGives() throws IOException {
        String file = config("replicaId: web-1\nbus: redis://127.0.0.1:6379\n");
        String fromOption = Main.replicaPrefix(new String[] {"serve", "--replica-id", "web-1"});
        assertThat(fromOption).isEqualTo("'web-1 '");
        assertThat(Main.replicaPrefix(new String[] {"serve", "--config", file, "."}))
                .isEqualTo(fromOption);
        assertThat(Main.replicaPrefix(new String[] {"serve", "--config=" + file}))
                .isEqualTo(fromOption);
    }

    @Test
    void theOptionWinsOverTheFileAndAQuoteIsDoubled() throws IOException {
        String file = config("replicaId: web-1\n");
        assertThat(Main.replicaPrefix(new String[] {"serve", "--config", file, "--replica-id", "o'brien"}))
                .isEqualTo("'o''brien '");
    }

    @Test
    void aBusInTheFileNamesTheReplicaByItsDefaultName() throws IOException {
        String file = config("bus: redis://127.0.0.1:6379\n");
        assertThat(Main.replicaPrefix(new String[] {"serve", "--config", file}))
                .isEqualTo("'" + McpServerBuilder.defaultReplicaId() + " '");
    }

    @Test
    void aFileWithoutReplicaKeysOrThatCannotBeReadAddsNoPrefix() throws IOException {
        String file = config("paths: [.]\n");
        assertThat(Main.replicaPrefix(new String[] {"serve", "--config", file})).isEmpty();
        assertThat(Main.replicaPrefix(new String[] {
                    "serve", "--config", dir.resolve("missing.yaml").toString()
                }))
                .isEmpty();
        assertThat(Main.replicaPrefix(new String[] {"serve", "--config", config("replicaId: [unclosed\n")}))
                .isEmpty();
    }
}
