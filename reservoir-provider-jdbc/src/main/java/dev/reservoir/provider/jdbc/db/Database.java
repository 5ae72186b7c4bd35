package dev.reservoir.provider.jdbc.db;

import dev.reservoir.provider.jdbc.catalog.Catalog;
import dev.reservoir.provider.jdbc.catalog.GenericCatalog;
import dev.reservoir.provider.jdbc.catalog.PostgresCatalog;
import dev.reservoir.provider.jdbc.catalog.SqliteCatalog;
import dev.reservoir.provider.jdbc.catalog.TableDetail;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.catalog.TableRef;
import dev.reservoir.provider.jdbc.connect.Pool;
import dev.reservoir.provider.jdbc.live.ChangeListener;
import dev.reservoir.provider.jdbc.live.ChangeMonitor;
import dev.reservoir.provider.jdbc.live.ChangeSource;
import dev.reservoir.provider.jdbc.live.GenericChanges;
import dev.reservoir.provider.jdbc.live.PostgresChanges;
import dev.reservoir.provider.jdbc.live.SqliteChanges;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.render.Overview;
import dev.reservoir.provider.jdbc.render.SchemaDdl;
import dev.reservoir.provider.jdbc.render.SchemaJson;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.SqlErrors;
import dev.reservoir.provider.jdbc.uri.DbUri;
import dev.reservoir.provider.jdbc.uri.DbUris;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One database as resources, without MCP: listing, table lookups restricted to the configured
 * schemas, schema/stats/overview texts, and row cursors for rows and named queries. Every call
 * takes a {@link QueryScope} and borrows a pooled connection only for as long as it runs (row
 * cursors keep theirs until closed). Failures are {@link DbException}s. Thread-safe.
 */
public final class Database implements AutoCloseable {

    /** Work on one borrowed connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** A table's schema in both forms. */
    public record SchemaTexts(String json, String ddl) {}

    private final Pool pool;
    private final Settings settings;
    private final Catalog catalog;
    private final DbUris uris;
    private final String title;

    private Database(Pool pool, Settings settings, Catalog catalog, String title) {
        this.pool = pool;
        this.settings = settings;
        this.catalog = catalog;
        this.uris = new DbUris(pool.engine().scheme(), settings.name());
        this.title = title;
    }

    /** Serves the database behind the pool (which it then owns and closes). */
    public static Database open(Pool pool, Settings settings) {
        try (Connection c = pool.borrow()) {
            DatabaseMetaData md = c.getMetaData();
            Catalog catalog =
                    switch (pool.engine()) {
                        case POSTGRES -> new PostgresCatalog();
                        case SQLITE -> new SqliteCatalog();
                        case GENERIC -> GenericCatalog.of(c);
                    };
            String title = "Database " + settings.name() + " (" + md.getDatabaseProductName() + " "
                    + md.getDatabaseProductVersion() + ")";
            return new Database(pool, settings, catalog, title.replaceAll("\\s+", " "));
        } catch (SQLException e) {
            pool.close();
            throw SqlErrors.of("reading the database's metadata", e, null);
        }
    }

    public DbUris uris() {
        return uris;
    }

    public Settings settings() {
        return settings;
    }

    public Engine engine() {
        return pool.engine();
    }

    public Dialect dialect() {
        return catalog.dialect();
    }

    /** "Database app (PostgreSQL 15.18)". */
    public String title() {
        return title;
    }

    <T> T with(String action, QueryScope scope, Work<T> work) {
        scope.check();
        try (Connection c = pool.borrow()) {
            return work.run(c);
        } catch (SQLException e) {
            throw SqlErrors.of(action, e, scope);
        } catch (UncheckedSql e) {
            throw SqlErrors.of(action, (SQLException) e.getCause(), scope);
        }
    }

    /** The schemas shown: the configured ones that exist, else every non-system one; sorted. */
    public List<String> schemas(QueryScope scope) {
        return with("listing schemas", scope, c -> schemas(c, scope));
    }

    private List<String> schemas(Connection c, QueryScope scope) throws SQLException {
        List<String> existing = catalog.schemas(c, scope);
        List<String> shown = new ArrayList<>(
                settings.schemas().isEmpty()
                        ? existing
                        : settings.schemas().stream().filter(existing::contains).toList());
        shown.sort(null);
        return shown;
    }

    /** Whether a schema is shown. */
    public boolean hasSchema(String schema, QueryScope scope) {
        return schemas(scope).contains(schema);
    }

    /** A table or view of a shown schema; NotFound otherwise. */
    public TableRef table(TableName name, QueryScope scope) {
        return with("looking up " + name, scope, c -> table(c, scope, name));
    }

    TableRef table(Connection c, QueryScope scope, TableName name) throws SQLException {
        Optional<TableRef> found =
                schemas(c, scope).contains(name.schema()) ? catalog.table(c, scope, name) : Optional.empty();
        return found.orElseThrow(() -> new DbException.NotFound(name.toString()));
    }

    public Optional<NamedQuery> query(String name) {
        return settings.queries().stream().filter(q -> q.name().equals(name)).findFirst();
    }

    /** One page of everything. */
    public Page list(String cursor, int limit, QueryScope scope) {
        return with("listing the database", scope, c -> new Listing(source(c, scope), limit).all(cursor));
    }

    /** One page of a collection's children. */
    public Page children(DbUri parent, String cursor, int limit, QueryScope scope) {
        return with("listing " + uris.format(parent), scope, c -> new Listing(source(c, scope), limit)
                .children(parent, cursor));
    }

    private Listing.Source source(Connection c, QueryScope scope) {
        return new Listing.Source() {
            private List<String> schemas;

            @Override
            public List<String> schemas() {
                if (schemas == null) {
                    schemas = sql(() -> Database.this.schemas(c, scope));
                }
                return schemas;
            }

            @Override
            public List<TableRef> tables(String schema, String after, int limit) {
                return sql(() -> catalog.tables(c, scope, schema, after, limit));
            }

            @Override
            public Optional<TableRef> table(TableName name) {
                return schemas().contains(name.schema()) ? sql(() -> catalog.table(c, scope, name)) : Optional.empty();
            }

            @Override
            public List<NamedQuery> queries() {
                return settings.queries();
            }
        };
    }

    /** Catalog work inside a listing: its SQLException leaves as unchecked, to be mapped by {@link #with}. */
    private interface SqlSupplier<T> {
        T get() throws SQLException;
    }

    private static <T> T sql(SqlSupplier<T> supplier) {
        try {
            return supplier.get();
        } catch (SQLException e) {
            throw new UncheckedSql(e);
        }
    }

    static final class UncheckedSql extends RuntimeException {
        UncheckedSql(SQLException e) {
            super(e);
        }
    }

    /** The overview text of every shown table. */
    public String overview(QueryScope scope) {
        return with("reading the overview", scope, c -> {
            List<String> schemas = schemas(c, scope);
            var tables = catalog.overview(c, scope, schemas);
            Overview.Links links = new Overview.Links(
                    uris.base(), t -> uris.format(new DbUri.Table(t)), s -> uris.format(new DbUri.Schema(s)));
            return Overview.render(title, schemas, tables, links, settings.overviewBytes());
        });
    }

    /** A table's detail (columns, keys, indexes). */
    public TableDetail detail(TableName name, QueryScope scope) {
        return with("reading the schema of " + name, scope, c -> catalog.detail(c, scope, table(c, scope, name)));
    }

    /** A table's schema as JSON and as DDL. */
    public SchemaTexts schema(TableName name, QueryScope scope) {
        TableDetail detail = detail(name, scope);
        return new SchemaTexts(SchemaJson.schema(detail), SchemaDdl.render(detail, catalog.dialect()));
    }

    /** A table's stats as JSON. */
    public String stats(TableName name, QueryScope scope) {
        return with("reading the statistics of " + name, scope, c -> {
            TableRef table = table(c, scope, name);
            return SchemaJson.stats(name.schema(), name.name(), table.kind().label(), catalog.stats(c, scope, table));
        });
    }

    /** The rows a rows URI asks for, as an open cursor (the caller closes it). */
    public dev.reservoir.provider.jdbc.rows.RowCursor openRows(DbUri.Rows rows, QueryScope scope) {
        return RowReads.rows(this, rows, scope);
    }

    /** A named query's result, as an open cursor (the caller closes it). */
    public dev.reservoir.provider.jdbc.rows.RowCursor openQuery(NamedQuery query, DbUri.Query uri, QueryScope scope) {
        return RowReads.query(this, query, uri, scope);
    }

    /** How much one format of a rows read may write, given the server's own limit on one content. */
    public dev.reservoir.provider.jdbc.rows.Limits rowLimits(DbUri.Rows rows, long serverMaxBytes) {
        return RowReads.limits(settings, rows, serverMaxBytes);
    }

    /** How much one format of a named query's result may write. */
    public dev.reservoir.provider.jdbc.rows.Limits queryLimits(long serverMaxBytes) {
        return new dev.reservoir.provider.jdbc.rows.Limits(
                settings.maxRows(), Math.min(settings.maxBytes(), serverMaxBytes), settings.maxValueChars());
    }

    /** The change monitor for this database (not started). */
    public ChangeMonitor changes(ChangeListener listener, QueryScope scope) {
        List<String> schemas =
                settings.schemas().isEmpty() && engine() != Engine.POSTGRES ? schemas(scope) : settings.schemas();
        ChangeSource source =
                switch (engine()) {
                    case POSTGRES -> new PostgresChanges(pool, schemas, settings.statementTimeout());
                    case SQLITE -> new SqliteChanges(pool, schemas, settings.statementTimeout());
                    case GENERIC -> new GenericChanges(pool, schemas);
                };
        return new ChangeMonitor(source, settings.pollInterval(), listener);
    }

    /**
     * Listens on a PostgreSQL channel for change hints (nothing for other engines); each payload
     * goes to the consumer. Closing the result stops listening.
     */
    public AutoCloseable listen(String channel, java.util.function.Consumer<String> onPayload) {
        if (engine() != Engine.POSTGRES || channel == null) {
            return () -> {};
        }
        // Built only once LISTEN is in place (at most the connect timeout): a NOTIFY sent after the
        // provider is built is then heard.
        return new dev.reservoir.provider.jdbc.live.PostgresNotifications(
                pool, channel, onPayload, pool.connectTimeout());
    }

    /**
     * Checks that a named query prepares on this database (so a mistake shows at start-up, with the
     * driver's own words, to the operator who wrote it).
     */
    public void validate(NamedQuery query) {
        try (Connection c = pool.borrow();
                java.sql.PreparedStatement ps = c.prepareStatement(query.sql().sql())) {
            ps.getMetaData();
        } catch (SQLException e) {
            throw new IllegalArgumentException(
                    "named query '" + query.name() + "' does not prepare on " + title + ": " + e.getMessage(), e);
        }
    }

    Pool pool() {
        return pool;
    }

    Catalog catalog() {
        return catalog;
    }

    @Override
    public void close() {
        pool.close();
    }
}
