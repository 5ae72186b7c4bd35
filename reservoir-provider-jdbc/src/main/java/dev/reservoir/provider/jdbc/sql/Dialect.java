package dev.reservoir.provider.jdbc.sql;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * How SQL is written for one engine: identifiers are always quoted (so names with quotes, spaces,
 * unicode or reserved words are safe), the quote character doubled inside them.
 *
 * @param quote the identifier quote ({@code "} for PostgreSQL, SQLite and H2), or "" when the driver has none
 * @param rowValues whether {@code (a, b) > (?, ?)} is understood (keyset paging on composite keys)
 * @param textType the type to cast a value to for text comparisons
 */
public record Dialect(Engine engine, String quote, boolean rowValues, String textType) {

    public Dialect {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(quote, "quote");
    }

    public static Dialect of(Engine engine) {
        return switch (engine) {
            case POSTGRES -> new Dialect(engine, "\"", true, "text");
            case SQLITE -> new Dialect(engine, "\"", true, "TEXT");
            case GENERIC -> new Dialect(engine, "\"", false, "VARCHAR");
        };
    }

    /** A generic dialect using the driver's quote string (" " means the driver has none). */
    public static Dialect generic(String driverQuote) {
        String q = driverQuote == null || driverQuote.isBlank() ? "" : driverQuote.trim();
        return new Dialect(Engine.GENERIC, q, false, "VARCHAR");
    }

    /** One identifier, quoted. */
    public String quote(String identifier) {
        if (quote.isEmpty()) {
            return identifier;
        }
        return quote + identifier.replace(quote, quote + quote) + quote;
    }

    /** Several identifiers, quoted, separated by ", ". */
    public String columns(List<String> names) {
        return names.stream().map(this::quote).collect(Collectors.joining(", "));
    }

    /** An expression as text. */
    public String castToText(String expression) {
        return "CAST(" + expression + " AS " + textType + ")";
    }

    /** A LIKE pattern matching values that start with the prefix (wildcards in it escaped with '\'). */
    public static String startsWith(String prefix) {
        return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
