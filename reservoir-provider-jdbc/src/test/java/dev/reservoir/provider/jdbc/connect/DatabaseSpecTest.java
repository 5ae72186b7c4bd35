package dev.reservoir.provider.jdbc.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.provider.jdbc.sql.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseSpecTest {

    @TempDir
    Path dir;

    @Test
    void aFileWithSqlitesHeaderOrAnEmptyDbFileIsSqlite() throws Exception {
        Path db = Files.write(dir.resolve("App Data.bin"), "SQLite format 3\0 and the rest".getBytes());
        DatabaseSpec spec = DatabaseSpec.recognize(db.toString()).orElseThrow();
        assertThat(spec.engine()).isEqualTo(Engine.SQLITE);
        assertThat(spec.jdbcUrl()).isEqualTo("jdbc:sqlite:" + db.toAbsolutePath());
        assertThat(spec.defaultName()).isEqualTo("app-data");
        assertThat(DatabaseSpec.recognize(
                        Files.createFile(dir.resolve("new.db")).toString()))
                .isPresent();
    }

    @Test
    void foldersAndOtherFilesAreLeftToOtherProviders() throws Exception {
        assertThat(DatabaseSpec.recognize(dir.toString())).isEmpty();
        assertThat(DatabaseSpec.recognize(
                        Files.writeString(dir.resolve("notes.db"), "not sqlite").toString()))
                .isEmpty();
        assertThat(DatabaseSpec.recognize(dir.resolve("missing.db").toString())).isEmpty();
        assertThatThrownBy(() -> DatabaseSpec.parse("sqlite:" + dir.resolve("missing.db")))
                .hasMessageStartingWith("no SQLite database at");
    }

    @Test
    void urlsNameTheEngineTheServerAndTheDatabase() {
        DatabaseSpec pg = DatabaseSpec.parse("jdbc:postgresql://db.example.com:6543/App?user=reader&sslmode=require");
        assertThat(pg.engine()).isEqualTo(Engine.POSTGRES);
        assertThat(pg.user()).isEqualTo("reader");
        assertThat(pg.host()).isEqualTo("db.example.com");
        assertThat(pg.port()).isEqualTo(6543);
        assertThat(pg.defaultName()).isEqualTo("app");
        assertThat(pg.shown()).isEqualTo("jdbc:postgresql://db.example.com:6543/App");
        DatabaseSpec libpq = DatabaseSpec.parse("postgresql://reader@localhost/shop?sslmode=disable");
        assertThat(libpq.jdbcUrl()).isEqualTo("jdbc:postgresql://localhost:5432/shop?sslmode=disable");
        assertThat(libpq.user()).isEqualTo("reader");
        DatabaseSpec h2 = DatabaseSpec.parse("jdbc:h2:mem:inventory;DB_CLOSE_DELAY=-1");
        assertThat(h2.engine()).isEqualTo(Engine.GENERIC);
        assertThat(h2.defaultName()).isEqualTo("inventory");
    }

    @Test
    void aPasswordInASpecIsRefusedWithoutRepeatingIt() {
        for (String spec : new String[] {
            "jdbc:postgresql://h/db?password=hunter2",
            "jdbc:h2:mem:x;PASSWORD=hunter2",
            "postgres://u:hunter2@h/db",
            "postgresql://h/db?user=u&password=hunter2"
        }) {
            assertThatThrownBy(() -> DatabaseSpec.parse(spec))
                    .as(spec)
                    .hasMessageNotContaining("hunter2")
                    .hasMessageStartingWith("a database URL must not hold a password");
        }
    }
}
