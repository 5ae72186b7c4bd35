package dev.reservoir.provider.jdbc;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.db.Completions;
import dev.reservoir.provider.jdbc.db.Database;
import dev.reservoir.provider.jdbc.live.ChangeMonitor;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.uri.DbUri;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
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
 * Every statement runs on the request's thread within the request's deadline, and a cancelled or
 * timed-out request cancels it ({@code Statement.cancel()}); rows stream from their cursor as the
 * server writes them, and the read releases its cursors when the server is done with it.
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
    private final Scopes scopes;
    private final Watches watches = new Watches();
    private final ChangeMonitor monitor;
    private final AutoCloseable listening;
    private final List<ProviderTemplate> templates;

    JdbcProvider(Database db, Scopes scopes) {
        this.db = db;
        this.scopes = scopes;
        this.resources = new Resources(db);
        this.reads = new Reads(db, resources, scopes);
        this.completions = new Completions(db);
        this.monitor = scopes.call(CallContext.NONE, s -> db.changes(watches, s));
        watches.monitor(monitor);
        this.listening = db.listen(db.settings().listenChannel(), this::notified);
        // Identifiers and values, never paths: a table named "a/b" or a parameter "2024/01/01" is fine.
        this.templates =
                Templates.of(db).stream().map(ProviderTemplate::ofNames).toList();
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

    /** {@code SCHEME://NAME} and everything below it ({@code postgres://app/}). */
    @Override
    public UriSpace space() {
        return UriSpace.of(UriPrefix.parse(db.uris().base()));
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        String parent = request.parent() == null ? null : request.parent().toString();
        return mapped(parent, () -> {
            dev.reservoir.provider.jdbc.db.Page page = parent == null
                    ? scopes.call(request.context(), s -> db.list(request.cursor(), request.limit(), s))
                    : children(parent, request);
            return Page.of(page.entries().stream().map(resources::describe).toList(), page.next());
        });
    }

    /** The children of a collection; an empty first page asks whether the parent exists at all (a leaf has none). */
    private dev.reservoir.provider.jdbc.db.Page children(String parent, ListRequest request) {
        DbUri parsed = parse(parent);
        dev.reservoir.provider.jdbc.db.Page page =
                scopes.call(request.context(), s -> db.children(parsed, request.cursor(), request.limit(), s));
        if (page.entries().isEmpty() && request.cursor() == null) {
            reads.describe(parent, parsed, request.context()); // NotFound when it does not exist
        }
        return page;
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        String text = request.uri().toString();
        try {
            return mapped(text, () -> db.uris()
                    .parse(text)
                    .map(parsed -> Metadata.of(reads.describe(text, parsed, request.context()))));
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public ReadResult read(ReadRequest request) {
        String text = request.uriText();
        return mapped(text, () -> reads.read(text, parse(text), request.options(), request.context()));
    }

    @Override
    public List<ProviderTemplate> templates() {
        return templates;
    }

    @Override
    public Completion complete(CompletionRequest request) {
        return mapped(null, () -> {
            Completions.Values values =
                    scopes.call(request.call(), s -> Templates.complete(db, completions, request, s));
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

    /** The one place database failures become provider failures (their messages hold no SQL, values or credentials). */
    private static <T> T mapped(String uri, Supplier<T> work) {
        try {
            return work.get();
        } catch (DbException.NotFound e) {
            throw new ResourceNotFoundException(uri == null ? e.what() : uri);
        } catch (DbException.BadRequest e) {
            throw ProviderException.invalid(uri, e.getMessage());
        } catch (DbException.Cancelled e) {
            throw ProviderException.of(ProviderException.Kind.CANCELLED, uri, e.getMessage(), e);
        } catch (DbException e) {
            throw ProviderException.of(ProviderException.Kind.FAILED, uri, e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "database " + db.uris().base();
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
