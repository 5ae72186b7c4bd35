package dev.reservoir.provider.jdbc.db;

import dev.reservoir.provider.jdbc.query.NamedQuery;
import java.time.Duration;
import java.util.List;

/**
 * What a database is served with.
 *
 * @param name the name in its URIs ({@code postgres://NAME/})
 * @param schemas the schemas to show, exactly as spelled in the database; empty for every non-system schema
 * @param sampleRows rows in a {@code …/rows} read without a limit
 * @param maxRows the largest {@code limit} a rows read may ask for, and the most rows a named query returns
 * @param maxBytes the most bytes of one rows or query representation (each format has its own budget)
 * @param maxValueChars longer values are cut in rows and query results (0: never)
 * @param overviewBytes the size the overview stops at
 * @param statementTimeout the most one statement may run
 * @param pollInterval how often the database is checked for changes
 * @param listenChannel a PostgreSQL channel to LISTEN on for change hints, or null
 */
public record Settings(
        String name,
        List<String> schemas,
        int sampleRows,
        int maxRows,
        long maxBytes,
        int maxValueChars,
        long overviewBytes,
        Duration statementTimeout,
        Duration pollInterval,
        String listenChannel,
        List<NamedQuery> queries) {

    public Settings {
        schemas = List.copyOf(schemas);
        queries = List.copyOf(queries);
        if (sampleRows < 1 || maxRows < sampleRows) {
            throw new IllegalArgumentException(
                    "need 1 <= sampleRows <= maxRows, not " + sampleRows + " and " + maxRows);
        }
        if (maxBytes < 1024 || overviewBytes < 1024) {
            throw new IllegalArgumentException("maxBytes and overviewBytes must be at least 1 KiB");
        }
        if (queries.stream().map(NamedQuery::name).distinct().count() != queries.size()) {
            throw new IllegalArgumentException("two named queries have the same name");
        }
    }

    /** Defaults: 50 sample rows, at most 10,000 rows and 256 KiB per format, 64 KiB of overview, 15 s per statement, a check for changes every 2 s. */
    public static Settings defaults(String name) {
        return new Settings(
                name,
                List.of(),
                50,
                10_000,
                256 * 1024,
                2000,
                64 * 1024,
                Duration.ofSeconds(15),
                Duration.ofSeconds(2),
                null,
                List.of());
    }
}
