package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Another process's writes to a SQLite file reach subscribers: data_version for rows, schema_version for the list. */
@Timeout(60)
class SqliteLiveTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private Path file;
    private Served served;
    private TestClient client;

    @BeforeEach
    void setUp() throws Exception {
        file = SqliteFixture.shop(dir);
        JdbcProvider provider = JdbcProvider.builder()
                .sqlite(file)
                .pollInterval(Duration.ofMillis(100))
                .build();
        served = Served.of(provider);
        client = served.client();
    }

    @AfterEach
    void tearDown() {
        served.close();
    }

    @Test
    void aWriteTellsSubscribersOfTheRowsAndStatsThatTheyChanged() throws Exception {
        subscribe("sqlite://shop/main/orders/rows?limit=2");
        subscribe("sqlite://shop/main/orders/stats");
        subscribe("sqlite://shop/main/orders/schema");
        write("INSERT INTO orders (id, customer_id, placed_at, status, total) VALUES (99, 2, '2024-05-01', 'open', 1)");
        JsonNode first = client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, WAIT);
        JsonNode second = client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, WAIT);
        assertThat(java.util.List.of(
                        first.get("params").get("uri").asText(),
                        second.get("params").get("uri").asText()))
                .containsExactlyInAnyOrder("sqlite://shop/main/orders/rows?limit=2", "sqlite://shop/main/orders/stats");
        client.assertExhausted(Duration.ofMillis(500));
    }

    @Test
    void creatingAlteringAndDroppingTablesChangesTheList() throws Exception {
        subscribe("sqlite://shop/main/products/schema");
        write("CREATE TABLE added (id INTEGER PRIMARY KEY)");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, WAIT);
        write("ALTER TABLE products ADD COLUMN weight REAL");
        JsonNode updated = client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, WAIT);
        assertThat(updated.get("params").get("uri").asText()).isEqualTo("sqlite://shop/main/products/schema");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, WAIT);
        write("DROP TABLE added");
        client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, WAIT);
    }

    private void subscribe(String uri) {
        served.subscribe(uri);
    }

    private void write(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
