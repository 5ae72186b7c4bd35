package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * The refs of a repository at one moment, with the token that names each in URIs: its short name
 * ({@code main}, {@code v1.0}, {@code origin/main}) when that finds it again with the rules of
 * {@link Revisions} whatever path follows it, else its full name ({@code refs/heads/main}). A short
 * name is unsafe when a tag has the same name as a branch (the tag would win), when another ref's
 * name starts with it and '/' (the longer ref would swallow the path), or when it is 40 hex digits.
 * Immutable.
 *
 * @param refs branches, tags and remote-tracking branches, sorted by full name
 * @param head where HEAD points: a full ref name (which may not exist yet), or null when detached
 * @param headId the commit HEAD resolves to, or null in an empty repository
 */
record RefSet(List<Entry> refs, String head, ObjectId headId) {

    enum Kind {
        BRANCH,
        TAG,
        REMOTE
    }

    /** One ref: its full name, its token, what it points to (unpeeled) and its kind. */
    record Entry(String name, String token, ObjectId id, Kind kind) {}

    static RefSet read(Repository repository) {
        try {
            Ref headRef = repository.exactRef(Constants.HEAD);
            String head = headRef != null && headRef.isSymbolic()
                    ? headRef.getTarget().getName()
                    : null;
            ObjectId headId = headRef == null ? null : headRef.getObjectId();
            List<Ref> all = new ArrayList<>();
            for (Ref ref : repository.getRefDatabase().getRefsByPrefix(Constants.R_REFS)) {
                if (kind(ref.getName()) != null && ref.getObjectId() != null) {
                    all.add(ref);
                }
            }
            all.sort(Comparator.comparing(Ref::getName));
            Tokens tokens = new Tokens(all.stream().map(Ref::getName).toList());
            List<Entry> entries = new ArrayList<>(all.size());
            for (Ref ref : all) {
                entries.add(new Entry(
                        ref.getName(), tokens.tokenOf(ref.getName()), ref.getObjectId(), kind(ref.getName())));
            }
            return new RefSet(List.copyOf(entries), head, headId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Kind kind(String name) {
        if (name.startsWith(Constants.R_HEADS)) {
            return Kind.BRANCH;
        }
        if (name.startsWith(Constants.R_TAGS)) {
            return Kind.TAG;
        }
        if (name.startsWith(Constants.R_REMOTES) && !name.endsWith("/" + Constants.HEAD)) {
            return Kind.REMOTE;
        }
        return null;
    }

    Optional<Entry> byName(String fullName) {
        return refs.stream().filter(e -> e.name().equals(fullName)).findFirst();
    }

    /**
     * The default revision: the branch HEAD points to when it exists, or {@code HEAD} itself when
     * detached; empty in an empty repository (HEAD points to a branch with no commit yet).
     */
    Optional<Entry> defaultRef() {
        if (headId == null) {
            return Optional.empty();
        }
        if (head != null) {
            return byName(head);
        }
        return Optional.of(new Entry(Constants.HEAD, Constants.HEAD, headId, null));
    }

    /** Works out tokens for a set of full names. */
    private static final class Tokens {
        private final Set<String> names;
        private final Set<String> folders = new HashSet<>();
        private final Map<String, String> cache = new HashMap<>();

        Tokens(List<String> fullNames) {
            this.names = new HashSet<>(fullNames);
            for (String name : fullNames) {
                for (String form : forms(name)) {
                    for (int i = form.indexOf('/'); i > 0; i = form.indexOf('/', i + 1)) {
                        folders.add(form.substring(0, i));
                    }
                }
            }
        }

        /** The names by which git's lookup can reach a full name. */
        private static List<String> forms(String name) {
            List<String> out = new ArrayList<>(3);
            out.add(name);
            out.add(name.substring(Constants.R_REFS.length()));
            for (String prefix : new String[] {Constants.R_TAGS, Constants.R_HEADS, Constants.R_REMOTES}) {
                if (name.startsWith(prefix)) {
                    out.add(name.substring(prefix.length()));
                }
            }
            return out;
        }

        String tokenOf(String name) {
            return cache.computeIfAbsent(name, n -> {
                List<String> forms = forms(n);
                for (int i = forms.size() - 1; i >= 1; i--) {
                    String candidate = forms.get(i);
                    if (safe(candidate, n)) {
                        return candidate;
                    }
                }
                return n;
            });
        }

        private boolean safe(String token, String name) {
            if (token.equals(Constants.HEAD) || Revisions.isFullId(token) || folders.contains(token)) {
                return false;
            }
            String found = null;
            for (String candidate :
                    List.of("refs/" + token, "refs/tags/" + token, "refs/heads/" + token, "refs/remotes/" + token)) {
                if (names.contains(candidate)) {
                    found = candidate;
                    break;
                }
            }
            return name.equals(found);
        }
    }
}
