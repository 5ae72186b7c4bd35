package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.sql.Engine;
import java.nio.file.Path;
import java.sql.SQLException;

/** The sample schema in a SQLite file. */
final class SqliteFixture {

    private SqliteFixture() {}

    /** Creates {@code dir/shop.db} holding the sample schema. */
    static Path shop(Path dir) throws SQLException {
        Path file = dir.resolve("shop.db");
        SampleSchema.create("jdbc:sqlite:" + file, null, null, Engine.SQLITE);
        return file;
    }
}
