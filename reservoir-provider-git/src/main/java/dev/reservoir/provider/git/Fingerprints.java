package dev.reservoir.provider.git;

import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;

/**
 * What a URI's content depends on, in a value that changes exactly when the content does: the
 * object id and mode at a path (a blob changes with its content, a tree with anything below it),
 * the commit a revision resolves to, the newest commit that touched a path. Comparing a URI's
 * fingerprint before and after refs move tells whether its subscribers must hear of it, so a
 * branch that moves updates only the files whose blobs changed. Content named by full commit ids
 * never changes; the work tree's status and diff have none (their watcher decides). Thread-safe.
 */
final class Fingerprints {

    /** What a URI names nothing has (it does not exist now). */
    static final Object MISSING = List.of("missing");

    private final GitResources resources;

    Fingerprints(GitResources resources) {
        this.resources = resources;
    }

    /**
     * The fingerprint of a URI's content now; empty when it never changes (pinned) or when only a
     * watcher of the work tree can tell (status, diff).
     */
    Optional<Object> of(String uri, Address address, RefState refs) {
        Revisions revisions = resources.revisions();
        return switch (address) {
            case Address.Root r ->
                Optional.of(List.of(refs.refs(), String.valueOf(refs.head()), String.valueOf(refs.headId())));
            case Address.Entry e -> entry(revisions.split(e.segments()).orElse(null));
            case Address.Blame b -> blame(revisions.split(b.segments()).orElse(null));
            case Address.Commit c -> commit(revisions.resolve(c.rev()));
            case Address.Log l -> log(revisions.resolve(l.rev()), l.path());
            case Address.Compare c -> {
                Optional<Revision> base = revisions.resolve(c.base());
                Optional<Revision> head = revisions.resolve(c.head());
                if (base.isPresent()
                        && head.isPresent()
                        && base.get().pinned()
                        && head.get().pinned()) {
                    yield Optional.empty();
                }
                yield Optional.of(List.of(id(base), id(head)));
            }
            case Address.Status s -> Optional.empty();
            case Address.Diff d -> Optional.empty();
        };
    }

    private Optional<Object> entry(Revisions.Split split) {
        if (split == null) {
            return Optional.of(MISSING);
        }
        if (split.revision().pinned()) {
            return Optional.empty();
        }
        ObjectId tree = resources.entriesRootTree(split.revision().commit());
        return Optional.of(resources
                .trees()
                .find(tree, split.path())
                .<Object>map(e -> List.of(e.id(), e.mode().getBits()))
                .orElse(MISSING));
    }

    private Optional<Object> blame(Revisions.Split split) {
        if (split == null) {
            return Optional.of(MISSING);
        }
        if (split.revision().pinned()) {
            return Optional.empty();
        }
        Object at = entry(split).orElse(MISSING);
        return Optional.of(List.of(at, resources.newestTouching(split.revision().commit(), split.path())));
    }

    private static Optional<Object> commit(Optional<Revision> revision) {
        if (revision.isPresent() && revision.get().pinned()) {
            return Optional.empty();
        }
        return Optional.of(revision.<Object>map(Revision::commit).orElse(MISSING));
    }

    private Optional<Object> log(Optional<Revision> revision, byte[] path) {
        if (revision.isEmpty()) {
            return Optional.of(MISSING);
        }
        if (revision.get().pinned()) {
            return Optional.empty();
        }
        if (path == null) {
            return Optional.of(revision.get().commit());
        }
        // The newest commit that touched the path, found from the tip: what the log starts with.
        return Optional.of(List.of(String.valueOf(newestTouching(revision.get().commit(), path))));
    }

    private String newestTouching(ObjectId commit, byte[] path) {
        return resources.newestTouching(commit, path);
    }

    private static Object id(Optional<Revision> revision) {
        return revision.<Object>map(Revision::commit).orElse(MISSING);
    }
}
