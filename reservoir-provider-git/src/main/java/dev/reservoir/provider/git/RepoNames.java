package dev.reservoir.provider.git;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Repository names. A name is the authority of the repository's URIs ({@code git://NAME/...}), and
 * URI authorities are case-insensitive, so names are lower case: letters, digits, '.', '_' and
 * '-', starting with a letter or digit, at most 63 characters.
 */
final class RepoNames {

    private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,62}");

    private RepoNames() {}

    static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches() && !name.endsWith(".");
    }

    static String explain(String name) {
        return "repository name '" + name + "' cannot be a URI authority; use lower-case letters, digits, "
                + "'.', '_' and '-', starting with a letter or digit (at most 63), e.g. 'my-repo'";
    }

    /**
     * A name from a repository's folder: {@code ~/src/My Project} gives {@code my-project},
     * {@code /srv/app.git} gives {@code app}, a {@code .git} folder gives its parent's name.
     */
    static String derive(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path file = absolute.getFileName();
        if (file != null && file.toString().equals(".git") && absolute.getParent() != null) {
            file = absolute.getParent().getFileName();
        }
        String base = file == null ? "repo" : file.toString();
        if (base.endsWith(".git")) {
            base = base.substring(0, base.length() - 4);
        }
        String name = base.toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-")
                .replaceAll("^[^a-z0-9]+", "")
                .replaceAll("[.-]+$", "");
        if (name.length() > 63) {
            name = name.substring(0, 63).replaceAll("[.-]+$", "");
        }
        return name.isEmpty() ? "repo" : name;
    }
}
