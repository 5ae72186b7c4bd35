package dev.reservoir.provider.jdbc;

import dev.reservoir.core.model.Resource;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.catalog.TableRef;
import dev.reservoir.provider.jdbc.db.Database;
import dev.reservoir.provider.jdbc.db.Entry;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.rows.Limits;
import dev.reservoir.provider.jdbc.rows.RowCursor;
import dev.reservoir.provider.jdbc.rows.RowFormat;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.uri.DbUri;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * What metadata and reads return for each kind of database resource. A leaf's contents carry the
 * URI exactly as asked (SEP-2093: every item of a leaf has the requested URI); a schema reads as
 * JSON then DDL, rows and query results as CSV then JSON Lines (streamed), the rest as one text.
 * A collection reads as a {@code text/uri-list} of its first children, plus for the database its
 * overview and for a table its schema and stats, within the read's collection budget.
 */
final class Reads {

    private final Database db;
    private final Resources resources;
    private final Scopes scopes;

    Reads(Database db, Resources resources, Scopes scopes) {
        this.db = db;
        this.resources = resources;
        this.scopes = scopes;
    }

    /** The metadata of an existing resource, under the URI as asked; NotFound when it does not exist. */
    Resource describe(String uri, DbUri parsed, CallContext context) {
        TableRef table = null;
        NamedQuery query = null;
        switch (parsed) {
            case DbUri.Queries q -> {
                if (db.settings().queries().isEmpty()) {
                    throw new DbException.NotFound(uri);
                }
            }
            case DbUri.Query q -> {
                query = namedQuery(q);
                query.bind(q.params());
            }
            case DbUri.Schema s -> {
                if (!scopes.call(context, scope -> db.hasSchema(s.schema(), scope))) {
                    throw new DbException.NotFound(uri);
                }
            }
            default -> table = table(parsed, context);
        }
        if (parsed instanceof DbUri.Rows rows) {
            db.rowLimits(rows, Long.MAX_VALUE); // refuses a limit above the maximum
        }
        return resources.describe(parsed, table, query).toBuilder().uri(uri).build();
    }

    private TableRef table(DbUri parsed, CallContext context) {
        TableName name =
                switch (parsed) {
                    case DbUri.Table t -> t.table();
                    case DbUri.TableSchema s -> s.table();
                    case DbUri.Rows r -> r.table();
                    case DbUri.Stats s -> s.table();
                    default -> null;
                };
        return name == null ? null : scopes.call(context, scope -> db.table(name, scope));
    }

    private NamedQuery namedQuery(DbUri.Query q) {
        return db.query(q.name()).orElseThrow(() -> new DbException.NotFound("query " + q.name()));
    }

    ReadResult read(String uri, DbUri parsed, ReadOptions options, CallContext context) {
        Resource self = describe(uri, parsed, context);
        return switch (parsed) {
            case DbUri.Overview o ->
                ReadResult.of(List.of(text(self, Resources.MARKDOWN, scopes.call(context, db::overview))));
            case DbUri.TableSchema s -> {
                Database.SchemaTexts texts = scopes.call(context, scope -> db.schema(s.table(), scope));
                yield ReadResult.of(
                        List.of(text(self, Resources.JSON, texts.json()), text(self, Resources.SQL, texts.ddl())));
            }
            case DbUri.Stats s ->
                ReadResult.of(
                        List.of(text(self, Resources.JSON, scopes.call(context, scope -> db.stats(s.table(), scope)))));
            case DbUri.Rows rows ->
                rows(self, db.rowLimits(rows, options.maxReadBytes()), context, scope -> db.openRows(rows, scope));
            case DbUri.Query q -> {
                NamedQuery query = namedQuery(q);
                yield rows(
                        self, db.queryLimits(options.maxReadBytes()), context, scope -> db.openQuery(query, q, scope));
            }
            default -> collection(self, parsed, options, context);
        };
    }

    /**
     * CSV, opened now (so a failing statement is an ordinary error), then JSON Lines, opened when it
     * is written. Rows are taken as the server writes them, on its thread; the read holds every
     * cursor it opened and its cancellation, so the server releases them when the answer was
     * written, failed or was cancelled, whether or not a stream was opened.
     */
    private ReadResult rows(Resource self, Limits limits, CallContext context, Function<QueryScope, RowCursor> opener) {
        QueryScope scope = scopes.stream(context);
        Cursors cursors = new Cursors(opener, scope);
        CallContext.Registration cancel = context.onCancel(scope::cancel);
        RowCursor first;
        try {
            first = cursors.open();
        } catch (RuntimeException e) {
            cancel.close();
            throw e;
        }
        AtomicReference<RowCursor> unread = new AtomicReference<>(first);
        ContentBody csv =
                ContentBody.textStream(() -> cursors.reader(unread.getAndSet(null), RowFormat.CSV, limits), -1);
        ContentBody jsonl = ContentBody.textStream(() -> cursors.reader(null, RowFormat.JSON_LINES, limits), -1);
        return ReadResult.of(List.of(
                        new ResourceContent(
                                self.toBuilder()
                                        .mimeType(RowFormat.CSV.mimeType())
                                        .build(),
                                csv),
                        new ResourceContent(
                                self.toBuilder()
                                        .mimeType(RowFormat.JSON_LINES.mimeType())
                                        .build(),
                                jsonl)))
                .holding(cancel)
                .holding(cursors);
    }

    private ReadResult collection(Resource self, DbUri parsed, ReadOptions options, CallContext context) {
        int items = Math.max(1, options.maxCollectionItems());
        dev.reservoir.provider.jdbc.db.Page page =
                scopes.call(context, scope -> db.children(parsed, null, items, scope));
        StringBuilder list = new StringBuilder("# ")
                .append(self.uri())
                .append(page.next() == null ? ": all " : ": the first ")
                .append(page.entries().size())
                .append(
                        page.next() == null
                                ? " entries"
                                : " entries; resources/list with this uri pages through all of them")
                .append("\r\n");
        for (Entry entry : page.entries()) {
            list.append(db.uris().format(entry.uri())).append("\r\n");
        }
        List<ResourceContent> contents = new ArrayList<>();
        contents.add(text(self, Resources.URI_LIST, list.toString()));
        long budget = options.maxCollectionBytes() - bytes(list.toString());
        for (ResourceContent child : children(parsed, context)) {
            long size = child.resource().size();
            if (size <= budget && size <= options.maxReadBytes()) {
                contents.add(child);
                budget -= size;
            }
        }
        return ReadResult.of(contents);
    }

    /** The children whose whole content a collection read may carry: small texts only. */
    private List<ResourceContent> children(DbUri parsed, CallContext context) {
        return switch (parsed) {
            case DbUri.Database d -> {
                DbUri overview = new DbUri.Overview();
                yield List.of(text(
                        resources.describe(overview, null, null),
                        Resources.MARKDOWN,
                        scopes.call(context, db::overview)));
            }
            case DbUri.Table t -> {
                TableRef table = table(parsed, context);
                Database.SchemaTexts schema = scopes.call(context, scope -> db.schema(t.table(), scope));
                String stats = scopes.call(context, scope -> db.stats(t.table(), scope));
                Resource schemaResource = resources.describe(new DbUri.TableSchema(t.table()), table, null);
                yield List.of(
                        text(schemaResource, Resources.JSON, schema.json()),
                        text(schemaResource, Resources.SQL, schema.ddl()),
                        text(resources.describe(new DbUri.Stats(t.table()), table, null), Resources.JSON, stats));
            }
            default -> List.of();
        };
    }

    private static ResourceContent text(Resource resource, String mimeType, String text) {
        return new ResourceContent(
                resource.toBuilder().mimeType(mimeType).size(bytes(text)).build(), ContentBody.text(text));
    }

    private static long bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
