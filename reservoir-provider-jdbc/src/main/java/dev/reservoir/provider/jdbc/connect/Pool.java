package dev.reservoir.provider.jdbc.connect;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.SqlErrors;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A bounded pool of read-only connections (HikariCP) to one database, plus dedicated connections
 * for watching changes. Read-only in every way the engine offers: PostgreSQL sessions default to
 * read-only transactions and carry a statement timeout, SQLite files are opened read-only, other
 * drivers are asked with {@link Connection#setReadOnly}. PostgreSQL connections run with
 * autocommit off, so that result sets are read with a cursor a batch of rows at a time.
 * Thread-safe.
 */
public final class Pool implements AutoCloseable {

    private final DatabaseSpec spec;
    private final String user;
    private final Secret password;
    private final Properties properties;
    private final HikariDataSource dataSource;
    private final java.time.Duration connectTimeout;

    private Pool(
            DatabaseSpec spec,
            String user,
            Secret password,
            Properties properties,
            HikariDataSource dataSource,
            java.time.Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
        this.spec = spec;
        this.user = user;
        this.password = password;
        this.properties = properties;
        this.dataSource = dataSource;
    }

    /**
     * Opens the pool and one connection, failing now when the database cannot be reached (the
     * message says why, without the password).
     */
    public static Pool open(DatabaseSpec spec, String user, Secret password, PoolSettings settings, String name) {
        Properties properties = properties(spec.engine(), settings);
        HikariConfig config = new HikariConfig();
        config.setPoolName("reservoir-" + name);
        config.setJdbcUrl(spec.jdbcUrl());
        if (user != null) {
            config.setUsername(user);
        }
        if (password != null) {
            config.setPassword(password.reveal());
        }
        config.setDataSourceProperties(properties);
        config.setMaximumPoolSize(settings.maxSize());
        config.setMinimumIdle(Math.min(1, settings.maxSize()));
        config.setConnectionTimeout(settings.connectTimeout().toMillis());
        config.setInitializationFailTimeout(1); // one attempt: a wrong password or host fails at once, saying why
        config.setReadOnly(true); // for SQLite the open mode below makes it so; Hikari then only checks
        config.setAutoCommit(spec.engine() != Engine.POSTGRES);
        try {
            return new Pool(spec, user, password, properties, new HikariDataSource(config), settings.connectTimeout());
        } catch (HikariPool.PoolInitializationException e) {
            throw cannotConnect(spec, e.getCause() instanceof SQLException s ? s : new SQLException(e));
        }
    }

    private static Properties properties(Engine engine, PoolSettings settings) {
        Properties p = new Properties();
        long timeoutMs = settings.statementTimeout().toMillis();
        switch (engine) {
            case POSTGRES -> {
                p.setProperty("ApplicationName", "reservoir");
                p.setProperty("options", "-c default_transaction_read_only=on -c statement_timeout=" + timeoutMs);
                p.setProperty(
                        "connectTimeout",
                        Long.toString(Math.max(1, settings.connectTimeout().toSeconds())));
                p.setProperty("tcpKeepAlive", "true");
            }
            case SQLITE -> {
                p.setProperty("open_mode", "1"); // SQLITE_OPEN_READONLY
                p.setProperty("busy_timeout", Long.toString(Math.min(timeoutMs, Integer.MAX_VALUE)));
            }
            case GENERIC -> {}
        }
        return p;
    }

    private static DbException cannotConnect(DatabaseSpec spec, SQLException e) {
        DbException reason = SqlErrors.of("connecting to " + spec.shown(), e, null);
        return new DbException.Failed(reason.getMessage(), e);
    }

    public Engine engine() {
        return spec.engine();
    }

    public DatabaseSpec spec() {
        return spec;
    }

    /** A pooled connection; closing it gives it back (rolled back). */
    public Connection borrow() throws SQLException {
        return dataSource.getConnection();
    }

    /** How long getting a connection may take (the builder's connect timeout). */
    public java.time.Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * A connection of its own, outside the pool, with autocommit on (for LISTEN and for SQLite's
     * per-connection data_version); the caller closes it.
     */
    public Connection openDedicated() throws SQLException {
        Properties p = new Properties();
        p.putAll(properties);
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password.reveal());
        }
        Connection c = DriverManager.getConnection(spec.jdbcUrl(), p);
        if (spec.engine() != Engine.SQLITE) {
            c.setReadOnly(true);
        }
        c.setAutoCommit(true);
        return c;
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
