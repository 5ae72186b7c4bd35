package dev.reservoir.provider.jdbc.catalog;

import java.util.Objects;

/**
 * One column of a table or view.
 *
 * @param type the type as the database writes it ({@code character varying(20)}, {@code INTEGER})
 * @param defaultValue the default expression, or null
 * @param comment the column's comment, or null
 * @param generated the expression of a generated column, or null
 */
public record Column(
        String name, String type, boolean nullable, String defaultValue, String comment, String generated) {
    public Column {
        Objects.requireNonNull(name, "name");
        type = type == null ? "" : type;
    }
}
