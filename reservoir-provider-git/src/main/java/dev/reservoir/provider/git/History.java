package dev.reservoir.provider.git;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Commits, histories and comparisons as text. A commit reads as two representations of the same
 * URI: {@code text/plain} in the form of {@code git show --format=fuller --name-status} (against
 * the first parent for a merge), and {@code text/x-diff}, its patch against the first parent (the
 * empty tree for a root commit). A log has one line per commit, newest first
 * ({@code git log --format=%H%x09%aI%x09%an%x09%s}). A comparison reads like a commit: its commits
 * and changed files, then its patch; {@code BASE...HEAD} compares from the merge base (what HEAD
 * adds, as the forges show a pull request), {@code BASE..HEAD} the two trees directly. Output that
 * is not UTF-8 (a file's bytes in a patch) is sent as bytes. Thread-safe.
 */
final class History {

    static final int DEFAULT_LOG_LIMIT = 100;
    static final int MAX_COMPARE_COMMITS = 1000;

    private final Repository repository;
    private final Describer describer;

    History(Repository repository, Describer describer) {
        this.repository = repository;
        this.describer = describer;
    }

    Resource commitResource(String uri, Revision revision) {
        try (RevWalk walk = new RevWalk(repository)) {
            RevCommit commit = walk.parseCommit(revision.commit());
            return commitResource(uri, revision, commit);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Resource commitResource(String uri, Revision revision, RevCommit commit) {
        ObjectNode meta = Describer.at(revision);
        ArrayNode parents = meta.putArray("parents");
        for (RevCommit parent : commit.getParents()) {
            parents.add(parent.name());
        }
        meta.put("author", commit.getAuthorIdent().getName())
                .put("authorEmail", commit.getAuthorIdent().getEmailAddress());
        meta.put("authorDate", CommitText.isoStrict(commit.getAuthorIdent()));
        meta.put("committer", commit.getCommitterIdent().getName());
        meta.put("commitDate", CommitText.isoStrict(commit.getCommitterIdent()));
        return describer
                .view(
                        uri,
                        revision.token(),
                        "Commit " + commit.abbreviate(7).name() + ": " + commit.getShortMessage(),
                        Describer.TEXT,
                        null,
                        commit.getCommitterIdent().getWhenAsInstant())
                .toBuilder()
                .meta(wrap(meta))
                .build();
    }

    List<Item> commit(String uri, Revision revision, long limit) {
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk walk = new RevWalk(reader);
                Patches patches = new Patches(reader, null, limit)) {
            RevCommit commit = walk.parseCommit(revision.commit());
            ObjectId parentTree = commit.getParentCount() == 0
                    ? null
                    : walk.parseCommit(commit.getParent(0)).getTree();
            List<DiffEntry> changes = patches.scan(parentTree, commit.getTree());
            String text =
                    CommitText.fuller(commit, reader) + (changes.isEmpty() ? "" : "\n" + Patches.nameStatus(changes));
            byte[] patch = patches.patch(changes);
            Resource resource = commitResource(uri, revision, commit);
            return textAndPatch(resource, text, patch);
        } catch (IOException e) {
            throw tooLargeOr(uri, limit, new UncheckedIOException(e));
        } catch (UncheckedIOException e) {
            throw tooLargeOr(uri, limit, e);
        }
    }

    Resource logResource(String uri, Revision revision, byte[] path) {
        String title = path == null
                ? "History of " + revision.token()
                : "History of " + TreeEntry.display(path) + " on " + revision.token();
        return describer.view(uri, revision.token(), title, Describer.TEXT, revision, null);
    }

    List<Item> log(String uri, Revision revision, byte[] path, Integer limit, Stop stop) {
        int max = limit == null ? DEFAULT_LOG_LIMIT : limit;
        try (RevWalk walk = new RevWalk(repository)) {
            walk.setRevFilter(stop.filter());
            walk.markStart(walk.parseCommit(revision.commit()));
            String filter = path == null ? null : GitUris.utf8(path);
            if (filter != null && !filter.isEmpty()) {
                walk.setTreeFilter(AndTreeFilter.create(PathFilter.create(filter), TreeFilter.ANY_DIFF));
            }
            StringBuilder text = new StringBuilder();
            RevCommit newest = null;
            RevCommit next = null;
            int count = 0;
            for (RevCommit commit : walk) {
                if (count == max) {
                    next = commit;
                    break;
                }
                newest = newest == null ? commit : newest;
                text.append(CommitText.line(commit));
                count++;
            }
            ObjectNode meta = Describer.at(revision);
            meta.put("commits", count);
            if (next != null) {
                String continued = describer.uris().log(next.name()) + "?limit=" + max
                        + (path == null
                                ? ""
                                : "&path=" + GitUris.encodePath(path).replace("/", "%2F"));
                meta.put("next", continued);
            }
            Resource resource = logResource(uri, revision, path).toBuilder()
                    .size((long) utf8Length(text))
                    .annotations(
                            newest == null
                                    ? Annotations.NONE
                                    : Annotations.NONE.withLastModified(
                                            newest.getCommitterIdent().getWhenAsInstant()))
                    .meta(wrap(meta))
                    .build();
            return List.of(new Item(resource, new Content.Text(text.toString())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Resource compareResource(String uri, Revision base, Revision head, boolean sinceMergeBase) {
        String range = base.token() + (sinceMergeBase ? "..." : "..") + head.token();
        ObjectNode meta = JsonNodeFactory.instance.objectNode();
        meta.put("base", base.commit().name()).put("head", head.commit().name());
        return describer
                .view(uri, range, "Changes from " + base.token() + " to " + head.token(), Describer.TEXT, null, null)
                .toBuilder()
                .meta(wrap(meta))
                .build();
    }

    List<Item> compare(
            String uri, Revision base, Revision head, boolean sinceMergeBase, byte[] path, long limit, Stop stop) {
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk walk = new RevWalk(reader);
                Patches patches = new Patches(reader, path, limit)) {
            RevCommit headCommit = walk.parseCommit(head.commit());
            RevCommit from = walk.parseCommit(base.commit());
            if (sinceMergeBase) {
                from = mergeBase(walk, from, headCommit);
                if (from == null) {
                    throw McpException.invalidParams(
                            "Invalid params: " + base.token() + " and " + head.token()
                                    + " have no common history, so there is no merge base to compare from; use two dots (..) to compare the trees");
                }
            }
            String commits = commitsBetween(base.commit(), head.commit(), path, stop);
            List<DiffEntry> changes = patches.scan(from.getTree(), headCommit.getTree());
            String text = commits + "\n" + Patches.nameStatus(changes);
            byte[] patch = patches.patch(changes);
            Resource resource = compareResource(uri, base, head, sinceMergeBase);
            ObjectNode meta = (ObjectNode) resource.meta().get(Describer.META);
            meta.put("from", from.name());
            resource = resource.toBuilder()
                    .meta(wrap(meta))
                    .annotations(Annotations.NONE.withLastModified(
                            headCommit.getCommitterIdent().getWhenAsInstant()))
                    .build();
            return textAndPatch(resource, text, patch);
        } catch (IOException e) {
            throw tooLargeOr(uri, limit, new UncheckedIOException(e));
        } catch (UncheckedIOException e) {
            throw tooLargeOr(uri, limit, e);
        }
    }

    /** The two representations of a commit or comparison: its text, and its patch as {@code text/x-diff}. */
    private static List<Item> textAndPatch(Resource resource, String text, byte[] patch) {
        return List.of(
                new Item(resource.toBuilder().size((long) utf8Length(text)).build(), new Content.Text(text)),
                new Item(
                        resource.toBuilder()
                                .mimeType(Describer.DIFF)
                                .size((long) patch.length)
                                .build(),
                        Content.of(patch)));
    }

    private static RevCommit mergeBase(RevWalk walk, RevCommit a, RevCommit b) throws IOException {
        walk.reset();
        walk.setRevFilter(RevFilter.MERGE_BASE);
        walk.markStart(a);
        walk.markStart(b);
        RevCommit base = walk.next();
        walk.reset();
        walk.setRevFilter(RevFilter.ALL);
        return base;
    }

    /** {@code git log --format=%H%x09%aI%x09%an%x09%s BASE..HEAD [-- PATH]}, at most {@value #MAX_COMPARE_COMMITS} lines. */
    private String commitsBetween(ObjectId base, ObjectId head, byte[] path, Stop stop) throws IOException {
        try (RevWalk walk = new RevWalk(repository)) {
            walk.setRevFilter(stop.filter());
            walk.markStart(walk.parseCommit(head));
            walk.markUninteresting(walk.parseCommit(base));
            String filter = path == null ? null : GitUris.utf8(path);
            if (filter != null && !filter.isEmpty()) {
                walk.setTreeFilter(AndTreeFilter.create(PathFilter.create(filter), TreeFilter.ANY_DIFF));
            }
            StringBuilder out = new StringBuilder();
            int count = 0;
            for (RevCommit commit : walk) {
                if (count++ == MAX_COMPARE_COMMITS) {
                    out.append("# more commits follow; read git://")
                            .append(describer.uris().name())
                            .append("/log/... for all of them\n");
                    break;
                }
                out.append(CommitText.line(commit));
            }
            return out.toString();
        }
    }

    /** The too-large error when the patch grew past the limit, else the failure itself. */
    static RuntimeException tooLargeOr(String uri, long limit, UncheckedIOException e) {
        if (e.getCause() instanceof Patches.TooLarge) {
            return tooLarge(uri, limit);
        }
        return e;
    }

    /** Content generated here (a patch, a blame) that grew past the read limit: code -31000, data {uri, limit}. */
    static McpException tooLarge(String uri, long limit) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("uri", uri).put("limit", limit);
        return new McpException(new JsonRpcError(
                ErrorCodes.CONTENT_TOO_LARGE,
                "Resource " + uri + " is more than the read limit of " + limit + " bytes",
                data));
    }

    static int utf8Length(CharSequence text) {
        return text.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    static ObjectNode wrap(ObjectNode meta) {
        ObjectNode outer = JsonNodeFactory.instance.objectNode();
        outer.set(Describer.META, meta);
        return outer;
    }
}
