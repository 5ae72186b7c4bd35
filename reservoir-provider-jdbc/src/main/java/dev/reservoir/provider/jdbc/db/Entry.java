package dev.reservoir.provider.jdbc.db;

import dev.reservoir.provider.jdbc.catalog.TableRef;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.uri.DbUri;
import java.util.Objects;

/**
 * One listed resource: what it is, plus what describing it needs.
 *
 * @param table the table it belongs to (tables and their parts), or null
 * @param query the named query (a query), or null
 */
public record Entry(DbUri uri, TableRef table, NamedQuery query) {
    public Entry {
        Objects.requireNonNull(uri, "uri");
    }

    static Entry of(DbUri uri) {
        return new Entry(uri, null, null);
    }
}
