package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.provider.jdbc.connect.Credentials;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.ResourceRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Passwords come from a variable, a file or ~/.pgpass; never from a URL, and never show in an error. */
@Timeout(120)
class PostgresCredentialsIT {

    @TempDir
    Path home;

    @Test
    void thePasswordComesFromAFile() throws Exception {
        PostgresServer pg = PostgresServer.shared();
        Path file = Files.writeString(home.resolve("password"), PostgresServer.READER_PASSWORD + "\n");
        try (JdbcProvider provider = JdbcProvider.builder()
                .database(pg.url("shop"))
                .user(PostgresServer.READER)
                .passwordFromFile(file)
                .credentials(new Credentials(Map.of(), home))
                .build()) {
            assertThat(provider.metadata(ResourceRequest.of(java.net.URI.create("postgres://shop/public/customers")))
                            .map(Metadata::resource))
                    .isPresent();
        }
    }

    @Test
    void thePasswordComesFromPgpassByDefault() throws Exception {
        PostgresServer pg = PostgresServer.shared();
        Path pgpass = Files.writeString(
                home.resolve(".pgpass"),
                "# host:port:database:user:password\nother:5432:*:*:wrong\n127.0.0.1:" + pg.port() + ":shop:reader:"
                        + PostgresServer.READER_PASSWORD.replace(":", "\\:") + "\n");
        Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
        try (JdbcProvider provider = JdbcProvider.builder()
                .database("postgresql://reader@127.0.0.1:" + pg.port() + "/shop")
                .credentials(new Credentials(Map.of(), home))
                .build()) {
            assertThat(provider.rootUri().toString()).isEqualTo("postgres://shop/");
        }
    }

    @Test
    void aWrongPasswordFailsWithoutShowingIt() throws Exception {
        PostgresServer pg = PostgresServer.shared();
        assertThatThrownBy(() -> JdbcProvider.builder()
                        .database(pg.url("shop"))
                        .user(PostgresServer.READER)
                        .passwordFromEnv("P")
                        .credentials(new Credentials(Map.of("P", "not-the-password"), home))
                        .build())
                .hasMessage("connecting to jdbc:postgresql://127.0.0.1:" + pg.port()
                        + "/shop failed: the database refused the" + " credentials (SQLSTATE 28P01)")
                .hasMessageNotContaining("not-the-password");
    }

    @Test
    void aPasswordInTheUrlIsRefusedBeforeConnecting() {
        assertThatThrownBy(() -> JdbcProvider.builder()
                        .database("jdbc:postgresql://127.0.0.1:1/shop?user=reader&password=hunter2"))
                .hasMessageStartingWith("a database URL must not hold a password")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> JdbcProvider.builder().database("postgresql://reader:hunter2@127.0.0.1/shop"))
                .hasMessageStartingWith("a database URL must not hold a password")
                .hasMessageNotContaining("hunter2");
    }
}
