package dev.reservoir.provider.jdbc.sql;

import java.util.Locale;

/** The database engines told apart: each has its own URI scheme, catalog queries and change detection. */
public enum Engine {
    POSTGRES("postgres", "PostgreSQL"),
    SQLITE("sqlite", "SQLite"),
    /** Any other JDBC database, through {@link java.sql.DatabaseMetaData}. */
    GENERIC("jdbc", "JDBC");

    private final String scheme;
    private final String displayName;

    Engine(String scheme, String displayName) {
        this.scheme = scheme;
        this.displayName = displayName;
    }

    /** The URI scheme of its resources. */
    public String scheme() {
        return scheme;
    }

    public String displayName() {
        return displayName;
    }

    /** The engine a JDBC URL is for. */
    public static Engine of(String jdbcUrl) {
        String url = jdbcUrl.toLowerCase(Locale.ROOT);
        if (url.startsWith("jdbc:postgresql:")) {
            return POSTGRES;
        }
        if (url.startsWith("jdbc:sqlite:")) {
            return SQLITE;
        }
        return GENERIC;
    }
}
