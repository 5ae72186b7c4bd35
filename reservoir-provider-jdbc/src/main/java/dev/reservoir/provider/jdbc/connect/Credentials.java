package dev.reservoir.provider.jdbc.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the password for a connection from its {@link PasswordSource}. Errors name the variable or
 * file to fix, never a value.
 */
public final class Credentials {

    private final Map<String, String> env;
    private final Path home;

    /** With this environment and home folder (tests give their own). */
    public Credentials(Map<String, String> env, Path home) {
        this.env = Map.copyOf(env);
        this.home = home;
    }

    /** With the process's environment and the user's home folder. */
    public static Credentials system() {
        return new Credentials(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** The user to connect as when none was given: PGUSER, else the login name (as libpq does). */
    public String defaultUser() {
        return Optional.ofNullable(env.get("PGUSER")).orElse(System.getProperty("user.name"));
    }

    /**
     * The password, or empty when the source gives none. Throws IllegalArgumentException when the
     * named variable is unset or the named file cannot be read.
     */
    public Optional<Secret> password(PasswordSource source, String host, int port, String database, String user) {
        return switch (source) {
            case PasswordSource.None n -> Optional.empty();
            case PasswordSource.Env e -> {
                String value = env.get(e.variable());
                if (value == null) {
                    throw new IllegalArgumentException("the password variable " + e.variable() + " is not set");
                }
                yield Optional.of(Secret.of(value));
            }
            case PasswordSource.File f -> Optional.of(Secret.of(read(f.path())));
            case PasswordSource.Libpq l -> libpq(host, port, database, user);
        };
    }

    private Optional<Secret> libpq(String host, int port, String database, String user) {
        String fromEnv = env.get("PGPASSWORD");
        if (fromEnv != null) {
            return Optional.of(Secret.of(fromEnv));
        }
        String file = env.get("PGPASSFILE");
        Path path = file != null ? Path.of(file) : home.resolve(".pgpass");
        return PgPass.find(path, host, port, database, user);
    }

    private static String read(Path file) {
        try {
            String text = Files.readString(file);
            if (text.endsWith("\n")) {
                text = text.substring(0, text.length() - (text.endsWith("\r\n") ? 2 : 1));
            }
            return text;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the password file " + file + " ("
                    + e.getClass().getSimpleName() + ")");
        }
    }
}
