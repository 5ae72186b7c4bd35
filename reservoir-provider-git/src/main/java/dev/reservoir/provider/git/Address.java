package dev.reservoir.provider.git;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code git://NAME/...} URI names, taken apart but not yet looked up: revisions and paths
 * are still text and bytes, since where a ref with '/' in its name ends and the path begins is
 * decided against the repository's refs ({@link Revisions#split}). Parsing never touches the
 * repository.
 */
sealed interface Address {

    /** {@code git://NAME/}: the repository. */
    record Root() implements Address {}

    /**
     * {@code git://NAME/tree/REV/PATH} or {@code git://NAME/blob/REV/PATH}: a file or folder at a
     * revision. {@code segments} are the decoded names after the kind: the revision's, then the path's.
     */
    record Entry(String kind, List<byte[]> segments) implements Address {}

    /** {@code git://NAME/commit/REV}. */
    record Commit(String rev) implements Address {}

    /** {@code git://NAME/log/REV?path=P&limit=N}; path null for the whole history, limit null for the default. */
    record Log(String rev, byte[] path, Integer limit) implements Address {}

    /** {@code git://NAME/compare/BASE...HEAD?path=P} (three dots: since the merge base; two: base to head). */
    record Compare(String base, String head, boolean sinceMergeBase, byte[] path) implements Address {}

    /** {@code git://NAME/blame/REV/PATH}. */
    record Blame(List<byte[]> segments) implements Address {}

    /** {@code git://NAME/status}: the work tree's status. */
    record Status() implements Address {}

    /** {@code git://NAME/diff}: the work tree's changes against HEAD. */
    record Diff() implements Address {}

    int MAX_LOG_LIMIT = 10_000;

    /**
     * Parses a URI of the repository {@code name}. Empty when the URI is not of this repository or
     * names nothing a repository has (unknown kind, bad encoding, an empty, "." or ".." name);
     * an invalid-params McpException for a query parameter that is not understood (a bad limit, an unknown name).
     */
    static Optional<Address> parse(String uri, String name) {
        String prefix = GitUris.SCHEME + "://" + name;
        if (!uri.startsWith(prefix)) {
            return Optional.empty();
        }
        String rest = uri.substring(prefix.length());
        if (rest.isEmpty() || rest.equals("/")) {
            return Optional.of(new Root());
        }
        if (rest.charAt(0) != '/' || rest.indexOf('#') >= 0) {
            return Optional.empty();
        }
        String query = null;
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        int slash = rest.indexOf('/', 1);
        String kind = slash < 0 ? rest.substring(1) : rest.substring(1, slash);
        String tail = slash < 0 ? null : rest.substring(slash + 1);
        Query params = Query.parse(query);
        return switch (kind) {
            case "tree", "blob" ->
                params.none() ? segments(tail, kind.equals("tree")).map(s -> new Entry(kind, s)) : Optional.empty();
            case "blame" ->
                params.none() ? segments(tail, false).filter(s -> s.size() >= 2).map(Blame::new) : Optional.empty();
            case "commit" -> params.none() ? rev(tail).map(Commit::new) : Optional.empty();
            case "log" -> rev(tail).map(r -> new Log(r, params.path("path"), params.limit()));
            case "compare" -> compare(tail, params);
            case "status" -> tail == null && params.none() ? Optional.of(new Status()) : Optional.empty();
            case "diff" -> tail == null && params.none() ? Optional.of(new Diff()) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** Decoded, checked names; a trailing '/' is allowed where {@code trailingSlash} (a folder). */
    private static Optional<List<byte[]>> segments(String tail, boolean trailingSlash) {
        if (tail == null || tail.isEmpty()) {
            return Optional.empty();
        }
        List<String> raw = GitUris.split(tail);
        if (trailingSlash && raw.size() > 1 && raw.getLast().isEmpty()) {
            raw = raw.subList(0, raw.size() - 1);
        }
        List<byte[]> out = new ArrayList<>(raw.size());
        for (String segment : raw) {
            byte[] decoded = GitUris.decode(segment);
            if (!Names.isSafe(decoded)) {
                return Optional.empty();
            }
            out.add(decoded);
        }
        return Optional.of(out);
    }

    /** A revision: decoded UTF-8, its '/'-separated names each safe. */
    private static Optional<String> rev(String tail) {
        if (tail == null || tail.isEmpty()) {
            return Optional.empty();
        }
        return segments(tail, false).map(Names::join).map(GitUris::utf8);
    }

    private static Optional<Address> compare(String tail, Query params) {
        Optional<String> range = rev(tail);
        if (range.isEmpty()) {
            return Optional.empty();
        }
        String text = range.get();
        int three = text.indexOf("...");
        int two = text.indexOf("..");
        boolean sinceMergeBase = three >= 0;
        int at = sinceMergeBase ? three : two;
        int width = sinceMergeBase ? 3 : 2;
        if (at <= 0 || at + width >= text.length()) {
            return Optional.empty();
        }
        return Optional.of(
                new Compare(text.substring(0, at), text.substring(at + width), sinceMergeBase, params.path("path")));
    }
}
