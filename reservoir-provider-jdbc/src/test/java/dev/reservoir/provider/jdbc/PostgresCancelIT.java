package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.query.NamedSql;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's notifications/cancelled, or the server's request timeout, stops the statement on the
 * database server (Statement.cancel), seen in pg_stat_activity; the statement timeout alone is
 * five minutes here, so nothing else could stop it within the test.
 */
@Timeout(120)
class PostgresCancelIT {

    private static final String MARK = "reservoir_cancel_probe";
    private static final NamedQuery SLOW =
            new NamedQuery("slow", null, null, NamedSql.parse("SELECT pg_sleep(300) AS " + MARK), List.of());

    @TempDir
    Path home;

    private PostgresServer pg;
    private Served served;
    private TestClient client;

    @BeforeEach
    void setUp() throws Exception {
        pg = PostgresServer.shared();
        served = Served.of(slowProvider(), Duration.ofSeconds(20));
        client = served.client();
    }

    private JdbcProvider slowProvider() {
        return pg.reader("shop", home)
                .statementTimeout(Duration.ofMinutes(5))
                .query(SLOW)
                .build();
    }

    @AfterEach
    void tearDown() {
        served.close();
    }

    @Test
    void aClientsCancellationStopsTheStatementOnTheServer() throws Exception {
        client.expect("slow-1", McpMethod.RESOURCES_READ.wire());
        client.send(
                "{\"jsonrpc\":\"2.0\",\"id\":\"slow-1\",\"method\":\"resources/read\",\"params\":{\"uri\":\"postgres://shop/queries/slow\"}}");
        awaitRunning(true);
        client.notify("notifications/cancelled", TestClient.json("{\"requestId\":\"slow-1\",\"reason\":\"user\"}"));
        awaitRunning(false);
        client.assertExhausted(Duration.ofMillis(500));
    }

    @Test
    void theServersTimeoutStopsTheStatementOnTheServer() throws Exception {
        try (Served quick = Served.of(slowProvider(), Duration.ofSeconds(2))) {
            assertThat(quick.error("postgres://shop/queries/slow")
                            .get("message")
                            .asText())
                    .containsIgnoringCase("time");
            awaitRunning(false);
        }
    }

    /** Waits until the probe statement is (or is no longer) running on the server. */
    private void awaitRunning(boolean running) throws Exception {
        // Polling pg_stat_activity: the server's state is only seen by asking.
        Eventually.await(
                "the statement " + (running ? "to run" : "to stop") + " on the server",
                Duration.ofSeconds(15),
                () -> probeRunning() == running);
    }

    private boolean probeRunning() throws Exception {
        try (Connection c = pg.admin("shop");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                        + " AND query LIKE '%" + MARK + "%' AND query NOT LIKE '%pg_stat_activity%'")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }
}
