package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevObject;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Resolves the revisions URIs name, with git's rules (gitrevisions(7)) narrowed to what is safe to
 * take from a URI:
 *
 * <ul>
 *   <li>a full object id (40 hex digits) names that commit, or the
 *       commit an annotated tag with that id points to;
 *   <li>{@code HEAD}, or a ref name looked up as git does: {@code NAME} itself when it starts with
 *       {@code refs/}, then {@code refs/NAME}, {@code refs/tags/NAME}, {@code refs/heads/NAME},
 *       {@code refs/remotes/NAME}, {@code refs/remotes/NAME/HEAD} (so a tag wins over a branch of the
 *       same name, as in git); nothing outside {@code refs/} but {@code HEAD} (no FETCH_HEAD,
 *       ORIG_HEAD, reflogs or {@code @{...}}), and only names git accepts (check-ref-format);
 *   <li>when no ref has that name, an abbreviated commit id of 4 or more hex digits that names
 *       exactly one commit;
 *   <li>any of these followed by {@code ~N} (N-th first-parent ancestor) or {@code ^N} (N-th parent),
 *       repeated.
 * </ul>
 *
 * A tag that points to a tree or a blob names no revision here. Ref names are looked up in a
 * {@link RefCache} (which answers as JGit would, or sends the lookup to JGit). Thread-safe: each
 * call uses its own reader and walk.
 */
final class Revisions {

    /** A path and where its revision ends: what a tree or blame URI names. */
    record Split(Revision revision, byte[] path) {}

    private static final Pattern HEX = Pattern.compile("[0-9a-f]+");
    private static final Pattern SUFFIX = Pattern.compile("([~^][0-9]*)*");
    private static final String[] SEARCH = {"refs/", "refs/tags/", "refs/heads/", "refs/remotes/"};

    private final Repository repository;
    private final RefCache refs;

    Revisions(Repository repository) {
        this.repository = repository;
        this.refs = new RefCache(repository);
    }

    /** The revision an expression names; empty when it names no commit. */
    Optional<Revision> resolve(String expression) {
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk walk = new RevWalk(reader)) {
            String base = base(expression);
            RefCache.Lookup lookup = isFullId(base) || base.equals(Constants.HEAD) ? null : refs.lookup();
            Optional<Revision> named = named(expression, walk, lookup);
            return named.isPresent() ? named : abbreviated(expression, walk);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Splits the names of a tree or blame URI into a revision and a path: a full object id in the
     * first name wins; otherwise the longest run of leading names that is a ref (or a ref with a
     * {@code ~N}/{@code ^N} suffix); otherwise the first name as an abbreviated commit id. This is
     * the forges' rule for refs with '/' in their names: {@code tree/feature/x/src} is the path
     * {@code src} of {@code feature/x} when that branch exists, and the path {@code x/src} of
     * {@code feature} when only that one does.
     */
    Optional<Split> split(List<byte[]> names) {
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk walk = new RevWalk(reader)) {
            String first = GitUris.utf8(names.getFirst());
            if (first != null && isFullId(base(first))) {
                return named(first, walk, null).map(r -> new Split(r, Names.join(names.subList(1, names.size()))));
            }
            RefCache.Lookup lookup = refs.lookup();
            for (int k = names.size(); k >= 1; k--) {
                String candidate = GitUris.utf8(Names.join(names.subList(0, k)));
                if (candidate == null) {
                    continue;
                }
                Optional<Revision> revision = named(candidate, walk, lookup);
                if (revision.isPresent()) {
                    return Optional.of(new Split(revision.get(), Names.join(names.subList(k, names.size()))));
                }
            }
            return first == null
                    ? Optional.empty()
                    : abbreviated(first, walk).map(r -> new Split(r, Names.join(names.subList(1, names.size()))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A full id or a ref, with suffixes; {@code lookup} is the ref cache's (null: JGit alone). */
    private Optional<Revision> named(String expression, RevWalk walk, RefCache.Lookup lookup) throws IOException {
        String base = base(expression);
        String suffix = expression.substring(base.length());
        if (base.isEmpty() || !SUFFIX.matcher(suffix).matches()) {
            return Optional.empty();
        }
        if (isFullId(base)) {
            Optional<RevCommit> commit = walkBack(commit(ObjectId.fromString(base), walk), suffix, walk);
            return commit.map(c -> new Revision(expression, null, c, suffix.isEmpty()));
        }
        Optional<Ref> ref = ref(base, lookup);
        if (ref.isEmpty() || ref.get().getObjectId() == null) {
            return Optional.empty();
        }
        String name = ref.get().getName();
        return walkBack(commit(ref.get().getObjectId(), walk), suffix, walk)
                .map(c -> new Revision(expression, name, c, false));
    }

    private Optional<Revision> abbreviated(String expression, RevWalk walk) throws IOException {
        String base = base(expression);
        String suffix = expression.substring(base.length());
        if (base.length() < 4
                || base.length() >= Constants.OBJECT_ID_STRING_LENGTH
                || !HEX.matcher(base).matches()
                || !SUFFIX.matcher(suffix).matches()) {
            return Optional.empty();
        }
        Collection<ObjectId> candidates = walk.getObjectReader().resolve(AbbreviatedObjectId.fromString(base));
        Set<ObjectId> commits = new HashSet<>();
        for (ObjectId id : candidates) {
            commit(id, walk).ifPresent(c -> commits.add(c.copy()));
        }
        if (commits.size() != 1) {
            return Optional.empty();
        }
        RevCommit commit = walk.parseCommit(commits.iterator().next());
        return ancestor(commit, suffix, walk).map(c -> new Revision(expression, null, c, false));
    }

    /**
     * The ref git would find for a name, among HEAD and refs/; empty for names git refuses
     * (check-ref-format) or that start with '-'.
     */
    Optional<Ref> ref(String name, RefCache.Lookup lookup) throws IOException {
        if (name.startsWith("-")) {
            return Optional.empty();
        }
        if (name.equals(Constants.HEAD)) {
            return Optional.ofNullable(repository.exactRef(Constants.HEAD));
        }
        List<String> candidates = new ArrayList<>(6);
        if (name.startsWith(Constants.R_REFS)) {
            candidates.add(name);
        }
        for (String prefix : SEARCH) {
            candidates.add(prefix + name);
        }
        candidates.add(Constants.R_REMOTES + name + "/" + Constants.HEAD);
        List<String> valid =
                candidates.stream().filter(Repository::isValidRefName).toList();
        if (valid.isEmpty()) {
            return Optional.empty();
        }
        RefCache.Answer known = lookup == null ? RefCache.Answer.UNKNOWN : lookup.firstExactRef(valid);
        if (known.known()) {
            return Optional.ofNullable(known.ref());
        }
        try {
            return Optional.ofNullable(repository.getRefDatabase().firstExactRef(valid.toArray(String[]::new)));
        } catch (IOException e) {
            if (!(e.getCause() instanceof InvalidPathException)) {
                throw e;
            }
            // No file can have this name in this JVM's file-name encoding (a name outside ASCII
            // and no UTF-8 locale, as MCP hosts start servers), so JGit cannot look for a loose
            // ref: only the refs it can list (packed ones) may hold it.
            Map<String, Ref> listed = new HashMap<>();
            repository.getRefDatabase().getRefs().forEach(r -> listed.put(r.getName(), r));
            return valid.stream().map(listed::get).filter(Objects::nonNull).findFirst();
        }
    }

    /** The commit an object is or (for tags) points to; empty for trees, blobs and missing objects. */
    static Optional<RevCommit> commit(ObjectId id, RevWalk walk) throws IOException {
        try {
            RevObject object = walk.peel(walk.parseAny(id));
            return object instanceof RevCommit commit ? Optional.of(commit) : Optional.empty();
        } catch (MissingObjectException e) {
            return Optional.empty();
        }
    }

    private static Optional<RevCommit> walkBack(Optional<RevCommit> start, String suffix, RevWalk walk)
            throws IOException {
        return start.isEmpty() ? start : ancestor(start.get(), suffix, walk);
    }

    /** Follows {@code ~N} and {@code ^N} steps. */
    private static Optional<RevCommit> ancestor(RevCommit start, String suffix, RevWalk walk) throws IOException {
        RevCommit current = start;
        int i = 0;
        while (i < suffix.length()) {
            char op = suffix.charAt(i++);
            int j = i;
            while (j < suffix.length() && Character.isDigit(suffix.charAt(j))) {
                j++;
            }
            int n;
            try {
                n = j == i ? 1 : Integer.parseInt(suffix.substring(i, j));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            i = j;
            walk.parseHeaders(current);
            if (op == '~') {
                for (int step = 0; step < n; step++) {
                    if (current.getParentCount() == 0) {
                        return Optional.empty();
                    }
                    current = walk.parseCommit(current.getParent(0));
                }
            } else if (n > 0) {
                if (current.getParentCount() < n) {
                    return Optional.empty();
                }
                current = walk.parseCommit(current.getParent(n - 1));
            }
        }
        return Optional.of(current);
    }

    /** The expression before its first '~' or '^'. */
    private static String base(String expression) {
        int cut = expression.length();
        for (int i = 0; i < expression.length(); i++) {
            char c = expression.charAt(i);
            if (c == '~' || c == '^') {
                cut = i;
                break;
            }
        }
        return expression.substring(0, cut);
    }

    static boolean isFullId(String text) {
        return text.length() == Constants.OBJECT_ID_STRING_LENGTH
                && HEX.matcher(text).matches();
    }
}
