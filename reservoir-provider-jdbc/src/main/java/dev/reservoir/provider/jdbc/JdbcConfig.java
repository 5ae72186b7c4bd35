package dev.reservoir.provider.jdbc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.connect.DatabaseSpec;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.query.NamedSql;
import dev.reservoir.provider.jdbc.query.ParamType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code databases:} section of a YAML configuration (other sections are left to their
 * readers). Relative file paths are relative to the file's folder; unknown keys are errors, so a
 * typo is never silently ignored. Passwords are never in the file: {@code passwordEnv} names a
 * variable, {@code passwordFile} a file; without either, PostgreSQL's PGPASSWORD and ~/.pgpass.
 *
 * <pre>
 * databases:
 *   - url: jdbc:postgresql://localhost:5432/app   # or ./app.db, or postgresql://reader@host/app
 *     name: app
 *     user: reader
 *     passwordEnv: APP_DB_PASSWORD
 *     schemas: [public, sales]
 *     sampleRows: 50
 *     maxRows: 10000
 *     maxBytes: 256KiB
 *     overviewBytes: 64KiB
 *     statementTimeout: 15s
 *     poll: 2s
 *     listen: reservoir_changes
 *     pool: 4
 *     queries:
 *       orders_of:
 *         title: Orders of a customer
 *         description: A customer's orders since a date
 *         sql: SELECT id, total FROM orders WHERE customer_id = :customer AND placed_at &gt;= :since
 *         params:
 *           customer: {type: integer, completion: {column: public.customers.id}}
 *           since: {type: date, default: "2024-01-01"}
 * </pre>
 */
public final class JdbcConfig {

    /** One entry of {@code databases:}. */
    public record Database(
            String url,
            String name,
            String user,
            String passwordEnv,
            String passwordFile,
            List<String> schemas,
            Integer sampleRows,
            Integer maxRows,
            String maxBytes,
            Integer maxValueChars,
            String overviewBytes,
            String statementTimeout,
            String poll,
            String listen,
            Integer pool,
            Map<String, Query> queries) {}

    /** One named query. */
    public record Query(String title, String description, String sql, Map<String, Param> params) {}

    /** One parameter; {@code completion} has {@code column: schema.table.column} or {@code sql: SELECT ...}. */
    public record Param(String type, String description, String defaultValue, Map<String, String> completion) {
        @com.fasterxml.jackson.annotation.JsonCreator
        public Param(
                @com.fasterxml.jackson.annotation.JsonProperty("type") String type,
                @com.fasterxml.jackson.annotation.JsonProperty("description") String description,
                @com.fasterxml.jackson.annotation.JsonProperty("default") String defaultValue,
                @com.fasterxml.jackson.annotation.JsonProperty("completion") Map<String, String> completion) {
            this.type = type;
            this.description = description;
            this.defaultValue = defaultValue;
            this.completion = completion;
        }
    }

    private static final ObjectMapper YAML =
            new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kib|mib|gib|kb|mb|gb)?");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    private JdbcConfig() {}

    /** Builders for every database of the file's {@code databases:} section (none when it has none). */
    public static List<JdbcProviderBuilder> read(Path file) {
        try {
            JsonNode root = YAML.readTree(Files.readString(file));
            JsonNode databases = root == null ? null : root.get("databases");
            if (databases == null || databases.isNull()) {
                return List.of();
            }
            Database[] entries = YAML.treeToValue(databases, Database[].class);
            List<JdbcProviderBuilder> builders = new ArrayList<>();
            for (Database entry : entries) {
                builders.add(builder(entry, file.toAbsolutePath().getParent()));
            }
            return builders;
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(file + ": unknown database setting '" + e.getPropertyName()
                    + "' (known: " + e.getKnownPropertyIds() + ")");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    file + ": the databases section is not valid: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** A builder for one entry; relative paths are resolved against {@code base}. */
    public static JdbcProviderBuilder builder(Database entry, Path base) {
        if (entry.url() == null) {
            throw new IllegalArgumentException(
                    "a database entry needs a url (a SQLite file, jdbc: or postgresql:// URL)");
        }
        JdbcProviderBuilder b = JdbcProvider.builder().database(spec(entry.url(), base));
        if (entry.name() != null) {
            b.name(entry.name());
        }
        if (entry.user() != null) {
            b.user(entry.user());
        }
        if (entry.passwordEnv() != null) {
            b.passwordFromEnv(entry.passwordEnv());
        }
        if (entry.passwordFile() != null) {
            b.passwordFromFile(base.resolve(entry.passwordFile()));
        }
        if (entry.schemas() != null) {
            b.schemas(entry.schemas().toArray(String[]::new));
        }
        limits(entry, b);
        if (entry.queries() != null) {
            entry.queries().forEach((name, query) -> b.query(query(name, query)));
        }
        return b;
    }

    private static DatabaseSpec spec(String url, Path base) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:") || lower.startsWith("postgres://") || lower.startsWith("postgresql://")) {
            return DatabaseSpec.parse(url);
        }
        String path = lower.startsWith("sqlite:") ? url.substring("sqlite:".length()) : url;
        return DatabaseSpec.parse("sqlite:" + base.resolve(path));
    }

    private static void limits(Database entry, JdbcProviderBuilder b) {
        if (entry.sampleRows() != null) {
            b.sampleRows(entry.sampleRows());
        }
        if (entry.maxRows() != null) {
            b.maxRows(entry.maxRows());
        }
        if (entry.maxBytes() != null) {
            b.maxBytes(size("maxBytes", entry.maxBytes()));
        }
        if (entry.maxValueChars() != null) {
            b.maxValueChars(entry.maxValueChars());
        }
        if (entry.overviewBytes() != null) {
            b.overviewBytes(size("overviewBytes", entry.overviewBytes()));
        }
        if (entry.statementTimeout() != null) {
            b.statementTimeout(duration("statementTimeout", entry.statementTimeout()));
        }
        if (entry.poll() != null) {
            b.pollInterval(duration("poll", entry.poll()));
        }
        if (entry.listen() != null) {
            b.listen(entry.listen());
        }
        if (entry.pool() != null) {
            b.poolSize(entry.pool());
        }
    }

    static NamedQuery query(String name, Query query) {
        if (query.sql() == null) {
            throw new IllegalArgumentException("query '" + name + "' needs its sql");
        }
        List<NamedQuery.Param> params = new ArrayList<>();
        Map<String, Param> declared = query.params() == null ? Map.of() : new LinkedHashMap<>(query.params());
        declared.forEach((param, p) -> params.add(new NamedQuery.Param(
                param,
                p.type() == null ? ParamType.TEXT : ParamType.named(p.type()),
                p.description(),
                p.defaultValue(),
                completion(name, param, p.completion()))));
        return new NamedQuery(name, query.title(), query.description(), NamedSql.parse(query.sql()), params);
    }

    private static NamedQuery.Completion completion(String query, String param, Map<String, String> completion) {
        if (completion == null || completion.isEmpty()) {
            return null;
        }
        if (completion.size() == 1 && completion.containsKey("sql")) {
            return new NamedQuery.Completion.Sql(NamedSql.parse(completion.get("sql")));
        }
        if (completion.size() == 1 && completion.containsKey("column")) {
            String[] parts = completion.get("column").split("\\.");
            if (parts.length == 3) {
                return new NamedQuery.Completion.ColumnValues(new TableName(parts[0], parts[1]), parts[2]);
            }
        }
        throw new IllegalArgumentException("query '" + query + "', parameter '" + param
                + "': completion takes either column: schema.table.column or sql: SELECT ...");
    }

    static long size(String key, String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(key + ": '" + text + "' is not a size; use bytes or 64KiB, 1MiB");
        }
        long unit =
                switch (m.group(2) == null ? "b" : m.group(2)) {
                    case "kib" -> 1L << 10;
                    case "mib" -> 1L << 20;
                    case "gib" -> 1L << 30;
                    case "kb" -> 1000L;
                    case "mb" -> 1_000_000L;
                    case "gb" -> 1_000_000_000L;
                    default -> 1L;
                };
        return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
    }

    static Duration duration(String key, String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(key + ": '" + text + "' is not a duration; use 500ms, 15s, 2m or 1h");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }
}
