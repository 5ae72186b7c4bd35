package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * The refs under {@code refs/} of a repository that keeps them as files (git's default store), read
 * once through JGit and answered from memory while nothing that could change them has changed.
 *
 * <p>Why: a URI names a revision by a ref name, which is looked up as git does (up to six full names,
 * see {@link Revisions}), and a tree URI tries its longest run of names first, so a read at a branch
 * looks up a dozen names that do not exist. JGit's ref store looks for each in its own file (a miss
 * costs it about 12 µs, mostly the exception of a file not found) and checks packed-refs for every
 * lookup: about 150 µs of a 650 µs read at a branch in the git provider's benchmark. A look here is a
 * few {@code stat}s.
 *
 * <p>What keeps it exact. A snapshot records a stamp (file identity, size, modification time) of:
 *
 * <ul>
 *   <li>every folder under {@code refs/} (the repository's, and a linked work tree's own, where
 *       per-work-tree refs live): git (and JGit) create, move and delete a loose ref by writing a
 *       lock file and renaming it, which changes the ref's folder (a new folder changes its parent);
 *   <li>{@code packed-refs}, present or not;
 *   <li>every loose ref file, for writers that rewrite a ref file in place: only the files of the
 *       ref a lookup finds are compared (a name not found stays absent while its folder is unchanged).
 * </ul>
 *
 * {@code packed-refs} is compared for every resolution; for each name looked up, the folders on
 * its way down (refs/, refs/heads/, ...: the ones that decide whether a file of that name can exist,
 * so a repository with thousands of ref folders costs a lookup no more); the found ref's files after
 * it. Any difference drops the snapshot and the lookup goes to JGit. An equal stamp proves nothing changed
 * only if a change would have moved the time, and file times tick in steps (1 to 10 ms on Linux):
 * a change in the same step as the recorded time leaves it equal. So a snapshot is used only if every
 * time it recorded was at least {@link #SETTLE} old when it was taken; until then lookups go to JGit,
 * and the next snapshot is taken once that much time has passed. (This assumes the file system's
 * clock is within that margin of this machine's: a network file system with a server clock further
 * off could defeat it.) Names are compared exactly, as git does with its own ref store on a
 * case-sensitive file system.
 *
 * <p>A repository with another ref store (reftable) is always read through JGit. Thread-safe: lookups
 * read an immutable snapshot (a {@link Lookup} is one thread's, for one resolution); one thread at a
 * time takes a new one (a walk of refs/ and a stat of every loose ref: once after each change), the
 * others asking JGit meanwhile.
 */
final class RefCache {

    /** How old the newest recorded time must be, when a snapshot is taken, for it to be used. */
    static final Duration SETTLE = Duration.ofSeconds(2);

    private final Repository repository;
    /** Where loose refs live: the common git folder, and a linked work tree's own (per-work-tree refs). */
    private final List<Path> gitDirs;

    private final Path packedRefs;
    private final boolean files;
    private final LongSupplier clock;
    private final ReentrantLock taking = new ReentrantLock();

    /** The last snapshot taken; may be one not to use (too recent), with when to take the next. */
    private volatile Snapshot current;

    RefCache(Repository repository) {
        this(repository, System::currentTimeMillis);
    }

    /** With a wall clock in milliseconds (file times are wall-clock times), for tests. */
    RefCache(Repository repository, LongSupplier clock) {
        this.repository = repository;
        Path commonDir = repository.getCommonDirectory().toPath();
        Path gitDir = repository.getDirectory().toPath();
        this.gitDirs = gitDir.equals(commonDir) ? List.of(commonDir) : List.of(commonDir, gitDir);
        this.packedRefs = commonDir.resolve("packed-refs");
        String store = repository.getConfig().getString("extensions", null, "refStorage");
        this.files = (store == null || store.equalsIgnoreCase("files")) && Files.isDirectory(commonDir.resolve("refs"));
        this.clock = clock;
    }

    /**
     * What the snapshot says of some names.
     *
     * @param ref the first of them that is a ref; null when none is (or when not known)
     * @param known false when the snapshot cannot say, and JGit has to be asked
     */
    record Answer(Ref ref, boolean known) {
        static final Answer UNKNOWN = new Answer(null, false);
    }

    /**
     * The refs as they are now, for the lookups of one resolution (packed-refs is compared here,
     * the folders a name depends on when it is looked up); null when JGit has to be asked.
     */
    Lookup lookup() {
        Snapshot snapshot = files ? usable() : null;
        return snapshot == null ? null : new Lookup(snapshot);
    }

    /** Lookups in one snapshot, each folder compared at most once. */
    final class Lookup {

        private final Snapshot snapshot;
        private final Set<Path> compared = new HashSet<>();

        private Lookup(Snapshot snapshot) {
            this.snapshot = snapshot;
        }

        /** The first of these full ref names (all under {@code refs/}) that is a ref, as JGit's {@code firstExactRef} would find it. */
        Answer firstExactRef(List<String> names) {
            for (String name : names) {
                // In order: a name counts only once every name before it is known to be absent.
                try {
                    if (!foldersUnchanged(name)) {
                        drop(snapshot);
                        return Answer.UNKNOWN;
                    }
                } catch (InvalidPathException e) {
                    // A name no file can have in this JVM's file name encoding: JGit decides it, and
                    // the snapshot, not shown stale, stays (dropping it would make every such
                    // request cost a new one).
                    return Answer.UNKNOWN;
                }
                Ref ref = snapshot.refs.get(name);
                if (ref == null) {
                    continue;
                }
                List<Stamped> backing = snapshot.files.get(name);
                if (backing == null || !unchanged(backing)) {
                    drop(snapshot);
                    return Answer.UNKNOWN;
                }
                return new Answer(ref, true);
            }
            return new Answer(null, true);
        }

        /**
         * Whether the folders that decide if a file named so can exist are as recorded: in each git
         * folder, refs/ and each folder on the name's way down that existed (the first that did not
         * could appear only by changing the one above it).
         */
        private boolean foldersUnchanged(String name) throws InvalidPathException {
            String[] parts = name.split("/");
            for (Stamped root : snapshot.roots) {
                if (!compare(root)) {
                    return false;
                }
                if (root.stamp == null) {
                    continue;
                }
                Path folder = root.path;
                for (int i = 1; i < parts.length - 1; i++) {
                    folder = folder.resolve(parts[i]);
                    Stamp stamp = snapshot.folders.get(folder);
                    if (stamp == null) {
                        break;
                    }
                    if (!compare(new Stamped(folder, stamp))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private boolean compare(Stamped stamped) {
            if (compared.contains(stamped.path)) {
                return true;
            }
            if (!unchanged(stamped)) {
                return false;
            }
            compared.add(stamped.path);
            return true;
        }
    }

    /** A snapshot whose packed-refs is as recorded, taking a new one if due; or null. */
    private Snapshot usable() {
        Snapshot snapshot = current;
        if (snapshot != null && snapshot.use && unchanged(snapshot.packed)) {
            return snapshot;
        }
        if (snapshot != null && !snapshot.use && clock.getAsLong() < snapshot.retryAt) {
            // Too recent to use: a snapshot taken now would be too (its newest time is that recent).
            return null;
        }
        if (!taking.tryLock()) {
            return null; // another lookup is taking one; JGit answers this one
        }
        try {
            Snapshot taken = take();
            current = taken;
            return taken.use ? taken : null;
        } catch (IOException | UncheckedIOException | InvalidPathException e) {
            // Whatever kept the refs from being read (a folder gone mid-walk, a name this JVM's file
            // name encoding cannot hold): JGit is asked, and a snapshot is tried again later.
            current = new Snapshot(
                    Map.of(), Map.of(), Map.of(), List.of(), null, false, clock.getAsLong() + SETTLE.toMillis());
            return null;
        } finally {
            taking.unlock();
        }
    }

    private void drop(Snapshot snapshot) {
        if (current == snapshot) {
            current = null;
        }
    }

    private Snapshot take() throws IOException {
        long started = clock.getAsLong();
        List<Stamped> roots = new ArrayList<>();
        Map<Path, Stamp> folders = new HashMap<>();
        for (Path gitDir : gitDirs) {
            Path refs = gitDir.resolve("refs");
            roots.add(new Stamped(refs, Stamp.of(refs)));
            if (Files.isDirectory(refs, LinkOption.NOFOLLOW_LINKS)) {
                // Folders only, stamped from the attributes the walk has read anyway.
                Files.walkFileTree(refs, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        folders.put(dir, Stamp.of(attrs));
                        return FileVisitResult.CONTINUE;
                    }
                });
            }
        }
        Stamped packed = new Stamped(packedRefs, Stamp.of(packedRefs));
        Map<String, Ref> refs = new HashMap<>();
        for (Ref ref : repository.getRefDatabase().getRefsByPrefix(Constants.R_REFS)) {
            refs.put(ref.getName(), ref);
        }
        Map<String, List<Stamped>> files = new HashMap<>();
        List<Stamped> all = new ArrayList<>(roots);
        folders.forEach((path, stamp) -> all.add(new Stamped(path, stamp)));
        all.add(packed);
        long newest = newest(all);
        for (Ref ref : refs.values()) {
            List<Stamped> backing = backing(ref);
            if (backing != null) {
                files.put(ref.getName(), backing);
                newest = Math.max(newest, newest(backing));
            }
        }
        // A ref store that changed while it was read is not recorded as it was.
        boolean steady = unchanged(all);
        boolean use = steady && newest <= started - SETTLE.toMillis();
        long retryAt = steady ? Math.max(newest + SETTLE.toMillis(), started) : started;
        return new Snapshot(Map.copyOf(refs), Map.copyOf(files), Map.copyOf(folders), roots, packed, use, retryAt);
    }

    /**
     * The loose files a ref's value comes from: its own (absent when packed only) and, for a
     * symbolic ref, its targets'; null when the ref leads outside refs/ (not cached).
     */
    private List<Stamped> backing(Ref ref) throws IOException {
        List<Stamped> stamps = new ArrayList<>(2);
        for (Ref step = ref; step != null; step = step.isSymbolic() ? step.getTarget() : null) {
            if (!step.getName().startsWith(Constants.R_REFS)) {
                return null;
            }
            for (Path gitDir : gitDirs) {
                Path file = gitDir.resolve(step.getName());
                stamps.add(new Stamped(file, Stamp.of(file)));
            }
        }
        return stamps;
    }

    private static boolean unchanged(List<Stamped> stamps) {
        for (Stamped s : stamps) {
            if (!unchanged(s)) {
                return false;
            }
        }
        return true;
    }

    private static boolean unchanged(Stamped s) {
        try {
            // Still absent: asked without the exception a stat of a missing file costs.
            return s.stamp == null ? !Files.exists(s.path) : s.stamp.equals(Stamp.of(s.path));
        } catch (IOException e) {
            return false;
        }
    }

    private static long newest(List<Stamped> stamps) {
        long newest = Long.MIN_VALUE;
        for (Stamped s : stamps) {
            if (s.stamp != null) {
                newest = Math.max(newest, s.stamp.modified);
            }
        }
        return newest;
    }

    /**
     * @param refs every ref under refs/ by name
     * @param files the stamped loose files of each ref (see {@link #backing})
     * @param folders every folder under each git folder's refs/, stamped
     * @param roots each git folder's refs/ (present or not)
     * @param packed packed-refs (present or not)
     * @param use whether its times were old enough to trust it
     * @param retryAt when a snapshot is worth taking again, if this one is not used
     */
    private record Snapshot(
            Map<String, Ref> refs,
            Map<String, List<Stamped>> files,
            Map<Path, Stamp> folders,
            List<Stamped> roots,
            Stamped packed,
            boolean use,
            long retryAt) {}

    private record Stamped(Path path, Stamp stamp) {}

    /** What a stat says of a path, or null when nothing is there. */
    private record Stamp(Object key, long size, long modified, long modifiedNanos) {

        static Stamp of(Path path) throws IOException {
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return null;
            }
            return of(a);
        }

        static Stamp of(BasicFileAttributes a) {
            FileTime time = a.lastModifiedTime();
            return new Stamp(a.fileKey(), a.size(), time.toMillis(), time.to(TimeUnit.NANOSECONDS));
        }
    }
}
