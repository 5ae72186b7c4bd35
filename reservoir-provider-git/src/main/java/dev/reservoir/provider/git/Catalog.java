package dev.reservoir.provider.git;

import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * The listings of a repository. {@code resources/list} is, in this order: the repository
 * ({@code git://NAME/}); the default branch's README at the top of its tree, because many hosts
 * show only the first page (the tree's walk then leaves it out, so it is listed once); its views (the detached HEAD's tree when HEAD is detached, the default
 * branch's log, and for a work tree its status and diff); every branch and tag as a collection,
 * by full ref name; then the default branch's whole tree, depth-first, a folder before its entries.
 * The repository's own children are its views and refs. The provider's cursor is the section and
 * the key of the last entry returned ({@code m:readme}, {@code r:refs/heads/main}, {@code t:<path key>}), so a page
 * resumes after it whatever came or went meanwhile. Thread-safe.
 */
final class Catalog {

    /** A page and the cursor of the next one (null on the last page). */
    record Listing(List<Resource> resources, String next) {}

    private record Positioned(Resource resource, char section, String key) {}

    private final GitRepository repo;
    private final Entries entries;
    private final Trees trees;
    private final Describer describer;

    Catalog(GitRepository repo, Entries entries, Trees trees, Describer describer) {
        this.repo = repo;
        this.entries = entries;
        this.trees = trees;
        this.describer = describer;
    }

    /** A page of everything. */
    Listing all(String cursor, int limit) {
        return page(cursor, limit, "omvrt");
    }

    /** A page of the repository's children: its views and refs. */
    Listing rootChildren(String cursor, int limit) {
        return page(cursor, limit, "vr");
    }

    private Listing page(String cursor, int limit, String sections) {
        char start = sections.charAt(0);
        String after = null;
        if (cursor != null) {
            if (cursor.length() < 2 || cursor.charAt(1) != ':' || sections.indexOf(cursor.charAt(0)) < 0) {
                throw badCursor(cursor);
            }
            start = cursor.charAt(0);
            after = cursor.substring(2);
        }
        RefSet refs = RefSet.read(repo.repository());
        Revision main = refs.defaultRef().map(this::revision).orElse(null);
        Optional<TreeEntry> readme = main == null || sections.indexOf('t') < 0 ? Optional.empty() : readme(main);
        List<Positioned> out = new ArrayList<>();
        for (int s = sections.indexOf(start); s < sections.length() && out.size() <= limit; s++) {
            char section = sections.charAt(s);
            String from = section == start ? after : null;
            int wanted = limit + 1 - out.size();
            switch (section) {
                case 'o' -> {
                    if (from == null) {
                        out.add(new Positioned(root(refs), 'o', "root"));
                    }
                }
                case 'm' -> {
                    if (from == null && readme.isPresent()) {
                        out.add(new Positioned(describe(main, readme.get()), 'm', "readme"));
                    }
                }
                case 'v' -> out.addAll(views(refs, from, wanted));
                case 'r' -> out.addAll(refs(refs, from, wanted));
                case 't' -> out.addAll(tree(main, readme, from, wanted));
                default -> throw new IllegalStateException("unknown section " + section);
            }
        }
        if (out.size() <= limit) {
            return new Listing(out.stream().map(Positioned::resource).toList(), null);
        }
        List<Positioned> page = out.subList(0, limit);
        Positioned last = page.getLast();
        return new Listing(page.stream().map(Positioned::resource).toList(), last.section() + ":" + last.key());
    }

    Resource root(RefSet refs) {
        var meta = Describer.object();
        meta.put("bare", repo.bare());
        if (refs.head() != null) {
            meta.put("head", refs.head());
        }
        if (refs.headId() != null) {
            meta.put("commit", refs.headId().name());
        }
        String where = repo.bare() ? "bare repository " + repo.gitDir() : "repository " + repo.workTree();
        return describer.root(describer.uris().root(), "Git " + where, meta);
    }

    /** The views, each with a fixed key, in a fixed order. */
    List<Positioned> views(RefSet refs, String after, int wanted) {
        List<Positioned> all = new ArrayList<>();
        Optional<RefSet.Entry> head = refs.defaultRef();
        if (head.isPresent()) {
            Revision revision = revision(head.get());
            if (revision != null && head.get().kind() == null) {
                all.add(new Positioned(revisionResource(revision, null), 'v', "1head"));
            }
            if (revision != null) {
                all.add(new Positioned(logResource(revision), 'v', "2log"));
            }
        }
        if (!repo.bare()) {
            all.add(new Positioned(statusResource(), 'v', "3status"));
            all.add(new Positioned(diffResource(), 'v', "4diff"));
        }
        return all.stream()
                .filter(p -> after == null || p.key().compareTo(after) > 0)
                .limit(wanted)
                .toList();
    }

    Resource logResource(Revision revision) {
        return describer.view(
                describer.uris().log(revision.token()),
                revision.token(),
                "History of " + revision.token(),
                Describer.TEXT,
                revision,
                null);
    }

    Resource statusResource() {
        return describer.view(
                describer.uris().status(),
                "status",
                "Status of the work tree (git status --porcelain)",
                Describer.TEXT,
                null,
                null);
    }

    Resource diffResource() {
        return describer.view(
                describer.uris().diff(), "diff", "Uncommitted changes (git diff HEAD)", Describer.DIFF, null, null);
    }

    private List<Positioned> refs(RefSet refs, String after, int wanted) {
        List<Positioned> out = new ArrayList<>();
        for (RefSet.Entry ref : refs.refs()) {
            if (out.size() == wanted) {
                break;
            }
            if (ref.kind() == RefSet.Kind.REMOTE || (after != null && ref.name().compareTo(after) <= 0)) {
                continue;
            }
            Revision revision = revision(ref);
            if (revision != null) {
                out.add(new Positioned(revisionResource(revision, Entries.kindOf(ref.name())), 'r', ref.name()));
            }
        }
        return out;
    }

    private Resource revisionResource(Revision revision, String kind) {
        return describer.revision(
                describer.uris().tree(revision.token(), new byte[0]), revision, kind, committed(revision));
    }

    /** The walk of the default branch's tree, without the README listed before it. */
    private List<Positioned> tree(Revision revision, Optional<TreeEntry> readme, String after, int wanted) {
        if (revision == null) {
            return List.of();
        }
        byte[] afterKey = after == null ? null : Entries.decodeCursor(after);
        // One more than wanted: leaving the README out must not end the list early.
        Trees.Slice slice = trees.walk(entries.rootTree(revision.commit()), afterKey, wanted + 1);
        List<Positioned> out = new ArrayList<>(slice.entries().size());
        try (ObjectReader reader = repo.repository().newObjectReader()) {
            for (TreeEntry entry : slice.entries()) {
                if (out.size() == wanted) {
                    break;
                }
                if (readme.isEmpty()
                        || !Arrays.equals(entry.path(), readme.get().path())) {
                    out.add(new Positioned(describe(revision, entry, reader), 't', Entries.encodeCursor(entry.key())));
                }
            }
        }
        return out;
    }

    private Resource describe(Revision revision, TreeEntry entry) {
        try (ObjectReader reader = repo.repository().newObjectReader()) {
            return describe(revision, entry, reader);
        }
    }

    private Resource describe(Revision revision, TreeEntry entry, ObjectReader reader) {
        String uri = describer.uris().tree(revision.token(), entry.path());
        return entries.describe(new Entries.Located(uri, revision, entry), reader);
    }

    /** The first file at the top of a revision's tree named README (in any case), if any. */
    private Optional<TreeEntry> readme(Revision revision) {
        TreeEntry root =
                trees.find(entries.rootTree(revision.commit()), new byte[0]).orElseThrow();
        Optional<TreeEntry> first = Optional.empty();
        for (String prefix : List.of("README", "Readme", "readme")) {
            for (TreeEntry entry : trees.startingWith(root, prefix.getBytes(StandardCharsets.UTF_8), 8)
                    .entries()) {
                if (entry.kind() == TreeEntry.Kind.FILE
                        && (first.isEmpty()
                                || Trees.compare(entry.path(), first.get().path()) < 0)) {
                    first = Optional.of(entry);
                }
            }
        }
        return first;
    }

    /** The revision a ref names (peeled to its commit), or null when it names no commit. */
    Revision revision(RefSet.Entry ref) {
        try (ObjectReader reader = repo.repository().newObjectReader();
                RevWalk walk = new RevWalk(reader)) {
            return Revisions.commit(ref.id(), walk)
                    .map(c -> new Revision(ref.token(), ref.name(), c, false))
                    .orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Instant committed(Revision revision) {
        try (RevWalk walk = new RevWalk(repo.repository())) {
            RevCommit commit = walk.parseCommit(revision.commit());
            return commit.getCommitterIdent().getWhenAsInstant();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static McpException badCursor(String cursor) {
        return McpException.invalidParams("Invalid params: cursor '" + cursor + "' was not made by this provider; "
                + "pass the nextCursor of the previous page, or none for the first");
    }
}
