package dev.reservoir.provider.jdbc.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgPassTest {

    @TempDir
    Path dir;

    @Test
    void theFirstMatchingLineWinsWithWildcardsAndEscapes() throws Exception {
        Path file = file(
                "# comment\n\ndb.example.com:5432:app:reader:first\n*:*:app:reader:pa\\:ss\\\\word:x\n*:*:*:*:last\n",
                "rw-------");
        assertThat(PgPass.find(file, "db.example.com", 5432, "app", "reader"))
                .map(Secret::reveal)
                .contains("first");
        assertThat(PgPass.find(file, "localhost", 6543, "app", "reader"))
                .map(Secret::reveal)
                .contains("pa:ss\\word:x");
        assertThat(PgPass.find(file, "localhost", 5432, "other", "someone"))
                .map(Secret::reveal)
                .contains("last");
    }

    @Test
    void aFileOthersCanReadIsIgnored() throws Exception {
        Path file = file("*:*:*:*:secret\n", "rw-r--r--");
        assertThat(PgPass.find(file, "h", 5432, "d", "u")).isEmpty();
    }

    @Test
    void aSecretNeverPrintsItself() {
        assertThat(Secret.of("hunter2")).hasToString("****");
    }

    private Path file(String text, String permissions) throws Exception {
        Path file = Files.writeString(dir.resolve(".pgpass"), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }
}
