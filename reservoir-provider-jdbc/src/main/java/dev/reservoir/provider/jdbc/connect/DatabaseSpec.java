package dev.reservoir.provider.jdbc.connect;

import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.provider.jdbc.uri.DbUris;
import dev.reservoir.provider.jdbc.uri.Segments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which database to open, from the text a user gives ({@code reservoir serve SPEC}):
 *
 * <ul>
 *   <li>a SQLite file: {@code ./app.db} (any file that starts with SQLite's header, or an empty
 *       {@code .db}/{@code .sqlite}/{@code .sqlite3}/{@code .db3} file), or {@code sqlite:./app.db};
 *   <li>a JDBC URL: {@code jdbc:postgresql://localhost:5432/app}, {@code jdbc:sqlite:/data/app.db},
 *       {@code jdbc:h2:/data/app} (any driver on the class path);
 *   <li>a libpq URL: {@code postgresql://app@db.example.com:5432/app?sslmode=require}.
 * </ul>
 *
 * A password is never accepted here (not as {@code user:password@}, not as a {@code password}
 * parameter): it would end up in shell histories, process lists and logs.
 *
 * @param jdbcUrl the URL to open, without credentials
 * @param user the user named in the spec, or null
 * @param host the server's host for PostgreSQL (for the password file), or null
 * @param port the server's port for PostgreSQL, or 0
 * @param database the database's own name (a PostgreSQL database, a file name)
 */
public record DatabaseSpec(Engine engine, String jdbcUrl, String user, String host, int port, String database) {

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern PASSWORD = Pattern.compile("(?i)(^|[?&;:])password=");
    private static final Pattern LIBPQ = Pattern.compile(
            "(?i)postgres(?:ql)?://(?:([^@/]*)@)?([^/:?]*|\\[[^\\]]*])(?::(\\d+))?(?:/([^?]*))?(?:\\?(.*))?");
    private static final Pattern JDBC_PG =
            Pattern.compile("(?i)jdbc:postgresql://([^/:?]*|\\[[^\\]]*])(?::(\\d+))?(?:/([^?]*))?(?:\\?(.*))?");

    /** The name for URIs when the user gives none: the database's own, made URI-safe. */
    public String defaultName() {
        return DbUris.nameFrom(database);
    }

    /** The URL as it may be shown (it never holds a password; parameters are left out all the same). */
    public String shown() {
        int q = jdbcUrl.indexOf('?');
        return q < 0 ? jdbcUrl : jdbcUrl.substring(0, q);
    }

    /** Reads a spec; throws IllegalArgumentException saying what is wrong with it. */
    public static DatabaseSpec parse(String spec) {
        return recognize(spec)
                .orElseThrow(() -> new IllegalArgumentException("'" + spec + "' is not a database: give a SQLite"
                        + " file, a jdbc: URL or a postgresql:// URL"));
    }

    /**
     * Reads a spec if it names a database; empty when it does not look like one (a folder, a file
     * that is not SQLite), so another provider can take it.
     */
    public static Optional<DatabaseSpec> recognize(String spec) {
        String lower = spec.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:") || lower.startsWith("postgres://") || lower.startsWith("postgresql://")) {
            if (PASSWORD.matcher(spec).find()) {
                throw noPassword();
            }
            return Optional.of(lower.startsWith("jdbc:") ? jdbc(spec) : libpq(spec));
        }
        if (lower.startsWith("sqlite:")) {
            return Optional.of(sqlite(Path.of(spec.substring("sqlite:".length())), true));
        }
        Path path = Path.of(spec);
        return Files.isRegularFile(path) && looksLikeSqlite(path) ? Optional.of(sqlite(path, false)) : Optional.empty();
    }

    private static IllegalArgumentException noPassword() {
        return new IllegalArgumentException("a database URL must not hold a password: give it in an environment"
                + " variable (passwordEnv), a file (passwordFile) or ~/.pgpass");
    }

    private static DatabaseSpec jdbc(String url) {
        Engine engine = Engine.of(url);
        if (engine == Engine.SQLITE) {
            String rest = url.substring("jdbc:sqlite:".length());
            rest = rest.startsWith("file:") ? rest.substring(5) : rest;
            int q = rest.indexOf('?');
            return sqlite(Path.of(q < 0 ? rest : rest.substring(0, q)), true);
        }
        if (engine == Engine.POSTGRES) {
            Matcher m = JDBC_PG.matcher(url);
            if (!m.matches()) {
                throw new IllegalArgumentException(
                        "'" + url + "' is not a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database)");
            }
            String user = param(m.group(4), "user");
            String host = m.group(1).isEmpty() ? "localhost" : m.group(1);
            int port = m.group(2) == null ? 5432 : Integer.parseInt(m.group(2));
            String db = m.group(3) == null || m.group(3).isEmpty()
                    ? (user != null ? user : "postgres")
                    : Segments.decode(m.group(3));
            return new DatabaseSpec(engine, url, user, host, port, db);
        }
        String tail = url.replaceAll("[;?].*$", "");
        String name = tail.substring(
                Math.max(tail.lastIndexOf(':'), Math.max(tail.lastIndexOf('/'), tail.lastIndexOf('\\'))) + 1);
        return new DatabaseSpec(engine, url, null, null, 0, name.isEmpty() ? "db" : name);
    }

    private static DatabaseSpec libpq(String url) {
        Matcher m = LIBPQ.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "'" + url + "' is not a PostgreSQL URL (postgresql://user@host:port/database)");
        }
        String userInfo = m.group(1);
        if (userInfo != null && userInfo.contains(":")) {
            throw noPassword();
        }
        String user = userInfo == null || userInfo.isEmpty() ? param(m.group(5), "user") : Segments.decode(userInfo);
        String host = m.group(2).isEmpty() ? "localhost" : m.group(2);
        int port = m.group(3) == null ? 5432 : Integer.parseInt(m.group(3));
        String db = m.group(4) == null || m.group(4).isEmpty()
                ? (user != null ? user : "postgres")
                : Segments.decode(m.group(4));
        String params = m.group(5) == null ? "" : "?" + m.group(5);
        String jdbcUrl = "jdbc:postgresql://" + host + ":" + port + "/" + Segments.encode(db) + params;
        return new DatabaseSpec(Engine.POSTGRES, jdbcUrl, user, host, port, db);
    }

    private static String param(String query, String name) {
        if (query == null) {
            return null;
        }
        return Arrays.stream(query.split("&"))
                .filter(p -> p.toLowerCase(Locale.ROOT).startsWith(name + "="))
                .map(p -> Segments.decode(p.substring(name.length() + 1)))
                .findFirst()
                .orElse(null);
    }

    private static DatabaseSpec sqlite(Path file, boolean explicit) {
        Path absolute = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute)) {
            throw new IllegalArgumentException(
                    "no SQLite database at " + file + " (reservoir opens existing files only, read-only)");
        }
        if (explicit && !looksLikeSqlite(absolute)) {
            throw new IllegalArgumentException(file + " is not a SQLite database (it lacks SQLite's file header)");
        }
        String fileName = absolute.getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String base = dot > 0 ? fileName.substring(0, dot) : fileName;
        return new DatabaseSpec(Engine.SQLITE, "jdbc:sqlite:" + absolute, null, null, 0, base);
    }

    /** SQLite's 16-byte header, or an empty file with a database extension (a fresh database is empty). */
    static boolean looksLikeSqlite(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(SQLITE_HEADER.length);
            if (head.length == 0) {
                return file.getFileName().toString().toLowerCase(Locale.ROOT).matches(".*\\.(db|sqlite|sqlite3|db3)");
            }
            return Arrays.equals(head, SQLITE_HEADER);
        } catch (IOException e) {
            return false;
        }
    }
}
