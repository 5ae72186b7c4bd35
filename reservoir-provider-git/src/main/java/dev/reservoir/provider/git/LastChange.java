package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * When a path last changed: the commit time of the newest commit, in the history of a commit, that
 * changed anything at or below the path (what {@code git log -1 REV -- PATH} shows). It walks
 * history, so listings leave it out and metadata and reads ask for it; results are cached by
 * commit and path (they never change). Thread-safe.
 */
final class LastChange {

    private static final int CACHE_ENTRIES = 4096;

    private record Key(ObjectId commit, String path) {}

    /** The newest commit that changed the path, and its commit time; both null when none did. */
    record Found(ObjectId commit, Instant time) {
        static final Found NONE = new Found(null, null);
    }

    private final Repository repository;
    private final Lru<Key, Found> cache = new Lru<>(CACHE_ENTRIES);

    LastChange(Repository repository) {
        this.repository = repository;
    }

    /** The commit time of the last change to {@code path} (the commit's own time for the root); null if none is found. */
    Instant of(ObjectId commit, byte[] path, Stop stop) {
        return find(commit, path, stop).time();
    }

    /** The newest commit, from {@code commit} back, that changed {@code path}; null if none did. */
    ObjectId commitOf(ObjectId commit, byte[] path) {
        return find(commit, path, Stop.NEVER).commit();
    }

    private Found find(ObjectId commit, byte[] path, Stop stop) {
        String text = GitUris.utf8(path);
        if (text == null) {
            return Found.NONE; // JGit's path filters take text
        }
        return cache.get(new Key(commit.copy(), text), key -> walk(commit, text, stop));
    }

    private Found walk(ObjectId commit, String path, Stop stop) {
        try (RevWalk walk = new RevWalk(repository)) {
            walk.setRevFilter(stop.filter());
            RevCommit start = walk.parseCommit(commit);
            RevCommit last = start;
            if (!path.isEmpty()) {
                walk.markStart(start);
                walk.setTreeFilter(AndTreeFilter.create(PathFilter.create(path), TreeFilter.ANY_DIFF));
                last = walk.next();
            }
            return last == null
                    ? Found.NONE
                    : new Found(last.copy(), last.getCommitterIdent().getWhenAsInstant());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
