package dev.reservoir.provider.jdbc.connect;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a database password comes from. Never the command line or a URI: those end up in shell
 * histories, process lists and logs.
 */
public sealed interface PasswordSource {

    /** No password (trust or peer authentication, or SQLite). */
    record None() implements PasswordSource {}

    /** An environment variable's value. */
    record Env(String variable) implements PasswordSource {
        public Env {
            Objects.requireNonNull(variable, "variable");
        }
    }

    /** A file's content, one trailing line break removed. */
    record File(Path path) implements PasswordSource {
        public File {
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * As libpq finds it: the PGPASSWORD variable, else the password file (PGPASSFILE, else
     * ~/.pgpass) line matching host, port, database and user. The default for PostgreSQL.
     */
    record Libpq() implements PasswordSource {}
}
