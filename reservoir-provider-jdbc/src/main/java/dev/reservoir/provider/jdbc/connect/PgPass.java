package dev.reservoir.provider.jdbc.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL password file ({@code ~/.pgpass}): lines of {@code host:port:database:user:password},
 * {@code *} matching anything, {@code \:} and {@code \\} escaping, {@code #} starting a comment; the
 * first matching line wins. As libpq does, a file that others can read is ignored (with a warning).
 */
public final class PgPass {

    private static final Logger log = LoggerFactory.getLogger(PgPass.class);

    private PgPass() {}

    /** The password for this connection, if the file has a line for it. */
    public static Optional<Secret> find(Path file, String host, int port, String database, String user) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        if (tooOpen(file)) {
            log.warn("password file {} is readable by others, so it is ignored (chmod 0600 it)", file);
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank() || line.stripLeading().startsWith("#")) {
                    continue;
                }
                List<String> fields = fields(line);
                if (fields.size() == 5
                        && matches(fields.get(0), host)
                        && matches(fields.get(1), Integer.toString(port))
                        && matches(fields.get(2), database)
                        && matches(fields.get(3), user)) {
                    return Optional.of(Secret.of(fields.get(4)));
                }
            }
        } catch (IOException e) {
            log.warn("cannot read password file {}: {}", file, e.getMessage());
        }
        return Optional.empty();
    }

    private static boolean tooOpen(Path file) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            return perms.stream()
                    .anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"));
        } catch (UnsupportedOperationException | IOException e) {
            return false; // no POSIX permissions here (Windows): libpq does not check either
        }
    }

    private static boolean matches(String field, String value) {
        return field.equals("*") || field.equals(value);
    }

    /** The fields of a line, split on unescaped ':' (the last field keeps any further colons). */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                field.append(line.charAt(++i));
            } else if (c == ':' && fields.size() < 4) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
