package dev.reservoir.provider.jdbc.db;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.catalog.TableRef;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.uri.DbUri;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pages through a database's resources. The whole listing is the database, its overview, its
 * named queries, then each schema followed by its tables, each table followed by its schema, rows
 * and stats. Tables are read a page at a time with keyset queries (never all at once), so a
 * database of any number of tables lists in constant memory per page. Not thread-safe: one per call.
 */
final class Listing {

    /** What the listing reads from the database. */
    interface Source {
        List<String> schemas();

        List<TableRef> tables(String schema, String after, int limit);

        Optional<TableRef> table(TableName name);

        List<NamedQuery> queries();
    }

    private static final int PARTS = 4; // the table itself, then schema, rows, stats

    private final Source source;
    private final int limit;
    private final List<Entry> out = new ArrayList<>();
    private Cursor last;

    Listing(Source source, int limit) {
        this.source = source;
        this.limit = limit;
    }

    /** One page of the whole listing. */
    Page all(String cursorText) {
        Cursor at = cursorText == null ? null : Cursor.decode(cursorText);
        List<Entry> headers = headers(true);
        int h = at == null ? 0 : at.phase().equals("h") ? at.index() + 1 : headers.size();
        for (; h < headers.size(); h++) {
            if (!add(headers.get(h), new Cursor("h", h, null, null))) {
                return full();
            }
        }
        String resume = at != null && at.phase().equals("t") ? at.schema() : null;
        for (String schema : source.schemas()) {
            if (resume != null && schema.compareTo(resume) < 0) {
                continue;
            }
            boolean resuming = resume != null && schema.equals(resume);
            String after = resuming ? at.name() : null;
            if (!resuming && !add(Entry.of(new DbUri.Schema(schema)), new Cursor("t", -1, schema, null))) {
                return full();
            }
            if (resuming && after != null && at.index() < PARTS - 1) {
                Optional<TableRef> table = source.table(new TableName(schema, after));
                if (table.isPresent() && !addParts(table.get(), at.index() + 1)) {
                    return full();
                }
            }
            if (!tables(schema, after)) {
                return full();
            }
        }
        return new Page(out, null);
    }

    private boolean tables(String schema, String after) {
        while (true) {
            int want = (limit - out.size()) / PARTS + 2;
            List<TableRef> batch = source.tables(schema, after, want);
            for (TableRef table : batch) {
                if (!addParts(table, 0)) {
                    return false;
                }
                after = table.name().name();
            }
            if (batch.size() < want) {
                return true;
            }
        }
    }

    private boolean addParts(TableRef table, int from) {
        TableName name = table.name();
        for (int part = from; part < PARTS; part++) {
            if (!add(new Entry(part(name, part), table, null), new Cursor("t", part, name.schema(), name.name()))) {
                return false;
            }
        }
        return true;
    }

    /** The database's own entries: the overview, the queries collection and (in the whole listing) the database and its listable queries. */
    private List<Entry> headers(boolean whole) {
        List<Entry> headers = new ArrayList<>();
        if (whole) {
            headers.add(Entry.of(new DbUri.Database()));
        }
        headers.add(Entry.of(new DbUri.Overview()));
        if (!source.queries().isEmpty()) {
            headers.add(Entry.of(new DbUri.Queries()));
            if (whole) {
                headers.addAll(listableQueries());
            }
        }
        return headers;
    }

    private List<Entry> listableQueries() {
        return source.queries().stream()
                .filter(NamedQuery::listable)
                .map(q -> new Entry(new DbUri.Query(q.name(), java.util.Map.of()), null, q))
                .toList();
    }

    /** One page of a collection's children. */
    Page children(DbUri parent, String cursorText) {
        Cursor at = cursorText == null ? null : Cursor.decode(cursorText);
        boolean complete =
                switch (parent) {
                    case DbUri.Database d -> databaseChildren(at);
                    case DbUri.Queries q -> queryChildren(at == null ? 0 : at.index() + 1);
                    case DbUri.Schema s -> tableChildren(s.schema(), at == null ? null : at.name());
                    case DbUri.Table t -> partChildren(t.table(), at == null ? 1 : at.index() + 1);
                    default -> true; // leaves have no children
                };
        return complete ? new Page(out, null) : full();
    }

    /** The overview and the queries (by index), then the schemas (by name). */
    private boolean databaseChildren(Cursor at) {
        List<Entry> headers = headers(false);
        int h = at == null ? 0 : at.phase().equals("h") ? at.index() + 1 : headers.size();
        for (; h < headers.size(); h++) {
            if (!add(headers.get(h), new Cursor("h", h, null, null))) {
                return false;
            }
        }
        for (String schema : source.schemas()) {
            boolean done = at != null && at.phase().equals("c") && schema.compareTo(at.name()) <= 0;
            if (!done && !add(Entry.of(new DbUri.Schema(schema)), new Cursor("c", 0, null, schema))) {
                return false;
            }
        }
        return true;
    }

    private boolean queryChildren(int from) {
        List<Entry> queries = listableQueries();
        for (int i = from; i < queries.size(); i++) {
            if (!add(queries.get(i), new Cursor("c", i, null, null))) {
                return false;
            }
        }
        return true;
    }

    private boolean tableChildren(String schema, String after) {
        while (true) {
            int want = limit - out.size() + 1;
            List<TableRef> batch = source.tables(schema, after, want);
            for (TableRef table : batch) {
                Entry entry = new Entry(new DbUri.Table(table.name()), table, null);
                if (!add(entry, new Cursor("c", 0, null, table.name().name()))) {
                    return false;
                }
                after = table.name().name();
            }
            if (batch.size() < want) {
                return true;
            }
        }
    }

    private boolean partChildren(TableName name, int from) {
        TableRef table = source.table(name).orElseThrow(() -> new DbException.NotFound(name.toString()));
        for (int part = Math.max(1, from); part < PARTS; part++) {
            if (!add(new Entry(part(name, part), table, null), new Cursor("c", part, null, null))) {
                return false;
            }
        }
        return true;
    }

    /** Part 0 is the table itself, then its schema, rows and stats. */
    private static DbUri part(TableName name, int part) {
        return switch (part) {
            case 0 -> new DbUri.Table(name);
            case 1 -> new DbUri.TableSchema(name);
            case 2 -> DbUri.Rows.first(name);
            default -> new DbUri.Stats(name);
        };
    }

    /** Adds an entry if the page has room; false (and nothing added) when it is full. */
    private boolean add(Entry entry, Cursor position) {
        if (out.size() >= limit) {
            return false;
        }
        out.add(entry);
        last = position;
        return true;
    }

    /** The page is full and something follows: the cursor is the position of its last entry. */
    private Page full() {
        return new Page(out, last.encode());
    }
}
