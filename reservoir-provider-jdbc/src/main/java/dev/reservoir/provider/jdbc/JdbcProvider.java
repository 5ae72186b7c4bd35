package dev.reservoir.provider.jdbc;

import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.db.Completions;
import dev.reservoir.provider.jdbc.db.Database;
import dev.reservoir.provider.jdbc.live.ChangeMonitor;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.uri.DbUri;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A database as MCP resources (SQLite, PostgreSQL, or any JDBC database): the adapter between the
 * database layer ({@link Database}) and the provider SPI. URIs, what each resource holds and how
 * it changes are described in this module's README. Read-only; no client-supplied SQL ever runs.
 * Thread-safe; build one with {@link #builder()}.
 *
 * <pre>{@code
 * JdbcProvider db = JdbcProvider.builder()
 *         .database("jdbc:postgresql://localhost:5432/app")
 *         .user("reader")
 *         .passwordFromEnv("APP_DB_PASSWORD")
 *         .schemas("public", "sales")
 *         .build();
 * }</pre>
 */
public final class JdbcProvider implements ResourceProvider {

    private final Database db;
    private final Resources resources;
    private final Reads reads;
    private final Completions completions;
    private final Bridge bridge;
    private final Watches watches = new Watches();
    private final ChangeMonitor monitor;
    private final AutoCloseable listening;
    private final List<ResourceTemplate> templates;

    JdbcProvider(Database db, Bridge bridge) {
        this.db = db;
        this.bridge = bridge;
        this.resources = new Resources(db);
        this.reads = new Reads(db, resources, bridge);
        this.completions = new Completions(db);
        this.monitor = bridge.call("preparing to watch for changes", s -> db.changes(watches, s));
        watches.monitor(monitor);
        this.listening = db.listen(db.settings().listenChannel(), this::notified);
        this.templates = Templates.of(db);
    }

    public static JdbcProviderBuilder builder() {
        return new JdbcProviderBuilder();
    }

    /** A provider for a database spec ({@code ./app.db}, a jdbc: or postgresql:// URL) with the defaults. */
    public static JdbcProvider open(String spec) {
        return builder().database(spec).build();
    }

    /** The URI of the database ({@code postgres://app/}). */
    public URI rootUri() {
        return URI.create(db.uris().base());
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        String parent = request.parent() == null ? null : request.parent().toString();
        return mapped(parent, () -> {
            dev.reservoir.provider.jdbc.db.Page page = parent == null
                    ? bridge.call("listing the database", s -> db.list(request.cursor(), request.limit(), s))
                    : bridge.call(
                            "listing " + parent, s -> db.children(parse(parent), request.cursor(), request.limit(), s));
            return Page.of(page.entries().stream().map(resources::describe).toList(), page.next());
        });
    }

    @Override
    public Optional<Resource> metadata(URI uri) {
        String text = uri.toString();
        try {
            return mapped(text, () -> db.uris().parse(text).map(parsed -> reads.describe(text, parsed)));
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public ReadResult read(URI uri, ReadOptions options) {
        String text = uri.toString();
        return mapped(text, () -> reads.read(text, parse(text), options));
    }

    @Override
    public List<ResourceTemplate> templates() {
        return templates;
    }

    /** Whether the URI is this database's ({@code postgres://app/…}). */
    @Override
    public boolean owns(URI uri) {
        return db.uris().owns(uri.toString());
    }

    @Override
    public Completion complete(CompletionRequest request) {
        return mapped(null, () -> {
            Completions.Values values = bridge.call(
                    "completing " + request.argument(), s -> Templates.complete(db, completions, request, s));
            return new Completion(
                    values.values(), values.more() ? null : values.values().size(), values.more());
        });
    }

    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        String text = uri.toString();
        return mapped(text, () -> watches.watch(text, parse(text), listener));
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        return watches.watchList(listener);
    }

    /** A NOTIFY on the listen channel: "schema.table" names a table whose rows changed; anything else asks for a poll. */
    private void notified(String payload) {
        int dot = payload == null ? -1 : payload.indexOf('.');
        if (dot > 0) {
            watches.notified(new TableName(payload.substring(0, dot), payload.substring(dot + 1)));
        }
        monitor.pollNow();
    }

    /** Stops watching and closes every connection. */
    @Override
    public void close() {
        try {
            listening.close();
        } catch (Exception e) {
            // shutting down
        }
        monitor.close();
        db.close();
    }

    private DbUri parse(String uri) {
        return db.uris().parse(uri).orElseThrow(() -> new DbException.NotFound(uri));
    }

    /** The one place database failures become protocol errors. */
    private static <T> T mapped(String uri, Supplier<T> work) {
        try {
            return work.get();
        } catch (DbException.NotFound e) {
            throw new ResourceNotFoundException(uri == null ? e.what() : uri);
        } catch (DbException.BadRequest e) {
            throw McpException.invalidParams("Invalid params: " + e.getMessage());
        } catch (DbException e) {
            throw new McpException(new JsonRpcError(ErrorCodes.INTERNAL_ERROR, e.getMessage(), null));
        }
    }

    /** Every listed resource, for tests that walk the whole listing. */
    List<Resource> listAll() {
        List<Resource> all = new ArrayList<>();
        String cursor = null;
        do {
            Page<Resource> page = list(new ListRequest(null, cursor, 1000));
            all.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return all;
    }
}
