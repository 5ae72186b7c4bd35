package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes by another session reach subscribers: table statistics counters for rows and stats,
 * catalog row versions for the list and schemas, and NOTIFY on a channel when asked. Each test
 * works in a database of its own, so no other test's writes are heard.
 */
@Timeout(120)
class PostgresLiveIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static int databases;

    @TempDir
    Path home;

    private PostgresServer pg;
    private String db;
    private Served served;
    private TestClient client;

    @BeforeEach
    void setUp() throws Exception {
        pg = PostgresServer.shared();
        db = "live" + (++databases);
        pg.exec("postgres", "CREATE DATABASE " + db);
        pg.exec(
                db,
                "CREATE TABLE items (id int PRIMARY KEY, name text)",
                "CREATE TABLE other (id int PRIMARY KEY)",
                "INSERT INTO items VALUES (1, 'one')");
        JdbcProvider provider = pg.superuser(db, home)
                .pollInterval(Duration.ofMillis(200))
                .listen("reservoir")
                .build();
        served = Served.of(provider);
        client = served.client();
    }

    @AfterEach
    void tearDown() throws Exception {
        served.close();
        pg.exec("postgres", "DROP DATABASE " + db + " WITH (FORCE)");
    }

    @Test
    void aCommittedWriteTellsSubscribersOfThatTablesRowsAndStats() throws Exception {
        subscribe("postgres://" + db + "/public/items/rows");
        subscribe("postgres://" + db + "/public/items/stats");
        subscribe("postgres://" + db + "/public/other/rows");
        pg.exec(db, "INSERT INTO items VALUES (2, 'two')");
        List<String> uris = List.of(updated(), updated());
        assertThat(uris)
                .containsExactlyInAnyOrder(
                        "postgres://" + db + "/public/items/rows", "postgres://" + db + "/public/items/stats");
        client.assertExhausted(Duration.ofSeconds(2));
    }

    @Test
    void ddlChangesTheListAndTheAlteredTablesSchema() throws Exception {
        subscribe("postgres://" + db + "/public/items/schema");
        pg.exec(db, "CREATE TABLE added (id int)");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, WAIT);
        pg.exec(db, "ALTER TABLE items ADD COLUMN price numeric");
        assertThat(updated()).isEqualTo("postgres://" + db + "/public/items/schema");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, WAIT);
        pg.exec(db, "COMMENT ON COLUMN items.price IS 'in euros'");
        assertThat(updated()).isEqualTo("postgres://" + db + "/public/items/schema");
        pg.exec(db, "DROP TABLE added");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, WAIT);
    }

    @Test
    void aNotifyNamingATableIsHeardWithoutWaitingForStatistics() throws Exception {
        subscribe("postgres://" + db + "/public/other/rows");
        pg.exec(db, "NOTIFY reservoir, 'public.other'");
        assertThat(updated()).isEqualTo("postgres://" + db + "/public/other/rows");
    }

    private void subscribe(String uri) {
        served.subscribe(uri);
    }

    private String updated() {
        return served.updated(WAIT);
    }
}
