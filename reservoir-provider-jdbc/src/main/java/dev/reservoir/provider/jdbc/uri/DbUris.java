package dev.reservoir.provider.jdbc.uri;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.sql.DbException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The URIs of one database, {@code SCHEME://NAME/…} (scheme {@code postgres}, {@code sqlite} or
 * {@code jdbc}; NAME chosen by the user):
 *
 * <pre>
 * postgres://app/                              the database (a collection)
 * postgres://app/overview                      every table with its columns, compact
 * postgres://app/queries                       the named queries (a collection)
 * postgres://app/queries/top?since=2024-01-01  a named query's result
 * postgres://app/public                        a schema (a collection)
 * postgres://app/public/customers              a table or view (a collection)
 * postgres://app/public/customers/schema       its columns, keys, indexes, comments (JSON and DDL)
 * postgres://app/public/customers/rows         its first rows in key order (CSV and JSON Lines)
 * postgres://app/public/customers/rows?limit=20&amp;after=17   the next page
 * postgres://app/public/customers/stats        row estimate, size on disk, last analysed
 * </pre>
 *
 * Names are single segments ({@link Segments}). "overview" and "queries" are taken at the schema
 * level, so a schema that has one of those names is written with a leading "!" ({@code
 * postgres://app/!queries/t}); "!" can start no other segment, since a name's own "!" is encoded.
 * Below a table the plain form is accepted too, as template expansion produces it. Immutable.
 */
public final class DbUris {

    /** Segment names the schema level reserves for the database's own resources. */
    public static final Set<String> RESERVED = Set.of("overview", "queries");

    private static final Pattern NAME = Pattern.compile("[a-z0-9](?:[a-z0-9._-]{0,62})");
    private static final List<String> PARTS = List.of("schema", "rows", "stats");

    private final String scheme;
    private final String name;
    private final String base;

    /** The URIs of the database {@code name} under {@code scheme}; both must be lower-case URI-safe words. */
    public DbUris(String scheme, String name) {
        if (!scheme.matches("[a-z][a-z0-9+.-]*")) {
            throw new IllegalArgumentException("'" + scheme + "' is not a URI scheme");
        }
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("database name '" + name
                    + "' must be 1 to 63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        this.scheme = scheme;
        this.name = name;
        this.base = scheme + "://" + name + "/";
    }

    /** A name fit for URIs made from any text (a database or file name): lower-cased, other characters as '-'. */
    public static String nameFrom(String text) {
        String cleaned =
                text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "-").replaceAll("^[._-]+", "");
        cleaned = cleaned.length() > 63 ? cleaned.substring(0, 63) : cleaned;
        return cleaned.isEmpty() ? "db" : cleaned;
    }

    public String scheme() {
        return scheme;
    }

    public String name() {
        return name;
    }

    /** {@code postgres://app/}. */
    public String base() {
        return base;
    }

    /** Whether the URI is this database's (scheme and name, compared as URIs compare them). */
    public boolean owns(String uri) {
        int authorityEnd = scheme.length() + 3 + name.length();
        if (uri.length() < authorityEnd || !uri.regionMatches(true, 0, base, 0, authorityEnd)) {
            return false;
        }
        return uri.length() == authorityEnd || "/?#".indexOf(uri.charAt(authorityEnd)) >= 0;
    }

    /**
     * What the URI names: empty when it is not this database's; throws NotFound when it is but names
     * nothing this layout has, and BadRequest when it is malformed.
     */
    public Optional<DbUri> parse(String uri) {
        if (!owns(uri)) {
            return Optional.empty();
        }
        if (uri.indexOf('#') >= 0) {
            throw new DbException.BadRequest("'" + uri + "' has a fragment; database URIs have none");
        }
        String rest = uri.substring(Math.min(uri.length(), base.length()));
        int question = rest.indexOf('?');
        String path = question < 0 ? rest : rest.substring(0, question);
        Map<String, String> query = question < 0 ? Map.of() : QueryString.parse(rest.substring(question + 1));
        if (uri.length() < base.length() && question < 0) {
            return Optional.of(noQuery(new DbUri.Database(), query, uri)); // postgres://app without the slash
        }
        String[] segments = path.isEmpty() ? new String[0] : path.split("/", -1);
        for (String segment : segments) {
            if (segment.isEmpty()) {
                throw new DbException.NotFound(uri);
            }
        }
        DbUri parsed =
                switch (segments.length) {
                    case 0 -> new DbUri.Database();
                    case 1 -> level1(segments[0]);
                    case 2 -> level2(segments[0], segments[1], query, uri);
                    case 3 -> level3(segments, query, uri);
                    default -> throw new DbException.NotFound(uri);
                };
        return Optional.of(
                parsed instanceof DbUri.Rows || parsed instanceof DbUri.Query ? parsed : noQuery(parsed, query, uri));
    }

    private static DbUri level1(String segment) {
        return switch (segment) {
            case "overview" -> new DbUri.Overview();
            case "queries" -> new DbUri.Queries();
            default -> new DbUri.Schema(schemaName(segment));
        };
    }

    private static DbUri level2(String first, String second, Map<String, String> query, String uri) {
        if (first.equals("queries")) {
            return new DbUri.Query(Segments.decode(second), query);
        }
        return new DbUri.Table(new TableName(schemaName(first), Segments.decode(second)));
    }

    private static DbUri level3(String[] segments, Map<String, String> query, String uri) {
        TableName table = new TableName(schemaName(segments[0]), Segments.decode(segments[1]));
        return switch (segments[2]) {
            case "schema" -> new DbUri.TableSchema(table);
            case "stats" -> new DbUri.Stats(table);
            case "rows" -> QueryString.rows(table, query);
            default -> throw new DbException.NotFound(uri);
        };
    }

    private static DbUri noQuery(DbUri parsed, Map<String, String> query, String uri) {
        if (!query.isEmpty()) {
            throw new DbException.BadRequest("'" + uri + "' takes no query parameters");
        }
        return parsed;
    }

    private static String schemaName(String segment) {
        if (segment.startsWith("!")) {
            String reserved = segment.substring(1);
            if (!RESERVED.contains(reserved)) {
                throw new DbException.BadRequest("'" + segment + "': only " + RESERVED + " are written with '!'");
            }
            return reserved;
        }
        return Segments.decode(segment);
    }

    /** The URI of a resource. */
    public String format(DbUri uri) {
        return switch (uri) {
            case DbUri.Database d -> base;
            case DbUri.Overview o -> base + "overview";
            case DbUri.Queries q -> base + "queries";
            case DbUri.Query q -> base + "queries/" + Segments.encode(q.name()) + QueryString.format(q.params());
            case DbUri.Schema s -> base + schemaSegment(s.schema());
            case DbUri.Table t -> table(t.table());
            case DbUri.TableSchema s -> table(s.table()) + "/schema";
            case DbUri.Stats s -> table(s.table()) + "/stats";
            case DbUri.Rows r -> table(r.table()) + "/rows" + QueryString.format(rowParams(r));
        };
    }

    private String table(TableName table) {
        return base + schemaSegment(table.schema()) + "/" + Segments.encode(table.name());
    }

    private static Map<String, String> rowParams(DbUri.Rows rows) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rows.limit() != null) {
            params.put("limit", rows.limit().toString());
        }
        if (rows.after() != null) {
            params.put("after", rows.after());
        }
        return params;
    }

    /** The segment of a schema name (reserved words take a leading "!"). */
    public static String schemaSegment(String schema) {
        return RESERVED.contains(schema) ? "!" + schema : Segments.encode(schema);
    }

    /** The template of every table's rows: {@code postgres://app/{schema}/{table}/rows{?limit,after}}. */
    public String rowsTemplate() {
        return base + "{schema}/{table}/rows{?limit,after}";
    }

    /** The template of a named query: {@code postgres://app/queries/top{?since,region}}. */
    public String queryTemplate(String query, List<String> params) {
        String head = base + "queries/" + Segments.encode(query);
        return params.isEmpty() ? head : head + "{?" + String.join(",", params) + "}";
    }
}
