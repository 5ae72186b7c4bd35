package dev.reservoir.provider.jdbc;

import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import dev.reservoir.provider.jdbc.catalog.TableRef;
import dev.reservoir.provider.jdbc.db.Database;
import dev.reservoir.provider.jdbc.db.Entry;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.rows.RowFormat;
import dev.reservoir.provider.jdbc.uri.DbUri;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How each database resource is described to MCP clients: name, title, description, MIME type and
 * whether it is a collection. Descriptions say what a read returns and how to page, so a model
 * can use them without a guide. Stateless apart from the database's settings; thread-safe.
 */
final class Resources {

    static final String JSON = "application/json";
    static final String SQL = "application/sql";
    static final String MARKDOWN = "text/markdown";
    static final String URI_LIST = "text/uri-list";

    private final Database db;

    Resources(Database db) {
        this.db = db;
    }

    Resource describe(Entry entry) {
        return describe(entry.uri(), entry.table(), entry.query());
    }

    /** The metadata of a resource; {@code table} and {@code query} as {@link Entry} has them. */
    Resource describe(DbUri uri, TableRef table, NamedQuery query) {
        Resource.Builder r =
                Resource.builder(db.uris().format(uri), db.settings().name()).isCollection(uri.collection());
        return switch (uri) {
            case DbUri.Query q -> query(r, query);
            case DbUri.Rows rows -> rows(r, rows);
            case DbUri.Table t ->
                r.name(t.table().name())
                        .title(t.table().toString())
                        .description(capitalized(table.kind().label()) + " " + t.table()
                                + (table.comment() == null ? "" : ": " + table.comment()))
                        .build();
            case DbUri.TableSchema s ->
                r.name(s.table().name() + ".schema")
                        .title("Schema of " + s.table())
                        .mimeType(JSON)
                        .description(
                                "Columns with types, nullability and defaults; primary key, unique constraints, foreign"
                                        + " keys, checks, indexes and comments of "
                                        + table.kind().label() + " " + s.table()
                                        + ", as JSON and as SQL DDL")
                        .build();
            case DbUri.Stats s ->
                r.name(s.table().name() + ".stats")
                        .title("Statistics of " + s.table())
                        .mimeType(JSON)
                        .description("Row estimate, size on disk and when " + s.table() + " was last analysed")
                        .build();
            default -> databaseLevel(r, uri);
        };
    }

    /** The database, its overview, its queries collection and its schemas. */
    private Resource databaseLevel(Resource.Builder r, DbUri uri) {
        String name = db.settings().name();
        return switch (uri) {
            case DbUri.Overview o ->
                r.name("overview")
                        .title("Overview of database " + name)
                        .mimeType(MARKDOWN)
                        .description("Every table and view with its columns, types, keys and references, in one compact"
                                + " text of at most " + db.settings().overviewBytes() / 1024 + " KiB")
                        .annotations(Annotations.NONE
                                .withAudience(List.of(Role.ASSISTANT, Role.USER))
                                .withPriority(0.9))
                        .build();
            case DbUri.Queries q ->
                r.name("queries")
                        .title("Named queries of database " + name)
                        .description(
                                "The queries this server's configuration declares; read one with its parameters to run it")
                        .build();
            case DbUri.Schema s ->
                r.name(s.schema())
                        .title("Schema " + s.schema())
                        .description("The tables and views of schema " + s.schema())
                        .build();
            default ->
                r.title(db.title())
                        .description("Every schema, table and view of database " + name + "; read "
                                + db.uris().format(new DbUri.Overview()) + " for all tables and their columns at once")
                        .build();
        };
    }

    private Resource rows(Resource.Builder r, DbUri.Rows rows) {
        int limit = rows.limit() == null ? db.settings().sampleRows() : rows.limit();
        String which = rows.after() == null ? "The first " + limit : "Up to " + limit;
        String next = db.uris().format(new DbUri.Rows(rows.table(), limit, "KEY"));
        return r.name(rows.table().name() + ".rows")
                .title("Rows of " + rows.table())
                .mimeType(RowFormat.CSV.mimeType())
                .description(
                        which + " rows of " + rows.table() + (rows.after() == null ? "" : " after key " + rows.after())
                                + " in key order, as CSV and as JSON Lines (each at most "
                                + db.settings().maxBytes() / 1024
                                + " KiB, whole rows only); " + next
                                + " reads the rows after the row whose key is KEY (its key value,"
                                + " or a JSON array of them for a key of several columns), up to "
                                + db.settings().maxRows() + " at a time")
                .build();
    }

    private static Resource query(Resource.Builder r, NamedQuery query) {
        String params = query.params().isEmpty()
                ? ""
                : " Parameters: "
                        + query.params().stream()
                                .map(p -> p.name() + " (" + p.type().description()
                                        + (p.defaultValue() == null ? "" : ", default " + p.defaultValue()) + ")"
                                        + (p.description() == null ? "" : ": " + p.description()))
                                .collect(Collectors.joining("; "))
                        + ".";
        String what = query.description() == null ? "The result of query " + query.name() + "." : query.description();
        return r.name(query.name())
                .title(query.title() == null ? query.name() : query.title())
                .mimeType(RowFormat.CSV.mimeType())
                .description(what + params + " As CSV and as JSON Lines.")
                .build();
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
