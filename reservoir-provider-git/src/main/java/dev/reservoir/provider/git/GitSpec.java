package dev.reservoir.provider.git;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A repository named on a command line or in a configuration: {@code git:PATH} or
 * {@code git:PATH#NAME}. The name is the authority of the repository's URIs ({@code git://NAME/});
 * without one, it comes from the folder's name (see {@link #name()}). The last {@code #} starts the
 * name, so a path that holds a {@code #} must be followed by {@code #NAME}.
 *
 * @param path the repository: a work tree, a linked work tree, a bare repository or a .git folder
 * @param name the repository's name, or null to derive it from the path
 */
public record GitSpec(Path path, String name) {

    /** The prefix of a spec string. */
    public static final String PREFIX = "git:";

    public GitSpec {
        Objects.requireNonNull(path, "path");
        if (name != null && !RepoNames.isValid(name)) {
            throw new IllegalArgumentException(RepoNames.explain(name));
        }
    }

    /** Whether the string is a git spec (starts with {@code git:} and is not a {@code git://} URI). */
    public static boolean matches(String spec) {
        return spec.startsWith(PREFIX) && !spec.startsWith("git://");
    }

    /**
     * Parses {@code git:PATH[#NAME]}; throws IllegalArgumentException with a sentence naming the
     * problem (not a git spec, no path, a name that cannot be a URI authority).
     */
    public static GitSpec parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        if (!matches(spec)) {
            throw new IllegalArgumentException("'" + spec
                    + "' is not a git repository spec; write git:PATH or git:PATH#NAME"
                    + (spec.startsWith("git://") ? " (git:// URIs name resources, not repositories to serve)" : ""));
        }
        String rest = spec.substring(PREFIX.length());
        int hash = rest.lastIndexOf('#');
        String path = hash < 0 ? rest : rest.substring(0, hash);
        String name = hash < 0 ? null : rest.substring(hash + 1);
        if (path.isEmpty()) {
            throw new IllegalArgumentException("'" + spec + "' names no repository; write git:PATH, e.g. git:./repo");
        }
        if (name != null && name.isEmpty()) {
            throw new IllegalArgumentException("'" + spec + "' ends with '#' but gives no name; write git:PATH#NAME");
        }
        return new GitSpec(Path.of(path), name);
    }

    /** The name to serve the repository under: the given one, or one derived from the folder's name. */
    public String effectiveName() {
        return name != null ? name : RepoNames.derive(path);
    }

    @Override
    public String toString() {
        return PREFIX + path + (name == null ? "" : "#" + name);
    }
}
