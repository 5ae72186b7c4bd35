package dev.reservoir.provider.jdbc;

import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.testkit.TestClient;
import java.io.Reader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Figures for the database provider against a PostgreSQL of its own (started as the tests start
 * it), printed with ratios from the same run; nothing is asserted. Run with
 * {@code reservoir-provider-jdbc/bench}; {@code reservoir-provider-jdbc/bench -Dbench.rows=1000000}
 * shrinks the big table (default 10,000,000).
 *
 * <ul>
 *   <li>rows streamed (MB/s of CSV and of JSON Lines, provider level, both formats drained) next to
 *       {@code psql -c "\copy (SELECT …) TO STDOUT CSV HEADER"} as the floor;
 *   <li>the overview of a 500-table schema (ms);
 *   <li>listing 10,000 tables (the whole listing, 40,003 resources, and one schema's 10,000);
 *   <li>from a committed write to the {@code updated} notification (statistics polling every
 *       200 ms, and NOTIFY).
 * </ul>
 */
public final class JdbcBench {

    private static final int RUNS = 3;

    private JdbcBench() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("bench.rows", 10_000_000L);
        PostgresServer pg = PostgresServer.shared();
        Path home = Files.createTempDirectory("jdbc-bench");
        System.out.printf(
                Locale.ROOT, "JdbcBench: PostgreSQL at %s, %,d rows; medians of %d runs%n", pg.url(""), rows, RUNS);
        try {
            rows(pg, home, rows);
            overview(pg, home);
            listing(pg, home);
            notifications(pg, home);
        } finally {
            pg.stop();
            System.exit(0);
        }
    }

    private static JdbcProvider provider(PostgresServer pg, Path home, String db, long maxRows) {
        return pg.superuser(db, home)
                .maxRows((int) Math.min(Integer.MAX_VALUE, maxRows))
                .maxBytes(Long.MAX_VALUE)
                .pollInterval(Duration.ofMillis(200))
                .listen("bench")
                .build();
    }

    private static void rows(PostgresServer pg, Path home, long rows) throws Exception {
        long t0 = System.nanoTime();
        pg.exec("postgres", "CREATE DATABASE bench_rows");
        pg.exec(
                "bench_rows",
                "CREATE TABLE big AS SELECT g AS id, md5(g::text) AS a, (g % 1000) * 1.5 AS amount,"
                        + " timestamptz '2024-01-01' + g * interval '1 second' AS at FROM generate_series(1, " + rows
                        + ") g",
                "ALTER TABLE big ADD PRIMARY KEY (id)",
                "VACUUM ANALYZE big");
        System.out.printf(Locale.ROOT, "  (made the %,d-row table in %.1f s)%n", rows, seconds(System.nanoTime() - t0));
        long[] psqlBytes = new long[1];
        double psql = median(() -> {
            long start = System.nanoTime();
            psqlBytes[0] = psqlCopy(pg, "\\copy (SELECT * FROM big ORDER BY id) TO STDOUT CSV HEADER");
            return System.nanoTime() - start;
        });
        try (JdbcProvider provider = provider(pg, home, "bench_rows", rows)) {
            long[] sizes = new long[2];
            long[] times = new long[2];
            List<Long> csvRuns = new ArrayList<>();
            List<Long> jsonRuns = new ArrayList<>();
            for (int run = -1; run < RUNS; run++) { // run -1 warms the JIT up and is not counted
                ReadResult result = provider.read(ReadRequest.of(
                        URI.create("postgres://bench_rows/public/big/rows?limit=" + rows),
                        new ReadOptions(50, 1 << 20, Long.MAX_VALUE)));
                for (int i = 0; i < 2; i++) {
                    long start = System.nanoTime();
                    sizes[i] = drain(result.contents().get(i).body().openReader());
                    times[i] = System.nanoTime() - start;
                }
                if (run >= 0) {
                    csvRuns.add(times[0]);
                    jsonRuns.add(times[1]);
                }
            }
            double csv = median(csvRuns);
            double json = median(jsonRuns);
            double floor = mbps(psqlBytes[0], psql);
            System.out.printf(
                    Locale.ROOT,
                    "rows streamed: psql \\copy CSV %.0f MB/s (%,d bytes, %.2f s) [floor]%n",
                    floor,
                    psqlBytes[0],
                    seconds(psql));
            System.out.printf(
                    Locale.ROOT,
                    "rows streamed: reservoir CSV %.0f MB/s (%,d chars, %.2f s) = %.2fx the floor%n",
                    mbps(sizes[0], csv),
                    sizes[0],
                    seconds(csv),
                    mbps(sizes[0], csv) / floor);
            System.out.printf(
                    Locale.ROOT,
                    "rows streamed: reservoir JSON Lines %.0f MB/s (%,d chars, %.2f s) = %.2fx the floor%n",
                    mbps(sizes[1], json),
                    sizes[1],
                    seconds(json),
                    mbps(sizes[1], json) / floor);
        }
    }

    private static void overview(PostgresServer pg, Path home) throws Exception {
        pg.exec("postgres", "CREATE DATABASE bench_overview");
        pg.exec(
                "bench_overview",
                "DO $$ BEGIN FOR i IN 1..500 LOOP EXECUTE format('CREATE TABLE %I (id bigint PRIMARY KEY,"
                        + " parent_id bigint REFERENCES %I (id), name text NOT NULL, email text, amount numeric(12,2), created_at timestamptz,"
                        + " flags int, note text)', 't' || lpad(i::text, 3, '0'), 't' || lpad(greatest(i - 1, 1)::text, 3, '0'));"
                        + " IF i % 100 = 0 THEN COMMIT; END IF; END LOOP; END $$",
                "ANALYZE");
        try (JdbcProvider provider = provider(pg, home, "bench_overview", 1000)) {
            URI uri = URI.create("postgres://bench_overview/overview");
            long[] size = new long[1];
            provider.read(ReadRequest.of(uri, ReadOptions.DEFAULT)); // warm-up
            double ms = median(
                    () -> timed(() -> size[0] = Bodies.text(provider.read(ReadRequest.of(uri, ReadOptions.DEFAULT))
                                    .contents()
                                    .getFirst()
                                    .body())
                            .length()));
            System.out.printf(
                    Locale.ROOT,
                    "overview of 500 tables x 8 columns: %.1f ms (%,d chars, cut at the 64 KiB budget)%n",
                    ms / 1e6,
                    size[0]);
        }
    }

    private static void listing(PostgresServer pg, Path home) throws Exception {
        pg.exec("postgres", "CREATE DATABASE bench_many");
        pg.exec(
                "bench_many",
                "DO $$ BEGIN FOR i IN 1..10000 LOOP EXECUTE format('CREATE TABLE %I (id int, v int)',"
                        + " 't' || lpad(i::text, 5, '0')); IF i % 1000 = 0 THEN COMMIT; END IF; END LOOP; END $$");
        try (JdbcProvider provider = provider(pg, home, "bench_many", 1000)) {
            for (String parent : new String[] {null, "postgres://bench_many/public"}) {
                long[] count = new long[1];
                double ms = median(() -> timed(() -> count[0] = listAll(provider, parent)));
                System.out.printf(
                        Locale.ROOT,
                        "listing 10,000 tables (%s, pages of 100): %.0f ms for %,d resources, %.2f ms a page%n",
                        parent == null ? "resources/list" : "children of the schema",
                        ms / 1e6,
                        count[0],
                        ms / 1e6 / Math.ceil(count[0] / 100.0));
            }
        }
    }

    private static long listAll(JdbcProvider provider, String parent) {
        long n = 0;
        String cursor = null;
        do {
            Page<?> page = provider.list(new ListRequest(parent == null ? null : URI.create(parent), cursor, 100));
            n += page.items().size();
            cursor = page.nextCursor();
        } while (cursor != null);
        return n;
    }

    private static void notifications(PostgresServer pg, Path home) throws Exception {
        pg.exec("bench_rows", "CREATE TABLE feed (id serial PRIMARY KEY, v int)");
        try (McpServer server = McpServer.builder()
                        .provider(provider(pg, home, "bench_rows", 1000))
                        .build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            client.result(
                    McpMethod.RESOURCES_SUBSCRIBE.wire(),
                    TestClient.json("{}").put("uri", "postgres://bench_rows/public/feed/rows"));
            for (String how : new String[] {"statistics polling every 200 ms", "NOTIFY"}) {
                String sql = how.equals("NOTIFY")
                        ? "INSERT INTO feed (v) VALUES (1); NOTIFY bench, 'public.feed'"
                        : "INSERT INTO feed (v) VALUES (1)";
                double ms = median(() -> {
                    Thread.sleep(1500); // let the previous write's statistics settle, so each run starts clean
                    drainNotifications(client);
                    long start = System.nanoTime();
                    pg.exec("bench_rows", sql);
                    client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, Duration.ofSeconds(30));
                    return System.nanoTime() - start;
                });
                System.out.printf(
                        Locale.ROOT, "write to notifications/resources/updated (%s): %.0f ms%n", how, ms / 1e6);
            }
        }
    }

    private static void drainNotifications(TestClient client) {
        try {
            while (true) {
                client.nextNotification(Duration.ofMillis(50));
            }
        } catch (AssertionError e) {
            // nothing left
        }
    }

    private static long psqlCopy(PostgresServer pg, String command) throws Exception {
        ProcessBuilder b = new ProcessBuilder(
                pg.bin().resolve("psql").toString(),
                "-h",
                "127.0.0.1",
                "-p",
                Integer.toString(pg.port()),
                "-U",
                "postgres",
                "-d",
                "bench_rows",
                "-X",
                "-q",
                "-c",
                command);
        b.environment().put("PGPASSWORD", PostgresServer.SUPERUSER_PASSWORD);
        Process p = b.redirectErrorStream(true).start();
        long bytes = p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        p.waitFor(10, TimeUnit.MINUTES);
        return bytes;
    }

    private static long drain(Reader reader) throws Exception {
        try (reader) {
            char[] buffer = new char[65536];
            long n = 0;
            for (int r; (r = reader.read(buffer)) >= 0; ) {
                n += r;
            }
            return n;
        }
    }

    @FunctionalInterface
    private interface Run {
        long nanos() throws Exception;
    }

    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    private static long timed(Work work) throws Exception {
        long start = System.nanoTime();
        work.run();
        return System.nanoTime() - start;
    }

    private static double median(Run run) throws Exception {
        List<Long> runs = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            runs.add(run.nanos());
        }
        return median(runs);
    }

    private static double median(List<Long> runs) {
        List<Long> sorted = new ArrayList<>(runs);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    private static double mbps(long bytes, double nanos) {
        return bytes / 1e6 / (nanos / 1e9);
    }

    private static double seconds(double nanos) {
        return nanos / 1e9;
    }
}
