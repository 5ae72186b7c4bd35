package dev.reservoir.provider.jdbc.uri;

import dev.reservoir.provider.jdbc.catalog.TableName;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One resource of a database, as its URI names it (see {@link DbUris} for the URI forms). The
 * database itself, schemas and tables are collections; the rest are leaves.
 */
public sealed interface DbUri {

    /** Whether this names a collection (its children are listed, its read names them). */
    default boolean collection() {
        return switch (this) {
            case Database d -> true;
            case Queries q -> true;
            case Schema s -> true;
            case Table t -> true;
            default -> false;
        };
    }

    /** The database: {@code postgres://app/}. */
    record Database() implements DbUri {}

    /** Every table with its columns, compact: {@code postgres://app/overview}. */
    record Overview() implements DbUri {}

    /** The named queries: {@code postgres://app/queries}. */
    record Queries() implements DbUri {}

    /** One named query run with the given parameters: {@code postgres://app/queries/top?since=2024-01-01}. */
    record Query(String name, Map<String, String> params) implements DbUri {
        public Query {
            Objects.requireNonNull(name, "name");
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }
    }

    /** A schema: {@code postgres://app/public}. */
    record Schema(String schema) implements DbUri {
        public Schema {
            Objects.requireNonNull(schema, "schema");
        }
    }

    /** A table or view: {@code postgres://app/public/customers}. */
    record Table(TableName table) implements DbUri {
        public Table {
            Objects.requireNonNull(table, "table");
        }
    }

    /** Columns, keys, indexes and comments as JSON and as DDL: {@code …/customers/schema}. */
    record TableSchema(TableName table) implements DbUri {
        public TableSchema {
            Objects.requireNonNull(table, "table");
        }
    }

    /** Rows in key order, a page at a time: {@code …/customers/rows?limit=20&after=17}. */
    record Rows(TableName table, Integer limit, String after) implements DbUri {
        public Rows {
            Objects.requireNonNull(table, "table");
        }

        /** The first page with the default limit. */
        public static Rows first(TableName table) {
            return new Rows(table, null, null);
        }
    }

    /** Row estimate, size on disk, last analysed: {@code …/customers/stats}. */
    record Stats(TableName table) implements DbUri {
        public Stats {
            Objects.requireNonNull(table, "table");
        }
    }
}
