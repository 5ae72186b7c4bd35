package dev.reservoir.transport.http;

import dev.reservoir.transport.http.internal.Guard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The bearer tokens an HTTP server accepts. Only their SHA-256 digests are kept. Each session
 * belongs to the token that opened it: with several tokens (several clients), one client cannot
 * use another's session. Immutable.
 */
public final class BearerTokens {

    private final Set<String> digests;

    private BearerTokens(Set<String> tokens) {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("give at least one bearer token");
        }
        Set<String> d = new LinkedHashSet<>();
        for (String token : tokens) {
            String t = token.strip();
            if (t.isEmpty() || t.chars().anyMatch(c -> c <= 0x20 || c >= 0x7f)) {
                throw new IllegalArgumentException(
                        "a bearer token must be non-empty visible ASCII without spaces (RFC 6750 token68)");
            }
            d.add(Guard.digest(t));
        }
        this.digests = Set.copyOf(d);
    }

    /** These tokens. */
    public static BearerTokens of(String... tokens) {
        return new BearerTokens(new LinkedHashSet<>(Arrays.asList(tokens)));
    }

    /** The token in an environment variable. */
    public static BearerTokens fromEnv(String variable) {
        return fromEnv(variable, System.getenv());
    }

    static BearerTokens fromEnv(String variable, Map<String, String> environment) {
        Objects.requireNonNull(variable, "variable");
        String value = environment.get(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(
                    "environment variable " + variable + " is not set (or empty); put the bearer token in it");
        }
        return of(value.strip());
    }

    /**
     * The tokens in a file, one per line; blank lines and lines starting with {@code #} are
     * skipped. The file should be readable by its owner only.
     */
    public static BearerTokens fromFile(Path file) {
        try {
            Set<String> tokens = new LinkedHashSet<>();
            for (String line : Files.readAllLines(file)) {
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    tokens.add(t);
                }
            }
            if (tokens.isEmpty()) {
                throw new IllegalArgumentException("token file " + file + " has no token; write one per line");
            }
            return new BearerTokens(tokens);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("token file " + file + " does not exist", e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read token file " + file, e);
        }
    }

    Set<String> digests() {
        return digests;
    }

    @Override
    public String toString() {
        return "BearerTokens[" + digests.size() + " token(s)]";
    }
}
