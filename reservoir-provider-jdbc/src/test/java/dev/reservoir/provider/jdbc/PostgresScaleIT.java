package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database of 10,000 tables lists page by page; a table of a million rows streams through a 64
 * MiB heap, and so do rows whose values are megabytes long.
 */
@Timeout(600)
class PostgresScaleIT {

    static final int TABLES = 10_000;
    static final int ROWS = 1_000_000;
    static final int WIDE_ROWS = 120;

    private static PostgresServer pg;

    @TempDir
    Path home;

    @BeforeAll
    static void createDatabases() throws Exception {
        pg = PostgresServer.shared();
        pg.exec("postgres", "CREATE DATABASE many", "CREATE DATABASE big", "CREATE DATABASE wide");
        pg.exec(
                "wide",
                // 2 MiB of text and 1 MiB of binary a row (stored small: TOAST compresses the repeats).
                "CREATE TABLE docs AS SELECT g AS id, repeat(md5(g::text), 65536) AS body,"
                        + " decode(repeat(md5(g::text), 32768), 'hex') AS scan FROM generate_series(1, " + WIDE_ROWS
                        + ") g",
                "ALTER TABLE docs ADD PRIMARY KEY (id)");
        pg.exec(
                "many",
                // Plain tables (no index, no TOAST) committed in batches: one transaction runs out of locks.
                "DO $$ BEGIN FOR i IN 1.." + TABLES + " LOOP"
                        + " EXECUTE format('CREATE TABLE %I (id int, v int)', 't' || lpad(i::text, 5, '0'));"
                        + " IF i % 1000 = 0 THEN COMMIT; END IF; END LOOP; END $$");
        pg.exec(
                "big",
                "CREATE TABLE big AS SELECT g AS id, md5(g::text) AS a, md5((g * 7)::text) AS b,"
                        + " timestamptz '2024-01-01' + g * interval '1 second' AS at FROM generate_series(1, " + ROWS
                        + ") g",
                "ALTER TABLE big ADD PRIMARY KEY (id)",
                "ANALYZE big");
    }

    private JdbcProvider provider(String database) {
        return pg.superuser(database, home).build();
    }

    @Test
    void tenThousandTablesListPageByPageThroughTheServer() {
        try (McpServer server = McpServer.builder()
                        .provider(provider("many"))
                        .pageSize(500)
                        .build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            List<String> uris = new ArrayList<>();
            int pages = 0;
            String cursor = null;
            do {
                var params = TestClient.json("{}").put("uri", "postgres://many/public");
                if (cursor != null) {
                    params.put("cursor", cursor);
                }
                JsonNode page = client.result(McpMethod.RESOURCES_LIST.wire(), params);
                assertThat(page.get("resources").size()).isLessThanOrEqualTo(500);
                page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
                cursor = page.path("nextCursor").asText(null);
                pages++;
            } while (cursor != null);
            assertThat(pages).isEqualTo(TABLES / 500);
            assertThat(uris).hasSize(TABLES).doesNotHaveDuplicates();
            assertThat(uris.getFirst()).isEqualTo("postgres://many/public/t00001");
            assertThat(uris.getLast()).isEqualTo("postgres://many/public/t10000");
        }
    }

    @Test
    void theWholeListingOfTenThousandTablesNeitherRepeatsNorSkips() {
        try (JdbcProvider provider = provider("many")) {
            Set<String> seen = new HashSet<>();
            String cursor = null;
            do {
                Page<Resource> page = provider.list(new ListRequest(null, cursor, 997));
                page.items()
                        .forEach(r -> assertThat(seen.add(r.uri())).as(r.uri()).isTrue());
                cursor = page.nextCursor();
            } while (cursor != null);
            assertThat(seen).hasSize(3 + TABLES * 4); // database, overview, schema; four per table
        }
    }

    @Test
    void aMillionRowsStreamThroughASmallHeap() throws Exception {
        long csvChars = streamRowsIn64MiB("big", "postgres://big/public/big/rows?limit=" + ROWS, ROWS);
        assertThat(csvChars).isGreaterThan(64L << 20); // more than the whole heap, in each format
    }

    /**
     * 120 rows of 3 MiB each (360 MiB a format) through a 64 MiB heap: the driver holds a whole
     * fetch, values uncut, so fetches are sized by the rows read. With 500 rows a fetch, even the
     * 50 rows of a sample ran out of memory.
     */
    @Test
    void rowsOfMegabyteValuesStreamThroughASmallHeap() throws Exception {
        long csvChars = streamRowsIn64MiB("wide", "postgres://wide/public/docs/rows?limit=" + WIDE_ROWS, WIDE_ROWS);
        // Each value cut to 2,000 characters (the default maxValueChars) and marked: ~4 KiB a row.
        assertThat(csvChars).isBetween(WIDE_ROWS * 4_000L, WIDE_ROWS * 4_100L);
    }

    /**
     * Reads a rows URI to its end, both formats, in a JVM of 64 MiB heap; checks that every row came
     * in each, and returns the characters of the CSV.
     */
    private static long streamRowsIn64MiB(String database, String uri, int limit) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(
                java,
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                StreamRows.class.getName(),
                pg.url(database),
                "postgres",
                uri,
                Integer.toString(limit));
        builder.environment().put("PGPASSWORD", PostgresServer.SUPERUSER_PASSWORD);
        Process process = builder.redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out)
                .contains("text/csv lines=" + (limit + 1) + " ")
                .contains("application/jsonl lines=" + limit + " ");
        return Long.parseLong(out.replaceAll("(?s).*text/csv lines=\\d+ chars=(\\d+).*", "$1"));
    }
}
