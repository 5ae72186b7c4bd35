package dev.reservoir.provider.jdbc.rows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.provider.jdbc.catalog.Column;
import dev.reservoir.provider.jdbc.catalog.Constraints;
import dev.reservoir.provider.jdbc.catalog.TableDetail;
import dev.reservoir.provider.jdbc.sql.DbException;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Keyset paging over a table: rows in the order of its key, the next page starting after the key
 * of the last row read ({@code WHERE (k1, k2) > (?, ?) ORDER BY k1, k2 LIMIT n}), so a page costs
 * the same however deep it is and rows added meanwhile are neither repeated nor skipped. The key is
 * the primary key, else a unique constraint or index on NOT NULL columns; a table with neither is
 * read in the database's own order and cannot be paged. {@code after} is the last row's key as
 * text: its one value, or for several key columns a JSON array of them ({@code ["2024-01-01", 7]}).
 */
public final class Keyset {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A statement ready to prepare, with its parameters in order. */
    public record Statement(String sql, List<Object> params) {
        public Statement {
            params = List.copyOf(params);
        }
    }

    private Keyset() {}

    /** The key columns rows are ordered by; empty when the table has no usable key. */
    public static List<String> key(TableDetail table) {
        if (table.primaryKey() != null) {
            return table.primaryKey().columns();
        }
        for (Constraints.Key unique : table.uniques()) {
            if (allNotNull(table, unique.columns())) {
                return unique.columns();
            }
        }
        for (Constraints.Index index : table.indexes()) {
            if (index.unique() && allNotNull(table, index.columns())) {
                return index.columns();
            }
        }
        return List.of();
    }

    private static boolean allNotNull(TableDetail table, List<String> columns) {
        return columns.stream().allMatch(name -> table.columns().stream()
                .anyMatch(c -> c.name().equals(name) && !c.nullable()));
    }

    /** The statement for up to {@code limit} rows after {@code after} (null: from the first). */
    public static Statement page(Dialect dialect, TableDetail table, String after, long limit) {
        List<String> key = key(table);
        StringBuilder sql =
                new StringBuilder("SELECT * FROM ").append(table.ref().name().quoted(dialect));
        List<Object> params = new ArrayList<>();
        if (after != null) {
            if (key.isEmpty()) {
                throw new DbException.BadRequest(
                        table.ref().name()
                                + " has no primary key or unique NOT NULL columns, so its rows have no order to page by; 'after' cannot be used");
            }
            List<String> values = afterValues(after, key.size());
            sql.append(" WHERE ").append(condition(dialect, table, key));
            if (dialect.rowValues()) {
                params.addAll(values);
            } else {
                for (int i = 0; i < key.size(); i++) {
                    for (int j = 0; j <= i; j++) {
                        params.add(values.get(j));
                    }
                }
            }
        }
        if (!key.isEmpty()) {
            sql.append(" ORDER BY ").append(dialect.columns(key));
        }
        sql.append(dialect.engine() == Engine.GENERIC ? " FETCH FIRST " + limit + " ROWS ONLY" : " LIMIT " + limit);
        return new Statement(sql.toString(), params);
    }

    private static String condition(Dialect dialect, TableDetail table, List<String> key) {
        List<String> placeholders =
                key.stream().map(k -> placeholder(dialect, table.column(k))).toList();
        if (dialect.rowValues()) {
            return "(" + dialect.columns(key) + ") > (" + String.join(", ", placeholders) + ")";
        }
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            List<String> parts = new ArrayList<>();
            for (int j = 0; j < i; j++) {
                parts.add(dialect.quote(key.get(j)) + " = " + placeholders.get(j));
            }
            parts.add(dialect.quote(key.get(i)) + " > " + placeholders.get(i));
            terms.add("(" + String.join(" AND ", parts) + ")");
        }
        return terms.stream().collect(Collectors.joining(" OR ", "(", ")"));
    }

    /** A text parameter cast to the column's own type (SQLite converts by column affinity instead). */
    private static String placeholder(Dialect dialect, Column column) {
        if (dialect.engine() == Engine.SQLITE || column.type().isEmpty()) {
            return "?";
        }
        return "CAST(? AS " + column.type() + ")";
    }

    private static List<String> afterValues(String after, int keySize) {
        if (keySize == 1) {
            return List.of(after);
        }
        try {
            JsonNode array = MAPPER.readTree(after);
            if (array != null && array.isArray() && array.size() == keySize) {
                List<String> values = new ArrayList<>();
                for (JsonNode value : array) {
                    if (!value.isValueNode() || value.isNull()) {
                        throw new DbException.BadRequest("'after' holds a value that is not a string or number");
                    }
                    values.add(value.asText());
                }
                return values;
            }
        } catch (JsonProcessingException e) {
            // said below
        }
        throw new DbException.BadRequest("'after' must be a JSON array of the " + keySize
                + " key values of the last row read, such as [\"a\",1]");
    }
}
