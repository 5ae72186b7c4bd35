package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.connect.Credentials;
import dev.reservoir.provider.jdbc.connect.DatabaseSpec;
import dev.reservoir.provider.jdbc.connect.PasswordSource;
import dev.reservoir.provider.jdbc.connect.Pool;
import dev.reservoir.provider.jdbc.connect.PoolSettings;
import dev.reservoir.provider.jdbc.connect.Secret;
import dev.reservoir.provider.jdbc.db.Database;
import dev.reservoir.provider.jdbc.db.Settings;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.sql.Engine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link JdbcProvider}: which database, as whom, what to show and within which limits.
 * Not thread-safe; {@link #build()} connects (and fails with a message saying why it could not).
 */
public final class JdbcProviderBuilder {

    private DatabaseSpec spec;
    private String name;
    private String user;
    private PasswordSource password;
    private Credentials credentials = Credentials.system();
    private final List<String> schemas = new ArrayList<>();
    private final List<NamedQuery> queries = new ArrayList<>();
    private Integer sampleRows;
    private Integer maxRows;
    private Long maxBytes;
    private Integer maxValueChars;
    private Long overviewBytes;
    private Duration statementTimeout;
    private Duration streamTimeout = Duration.ofMinutes(10);
    private Duration pollInterval;
    private String listenChannel;
    private int poolSize = PoolSettings.DEFAULT.maxSize();
    private Duration connectTimeout = PoolSettings.DEFAULT.connectTimeout();

    JdbcProviderBuilder() {}

    /** The database: a SQLite file, a jdbc: URL or a postgresql:// URL (see {@link DatabaseSpec}). */
    public JdbcProviderBuilder database(String text) {
        this.spec = DatabaseSpec.parse(text);
        return this;
    }

    public JdbcProviderBuilder database(DatabaseSpec value) {
        this.spec = Objects.requireNonNull(value, "spec");
        return this;
    }

    /** The SQLite file to serve. */
    public JdbcProviderBuilder sqlite(Path file) {
        return database("sqlite:" + file);
    }

    /** The name in the URIs ({@code postgres://NAME/}); by default the database's own name. */
    public JdbcProviderBuilder name(String value) {
        this.name = value;
        return this;
    }

    /** The user to connect as (PostgreSQL: by default the spec's, else PGUSER, else the login name). */
    public JdbcProviderBuilder user(String value) {
        this.user = value;
        return this;
    }

    /** Where the password comes from (PostgreSQL: by default PGPASSWORD, then ~/.pgpass). */
    public JdbcProviderBuilder password(PasswordSource source) {
        this.password = Objects.requireNonNull(source, "source");
        return this;
    }

    public JdbcProviderBuilder passwordFromEnv(String variable) {
        return password(new PasswordSource.Env(variable));
    }

    public JdbcProviderBuilder passwordFromFile(Path file) {
        return password(new PasswordSource.File(file));
    }

    /** The environment and home folder passwords are looked up in (the process's by default). */
    public JdbcProviderBuilder credentials(Credentials value) {
        this.credentials = Objects.requireNonNull(value, "credentials");
        return this;
    }

    /** The schemas to show (exactly as spelled in the database); by default every non-system schema. */
    public JdbcProviderBuilder schemas(String... names) {
        schemas.addAll(List.of(names));
        return this;
    }

    public JdbcProviderBuilder query(NamedQuery query) {
        queries.add(Objects.requireNonNull(query, "query"));
        return this;
    }

    /** Rows in a {@code …/rows} read that gives no limit (default 50). */
    public JdbcProviderBuilder sampleRows(int rows) {
        this.sampleRows = rows;
        return this;
    }

    /** The largest limit a rows read may ask for, and the most rows of a named query (default 10,000). */
    public JdbcProviderBuilder maxRows(int rows) {
        this.maxRows = rows;
        return this;
    }

    /** The most bytes of each format of a rows or query read (default 256 KiB); the server's read limit also applies. */
    public JdbcProviderBuilder maxBytes(long bytes) {
        this.maxBytes = bytes;
        return this;
    }

    /** Values longer than this are cut in rows and query results (default 2,000 characters; 0: never). */
    public JdbcProviderBuilder maxValueChars(int chars) {
        this.maxValueChars = chars;
        return this;
    }

    /** The size the overview stops at (default 64 KiB). */
    public JdbcProviderBuilder overviewBytes(long bytes) {
        this.overviewBytes = bytes;
        return this;
    }

    /** The most one statement may run (default 15 s): set on the server too, for PostgreSQL. */
    public JdbcProviderBuilder statementTimeout(Duration timeout) {
        this.statementTimeout = timeout;
        return this;
    }

    /** The most one stream of rows may take in all (default 10 minutes; the server's request timeout also applies). */
    public JdbcProviderBuilder streamTimeout(Duration timeout) {
        this.streamTimeout = Objects.requireNonNull(timeout, "timeout");
        return this;
    }

    /** How often the database is checked for changes (default 2 s). */
    public JdbcProviderBuilder pollInterval(Duration interval) {
        this.pollInterval = interval;
        return this;
    }

    /** PostgreSQL: also LISTEN on this channel; a payload "schema.table" says that table's rows changed. */
    public JdbcProviderBuilder listen(String channel) {
        this.listenChannel = channel;
        return this;
    }

    /** The most connections open at once (default 4). */
    public JdbcProviderBuilder poolSize(int size) {
        this.poolSize = size;
        return this;
    }

    /** How long to wait for a connection (default 10 s). */
    public JdbcProviderBuilder connectTimeout(Duration timeout) {
        this.connectTimeout = Objects.requireNonNull(timeout, "timeout");
        return this;
    }

    /** Connects, checks the named queries, and returns the provider. */
    public JdbcProvider build() {
        if (spec == null) {
            throw new IllegalStateException("no database given: call database(\"./app.db\") or database(\"jdbc:...\")");
        }
        Settings settings = settings();
        new dev.reservoir.provider.jdbc.uri.DbUris(
                spec.engine().scheme(), settings.name()); // a bad name fails before connecting
        String who = user != null
                ? user
                : spec.user() != null
                        ? spec.user()
                        : spec.engine() == Engine.POSTGRES ? credentials.defaultUser() : null;
        PasswordSource source = password != null
                ? password
                : spec.engine() == Engine.POSTGRES ? new PasswordSource.Libpq() : new PasswordSource.None();
        Secret secret = credentials
                .password(source, spec.host(), spec.port(), spec.database(), who)
                .orElse(null);
        Pool pool = Pool.open(
                spec,
                who,
                secret,
                new PoolSettings(poolSize, connectTimeout, settings.statementTimeout()),
                settings.name());
        Database db = Database.open(pool, settings);
        try {
            queries.forEach(db::validate);
            return new JdbcProvider(db, new Scopes(settings.statementTimeout(), streamTimeout));
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    private Settings settings() {
        Settings d = Settings.defaults(name != null ? name : spec.defaultName());
        return new Settings(
                d.name(),
                schemas,
                sampleRows != null ? sampleRows : d.sampleRows(),
                maxRows != null ? maxRows : d.maxRows(),
                maxBytes != null ? maxBytes : d.maxBytes(),
                maxValueChars != null ? maxValueChars : d.maxValueChars(),
                overviewBytes != null ? overviewBytes : d.overviewBytes(),
                statementTimeout != null ? statementTimeout : d.statementTimeout(),
                pollInterval != null ? pollInterval : d.pollInterval(),
                listenChannel,
                queries);
    }
}
