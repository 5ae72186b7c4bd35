package dev.reservoir.provider.jdbc;

import dev.reservoir.testkit.PostgresServerProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The real PostgreSQL of these tests ({@link PostgresServerProcess}), started once per test JVM
 * (by the first test that asks) and stopped when the JVM exits, with the "shop" database holding
 * the sample schema and a read-only user.
 */
final class PostgresServer {

    static final String SUPERUSER_PASSWORD = PostgresServerProcess.SUPERUSER_PASSWORD;
    static final String READER = "reader";
    static final String READER_PASSWORD = "reader-s3cret";

    private static PostgresServer shared;

    private final PostgresServerProcess process;

    private PostgresServer(PostgresServerProcess process) {
        this.process = process;
    }

    /** The server, started on first use; also creates the "shop" database with the sample schema. */
    static synchronized PostgresServer shared() throws Exception {
        if (shared == null) {
            shared = new PostgresServer(PostgresServerProcess.start());
            Runtime.getRuntime().addShutdownHook(new Thread(shared.process::close, "stop-postgres"));
            shared.createShop();
        }
        return shared;
    }

    int port() {
        return process.port();
    }

    String url(String database) {
        return process.url(database);
    }

    Path bin() {
        return process.bin();
    }

    void stop() {
        process.close();
    }

    /** A provider of one of this server's databases as the read-only user (password from a test PGPASSWORD). */
    JdbcProviderBuilder reader(String database, Path home) {
        return as(database, READER, READER_PASSWORD, home);
    }

    /** A provider of one of this server's databases as the superuser. */
    JdbcProviderBuilder superuser(String database, Path home) {
        return as(database, "postgres", SUPERUSER_PASSWORD, home);
    }

    private JdbcProviderBuilder as(String database, String user, String password, Path home) {
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
}
