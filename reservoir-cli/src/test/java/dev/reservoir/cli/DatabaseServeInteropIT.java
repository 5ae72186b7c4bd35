package dev.reservoir.cli;

import static dev.reservoir.cli.ResourcesStdio.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reservoir serve ./x.db} as an MCP host runs it: the built jar spawned by the official
 * TypeScript SDK over stdio with only HOME and PATH (no locale), serving a SQLite file the test
 * writes through JDBC: the tables list, rows read as inserted (a value outside ASCII included),
 * and a subscriber hears of a row the test inserts while it is served.
 */
@Timeout(300)
class DatabaseServeInteropIT {

    private static final String ROWS = "sqlite://x/main/people/rows";

    @TempDir
    Path dir;

    @BeforeEach
    void database() throws SQLException {
        try (Connection c = connect()) {
            c.createStatement().execute("create table people (id integer primary key, name text not null)");
            insert(c, "Ada");
            insert(c, "Zoë 日本");
        }
    }

    @Test
    void aSessionClientListsTablesReadsRowsAndHearsOfAnInsert() throws Exception {
        List<JsonNode> answers = ResourcesStdio.sdk1(dir, "./x.db")
                .list()
                .read(ROWS)
                .subscribe(ROWS, "insert")
                .read(ROWS)
                .run(words -> {
                    assertThat(words).containsExactly("FIRE", "insert");
                    try (Connection c = connect()) {
                        insert(c, "Émile \"quoted\", too");
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
        assertThat(answers.get(0).path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(ResourcesStdio.uris(result(answers.get(1))))
                .containsExactly(
                        "sqlite://x/",
                        "sqlite://x/overview",
                        "sqlite://x/main",
                        "sqlite://x/main/people",
                        "sqlite://x/main/people/schema",
                        ROWS,
                        "sqlite://x/main/people/stats");

        assertRows(
                answers.get(2),
                "1,Ada\r\n2,Zoë 日本\r\n",
                """
                {"id":1,"name":"Ada"}
                {"id":2,"name":"Zoë 日本"}
                """);
        // Only the subscribed URI is told of, at least once (SQLite reports any commit to every subscriber).
        assertThat(result(answers.get(3)).path("updated")).isNotEmpty().allSatisfy(uri -> assertThat(uri.asText())
                .isEqualTo(ROWS));
        assertRows(
                answers.get(4),
                "1,Ada\r\n2,Zoë 日本\r\n3,\"Émile \"\"quoted\"\", too\"\r\n",
                """
                {"id":1,"name":"Ada"}
                {"id":2,"name":"Zoë 日本"}
                {"id":3,"name":"Émile \\"quoted\\", too"}
                """);
    }

    /** A rows read: CSV (with its header), then JSON Lines, both of the requested URI. */
    private static void assertRows(JsonNode answer, String csvRows, String jsonLines) {
        JsonNode contents = result(answer).path("contents");
        assertThat(contents).hasSize(2);
        assertThat(contents.findValuesAsText("uri")).containsExactly(ROWS, ROWS);
        assertThat(contents.get(0).path("mimeType").asText()).isEqualTo("text/csv");
        assertThat(contents.get(0).path("text").asText()).isEqualTo("id,name\r\n" + csvRows);
        assertThat(contents.get(1).path("mimeType").asText()).isEqualTo("application/jsonl");
        assertThat(contents.get(1).path("text").asText()).isEqualTo(jsonLines);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("x.db"));
    }

    private static void insert(Connection c, String name) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("insert into people (name) values (?)")) {
            insert.setString(1, name);
            insert.executeUpdate();
        }
    }
}
