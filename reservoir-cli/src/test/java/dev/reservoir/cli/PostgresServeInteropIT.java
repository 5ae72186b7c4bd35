package dev.reservoir.cli;

import static dev.reservoir.cli.ResourcesStdio.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.testkit.PostgresServerProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reservoir serve 'jdbc:postgresql://...'} as an MCP host runs it, against a real
 * PostgreSQL the test starts: the built jar spawned by the official TypeScript SDK over stdio
 * with the SDK's default environment plus the {@code PGUSER} and {@code PGPASSWORD} a host's
 * configuration gives it (never the command line): schemas and tables listed, the schema and rows
 * read as inserted (a value outside ASCII included), and a subscriber hears of a row another
 * session inserts while it is served. PostgreSQL must be installed (CI installs it): without it
 * this test fails, saying so, rather than being skipped.
 */
@Timeout(300)
class PostgresServeInteropIT {

    private static final String USER = "app_reader";
    private static final String PASSWORD = "r3ader pass:word";
    private static final String TABLE = "postgres://app/public/people";
    private static final String ROWS = TABLE + "/rows";

    private static PostgresServerProcess pg;

    @TempDir
    Path dir;

    @BeforeAll
    static void database() throws Exception {
        pg = PostgresServerProcess.start();
        exec("postgres", "CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'", "CREATE DATABASE app");
        exec(
                "app",
                "CREATE TABLE people (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL)",
                "COMMENT ON TABLE people IS 'Everyone we know'",
                "GRANT SELECT ON people TO " + USER);
        try (Connection c = admin()) {
            insert(c, "Ada");
            insert(c, "Zoë 日本");
        }
    }

    @AfterAll
    static void stop() {
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void aSessionClientListsTheDatabaseReadsSchemaAndRowsAndHearsOfAnInsert() throws Exception {
        List<JsonNode> answers = ResourcesStdio.sdk1(dir, pg.url("app"))
                .env(Map.of("PGUSER", USER, "PGPASSWORD", PASSWORD))
                .list()
                .read(TABLE + "/schema")
                .read(ROWS)
                .subscribe(ROWS, "insert")
                .read(ROWS)
                .run(words -> {
                    assertThat(words).containsExactly("FIRE", "insert");
                    try (Connection c = admin()) {
                        insert(c, "Émile \"quoted\", too");
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
        assertThat(answers.get(0).path("protocolVersion").asText()).isEqualTo("2025-11-25");
        // No named queries are configured, so there is no queries collection.
        assertThat(ResourcesStdio.uris(result(answers.get(1))))
                .containsExactly(
                        "postgres://app/",
                        "postgres://app/overview",
                        "postgres://app/public",
                        TABLE,
                        TABLE + "/schema",
                        ROWS,
                        TABLE + "/stats");
        JsonNode schema = result(answers.get(2)).path("contents");
        assertThat(schema.findValuesAsText("mimeType")).containsExactly("application/json", "application/sql");
        assertThat(schema.get(1).path("text").asText())
                .contains("CREATE TABLE", "people", "PRIMARY KEY", "Everyone we know");
        assertRows(answers.get(3), "1,Ada\r\n2,Zoë 日本\r\n");
        assertThat(result(answers.get(4)).path("updated"))
                .isNotEmpty()
                .allSatisfy(uri -> assertThat(uri.asText()).startsWith(TABLE))
                .anySatisfy(uri -> assertThat(uri.asText()).isEqualTo(ROWS));
        assertRows(answers.get(5), "1,Ada\r\n2,Zoë 日本\r\n3,\"Émile \"\"quoted\"\", too\"\r\n");
        assertThat(answers.toString()).as("the password is never echoed").doesNotContain(PASSWORD);
    }

    /** A rows read: CSV with its header first, then JSON Lines, both of the requested URI. */
    private static void assertRows(JsonNode answer, String csvRows) {
        JsonNode contents = result(answer).path("contents");
        assertThat(contents.findValuesAsText("uri")).containsExactly(ROWS, ROWS);
        assertThat(contents.get(0).path("mimeType").asText()).isEqualTo("text/csv");
        assertThat(contents.get(0).path("text").asText()).isEqualTo("id,name\r\n" + csvRows);
        assertThat(contents.get(1).path("mimeType").asText()).isEqualTo("application/jsonl");
        assertThat(contents.get(1).path("text").asText().lines())
                .hasSize((int) csvRows.lines().count());
    }

    private static Connection admin() throws SQLException {
        return admin("app");
    }

    private static Connection admin(String database) throws SQLException {
        return DriverManager.getConnection(pg.url(database), "postgres", PostgresServerProcess.SUPERUSER_PASSWORD);
    }

    private static void exec(String database, String... sql) throws SQLException {
        try (Connection c = admin(database);
                Statement s = c.createStatement()) {
            for (String statement : sql) {
                s.execute(statement);
            }
        }
    }

    private static void insert(Connection c, String name) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO people (name) VALUES (?)")) {
            insert.setString(1, name);
            insert.executeUpdate();
        }
    }
}
