package dev.reservoir.provider.jdbc.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialsTest {

    @TempDir
    Path home;

    @Test
    void passwordsComeFromTheNamedVariableOrFile() throws Exception {
        Credentials credentials = new Credentials(Map.of("DB_PW", "from-env"), home);
        assertThat(credentials.password(new PasswordSource.Env("DB_PW"), "h", 5432, "d", "u"))
                .map(Secret::reveal)
                .contains("from-env");
        Path file = Files.writeString(home.resolve("pw"), "from-file\r\n");
        assertThat(credentials.password(new PasswordSource.File(file), "h", 5432, "d", "u"))
                .map(Secret::reveal)
                .contains("from-file");
    }

    @Test
    void aMissingSourceSaysWhichOneWithoutAnyValue() {
        Credentials credentials = new Credentials(Map.of(), home);
        assertThatThrownBy(() -> credentials.password(new PasswordSource.Env("DB_PW"), "h", 5432, "d", "u"))
                .hasMessage("the password variable DB_PW is not set");
        assertThatThrownBy(
                        () -> credentials.password(new PasswordSource.File(home.resolve("none")), "h", 5432, "d", "u"))
                .hasMessageStartingWith("cannot read the password file");
    }

    @Test
    void libpqTakesPgpasswordThenThePasswordFile() throws Exception {
        Files.writeString(home.resolve(".pgpass"), "*:*:*:*:from-pgpass\n");
        Files.setPosixFilePermissions(
                home.resolve(".pgpass"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertThat(new Credentials(Map.of("PGPASSWORD", "from-env"), home)
                        .password(new PasswordSource.Libpq(), "h", 1, "d", "u"))
                .map(Secret::reveal)
                .contains("from-env");
        assertThat(new Credentials(Map.of(), home).password(new PasswordSource.Libpq(), "h", 1, "d", "u"))
                .map(Secret::reveal)
                .contains("from-pgpass");
        assertThat(new Credentials(Map.of("PGPASSFILE", home.resolve("none").toString()), home)
                        .password(new PasswordSource.Libpq(), "h", 1, "d", "u"))
                .isEmpty();
    }
}
