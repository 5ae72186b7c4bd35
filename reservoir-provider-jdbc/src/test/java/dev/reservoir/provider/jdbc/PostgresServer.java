package dev.reservoir.provider.jdbc;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL for the tests: the Debian binaries (/usr/lib/postgresql/N/bin), a data
 * directory under the temp folder, a free loopback port, SCRAM passwords. Started once per test
 * JVM (by the first test that asks) and stopped when the JVM exits. PostgreSQL refuses to run as
 * root, so when the tests run as root (CI) initdb and postgres run as the postgres user (or
 * nobody) through setpriv, in a folder that user owns.
 */
final class PostgresServer {

    static final String SUPERUSER_PASSWORD = "super-secret";
    static final String READER = "reader";
    static final String READER_PASSWORD = "reader-s3cret";

    private static PostgresServer shared;

    private final Path root;
    private final Path bin;
    private final int port;
    private final List<String> asUser;
    private final Process process;

    private PostgresServer(Path root, Path bin, int port, List<String> asUser, Process process) {
        this.root = root;
        this.bin = bin;
        this.port = port;
        this.asUser = asUser;
        this.process = process;
    }

    /** The server, started on first use; also creates the "shop" database with the sample schema. */
    static synchronized PostgresServer shared() throws Exception {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "stop-postgres"));
            shared.createShop();
        }
        return shared;
    }

    int port() {
        return port;
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** A provider of one of this server's databases as the read-only user (password from a test PGPASSWORD). */
    JdbcProviderBuilder reader(String database, java.nio.file.Path home) {
        return as(database, READER, READER_PASSWORD, home);
    }

    /** A provider of one of this server's databases as the superuser. */
    JdbcProviderBuilder superuser(String database, java.nio.file.Path home) {
        return as(database, "postgres", SUPERUSER_PASSWORD, home);
    }

    private JdbcProviderBuilder as(String database, String user, String password, java.nio.file.Path home) {
        return JdbcProvider.builder()
                .database(url(database))
                .user(user)
                .credentials(new dev.reservoir.provider.jdbc.connect.Credentials(
                        java.util.Map.of("PGPASSWORD", password), home));
    }

    /** A superuser connection to a database. */
    Connection admin(String database) throws SQLException {
        return DriverManager.getConnection(url(database), "postgres", SUPERUSER_PASSWORD);
    }

    /** Runs statements as the superuser, each in its own transaction. */
    void exec(String database, String... sql) throws SQLException {
        try (Connection c = admin(database);
                Statement s = c.createStatement()) {
            for (String statement : sql) {
                s.execute(statement);
            }
        }
    }

    Path bin() {
        return bin;
    }

    private static PostgresServer start() throws Exception {
        Path bin = binaries();
        Path root = Files.createTempDirectory("reservoir-pg");
        List<String> asUser = runAs(root);
        Path pwfile = root.resolve("pwfile");
        Files.writeString(pwfile, SUPERUSER_PASSWORD + "\n");
        handOver(root, pwfile);
        run(
                asUser,
                bin.resolve("initdb"),
                "-D",
                root.resolve("data").toString(),
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-locale",
                "--auth=scram-sha-256",
                "--pwfile=" + pwfile);
        Files.createDirectories(root.resolve("sock"));
        handOver(root, root.resolve("sock"));
        IOException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            int port = freePort();
            List<String> command = new ArrayList<>(asUser);
            command.addAll(List.of(
                    bin.resolve("postgres").toString(),
                    "-D",
                    root.resolve("data").toString(),
                    "-p",
                    Integer.toString(port),
                    "-k",
                    root.resolve("sock").toString(),
                    "-c",
                    "listen_addresses=127.0.0.1",
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                    "-c",
                    "max_connections=200"));
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(root.resolve("postgres-" + attempt + ".log").toFile())
                    .start();
            PostgresServer server = new PostgresServer(root, bin, port, asUser, process);
            if (server.awaitReady(Duration.ofSeconds(60))) {
                return server;
            }
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            last = new IOException(
                    "postgres did not start on port " + port + "; see " + root.resolve("postgres-" + attempt + ".log")
                            + ": " + Files.readString(root.resolve("postgres-" + attempt + ".log")));
        }
        throw last;
    }

    private boolean awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Connection c = admin("postgres")) {
                return true;
            } catch (SQLException e) {
                Thread.sleep(100); // polling a starting server: the only signal is a connection that works
            }
        }
        return false;
    }

    private void createShop() throws Exception {
        exec("postgres", "CREATE ROLE " + READER + " LOGIN PASSWORD '" + READER_PASSWORD + "'", "CREATE DATABASE shop");
        SampleSchema.create(
                url("shop"), "postgres", SUPERUSER_PASSWORD, dev.reservoir.provider.jdbc.sql.Engine.POSTGRES);
        exec(
                "shop",
                "CREATE SCHEMA sales",
                "CREATE TABLE sales.regions (code text PRIMARY KEY, name text NOT NULL)",
                "INSERT INTO sales.regions VALUES ('eu', 'Europe'), ('us', 'United States')",
                "CREATE SCHEMA queries",
                "CREATE TABLE queries.saved (id int PRIMARY KEY, body text)",
                "CREATE SCHEMA hidden",
                "CREATE TABLE hidden.secrets (id int PRIMARY KEY, secret text)",
                "INSERT INTO hidden.secrets VALUES (1, 'do not show')",
                "CREATE MATERIALIZED VIEW order_totals AS SELECT customer_id, sum(total) AS total FROM orders GROUP BY customer_id",
                "CREATE TABLE typed (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, doc jsonb, tags text[], uid uuid,"
                        + " amount numeric(12,3), flag boolean, at timestamptz, raw bytea, big bigint)",
                "INSERT INTO typed (doc, tags, uid, amount, flag, at, raw, big) VALUES ('{\"a\": [1, 2]}', '{x,y}',"
                        + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 12.345, true, '2024-01-02 03:04:05+00', '\\x000102', 9007199254740993)",
                "GRANT USAGE ON SCHEMA public, sales, queries TO " + READER,
                "GRANT SELECT ON ALL TABLES IN SCHEMA public, sales, queries TO " + READER,
                "ANALYZE");
    }

    void stop() {
        try {
            List<String> command = new ArrayList<>(asUser);
            command.addAll(List.of(
                    bin.resolve("pg_ctl").toString(),
                    "stop",
                    "-m",
                    "fast",
                    "-w",
                    "-D",
                    root.resolve("data").toString()));
            Process stop = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!stop.waitFor(30, TimeUnit.SECONDS) || !process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // the temp folder is left behind
        }
    }

    private static Path binaries() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(base)) {
            try (Stream<Path> versions = Files.list(base)) {
                var found = versions.map(v -> v.resolve("bin"))
                        .filter(b -> Files.isExecutable(b.resolve("postgres")))
                        .max(Comparator.comparingInt(b -> Integer.parseInt(
                                b.getParent().getFileName().toString().replaceAll("\\D", "0"))));
                if (found.isPresent()) {
                    return found.get();
                }
            }
        }
        throw new IllegalStateException("PostgreSQL is not installed (no /usr/lib/postgresql/N/bin/postgres):"
                + " apt-get install postgresql (CI does this in .ci/run)");
    }

    /** The command prefix that runs a program as a non-root user, or nothing when this JVM is not root. */
    private static List<String> runAs(Path root) throws Exception {
        if (!"0".equals(output("id", "-u"))) {
            return List.of();
        }
        String user = "0".equals(exitOf("id", "-u", "postgres")) ? "postgres" : "nobody";
        String uid = output("id", "-u", user);
        String gid = output("id", "-g", user);
        UserPrincipalLookupService lookup = root.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(root, PosixFileAttributeView.class);
        view.setOwner(lookup.lookupPrincipalByName(user));
        view.setGroup(lookup.lookupPrincipalByGroupName(output("id", "-gn", user)));
        return List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups", "--");
    }

    /** Gives a file or folder to the owner of the root folder. */
    private static void handOver(Path root, Path path) throws IOException {
        PosixFileAttributeView rootView = Files.getFileAttributeView(root, PosixFileAttributeView.class);
        UserPrincipal owner = rootView.getOwner();
        GroupPrincipal group = rootView.readAttributes().group();
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        view.setOwner(owner);
        view.setGroup(group);
    }

    private static void run(List<String> asUser, Path program, String... args) throws Exception {
        List<String> command = new ArrayList<>(asUser);
        command.add(program.toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed:\n" + out);
        }
    }

    private static String output(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static String exitOf(String... command) throws Exception {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return p.waitFor(30, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "timeout";
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
