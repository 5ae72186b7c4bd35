package dev.reservoir.provider.git;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.eclipse.jgit.diff.DiffConfig;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.RenameDetector;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.dircache.DirCacheIterator;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.AbstractTreeIterator;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.FileTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * The work tree's status ({@code git status --porcelain}, format v1) and uncommitted changes
 * ({@code git diff HEAD}). The index is read, never written (git itself refreshes it on status;
 * we do not), and the walk is built without the repository so that no clean filter or other
 * program named in a configuration or {@code .gitattributes} can run: files are compared as raw
 * bytes, with only the built-in {@code core.autocrlf} conversion. Submodules are reported only when
 * the commit recorded for them changes, never opened. Not thread-safe (one per use).
 */
final class WorkTree {

    /** One changed path: the two status letters, the path, and where it came from for a rename. */
    record Change(char index, char work, String path, String from) {}

    private final Repository repository;

    WorkTree(Repository repository) {
        this.repository = repository;
    }

    /** The status lines: tracked changes in path order, then untracked paths (folders collapsed to {@code dir/}). */
    String porcelain() throws IOException {
        List<Change> tracked = new ArrayList<>();
        List<String> untracked = new ArrayList<>();
        scan(tracked, untracked);
        StringBuilder out = new StringBuilder();
        for (Change change : tracked) {
            out.append(change.index()).append(change.work()).append(' ');
            if (change.from() != null) {
                out.append(Patches.quote(change.from())).append(" -> ");
            }
            out.append(Patches.quote(change.path())).append('\n');
        }
        for (String path : untracked) {
            out.append("?? ").append(Patches.quote(path)).append('\n');
        }
        return out.toString();
    }

    /** {@code git diff HEAD}: the patch from HEAD's tree to the work tree, for tracked paths. */
    byte[] diff(long limit) throws IOException {
        List<Change> tracked = new ArrayList<>();
        scan(tracked, new ArrayList<>());
        List<String> paths = new ArrayList<>();
        for (Change change : tracked) {
            paths.add(change.path());
            if (change.from() != null) {
                paths.add(change.from());
            }
        }
        if (paths.isEmpty()) {
            return new byte[0];
        }
        try (ObjectReader reader = repository.newObjectReader();
                Patches patches = new Patches(reader, null, limit)) {
            patches.filter(PathFilterGroup.createFromStrings(paths));
            return patches.patch(patches.scan(head(reader), new FileTreeIterator(repository)));
        }
    }

    private AbstractTreeIterator head(ObjectReader reader) throws IOException {
        ObjectId head = repository.resolve(Constants.HEAD + "^{tree}");
        if (head == null) {
            return new EmptyTreeIterator();
        }
        CanonicalTreeParser parser = new CanonicalTreeParser();
        parser.reset(reader, head);
        return parser;
    }

    private void scan(List<Change> tracked, List<String> untracked) throws IOException {
        DirCache index = DirCache.read(repository);
        TreeMap<String, Change> changes = new TreeMap<>(WorkTree::pathOrder);
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk revWalk = new RevWalk(reader);
                TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(head(reader));
            walk.addTree(new DirCacheIterator(index));
            walk.addTree(new FileTreeIterator(repository));
            walk.setRecursive(false);
            while (walk.next()) {
                AbstractTreeIterator h = walk.getTree(0, AbstractTreeIterator.class);
                DirCacheIterator i = walk.getTree(1, DirCacheIterator.class);
                FileTreeIterator w = walk.getTree(2, FileTreeIterator.class);
                boolean inHead = present(walk, 0);
                boolean inIndex = i != null;
                if (walk.isSubtree() && !inHead && !inIndex && w != null) {
                    if (!w.isEntryIgnored() && hasShownFile(walk, reader)) {
                        untracked.add(walk.getPathString() + "/");
                    }
                    continue;
                }
                if (walk.isSubtree()) {
                    walk.enterSubtree();
                    continue;
                }
                String path = walk.getPathString();
                if (!inHead && !inIndex) {
                    if (w != null && !w.isEntryIgnored()) {
                        untracked.add(path + (w.getEntryFileMode() == FileMode.GITLINK ? "/" : ""));
                    }
                    continue;
                }
                char x = indexLetter(walk, inHead, i);
                char y = workLetter(reader, i, w);
                if (inHead && !inIndex && w != null && !w.isEntryIgnored()) {
                    untracked.add(path);
                }
                if (x != ' ' || y != ' ') {
                    changes.put(path, new Change(x, y, path, null));
                }
            }
            pairRenames(reader, index, changes);
        }
        tracked.addAll(changes.values());
    }

    private static boolean present(TreeWalk walk, int tree) {
        return walk.getRawMode(tree) != 0;
    }

    private static char indexLetter(TreeWalk walk, boolean inHead, DirCacheIterator i) {
        if (i != null && i.getDirCacheEntry() != null && i.getDirCacheEntry().getStage() != DirCacheEntry.STAGE_0) {
            return 'U';
        }
        if (!inHead) {
            return i == null ? ' ' : 'A';
        }
        if (i == null) {
            return 'D';
        }
        if (!walk.idEqual(0, 1)) {
            return 'M';
        }
        int headMode = walk.getRawMode(0);
        int indexMode = walk.getRawMode(1);
        if (headMode == indexMode) {
            return ' ';
        }
        return FileMode.fromBits(headMode).getObjectType()
                        == FileMode.fromBits(indexMode).getObjectType()
                ? 'M'
                : 'T';
    }

    private static char workLetter(ObjectReader reader, DirCacheIterator i, FileTreeIterator w) throws IOException {
        if (i == null) {
            return ' ';
        }
        DirCacheEntry entry = i.getDirCacheEntry();
        if (entry.getStage() != DirCacheEntry.STAGE_0) {
            return 'U';
        }
        if (w == null) {
            return 'D';
        }
        if (entry.getFileMode() == FileMode.GITLINK) {
            return ' '; // a submodule's own changes would need opening it
        }
        if (w.getEntryFileMode().getObjectType() != entry.getFileMode().getObjectType()) {
            return 'T';
        }
        return w.isModified(entry, true, reader) ? 'M' : ' ';
    }

    /** Whether an untracked folder holds a file that is not ignored (git shows a folder only then). */
    private static boolean hasShownFile(TreeWalk parent, ObjectReader reader) throws IOException {
        FileTreeIterator folder = parent.getTree(2, FileTreeIterator.class);
        if (folder.getEntryFileMode() == FileMode.GITLINK) {
            return true; // another repository inside the work tree
        }
        try (TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(folder.createSubtreeIterator(reader));
            walk.setRecursive(false);
            while (walk.next()) {
                FileTreeIterator w = walk.getTree(0, FileTreeIterator.class);
                if (w.isEntryIgnored()) {
                    continue;
                }
                if (!walk.isSubtree() || w.getEntryFileMode() == FileMode.GITLINK) {
                    return true;
                }
                walk.enterSubtree();
            }
        }
        return false;
    }

    /** Staged additions and deletions of the same content become renames, as git status shows them. */
    private void pairRenames(ObjectReader reader, DirCache index, TreeMap<String, Change> changes) throws IOException {
        boolean added = changes.values().stream().anyMatch(c -> c.index() == 'A');
        boolean deleted = changes.values().stream().anyMatch(c -> c.index() == 'D');
        if (!added || !deleted) {
            return;
        }
        List<DiffEntry> staged;
        try (TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(head(reader));
            walk.addTree(new DirCacheIterator(index));
            walk.setRecursive(true);
            walk.setFilter(TreeFilter.ANY_DIFF);
            staged = DiffEntry.scan(walk);
        }
        RenameDetector detector = new RenameDetector(reader, new Config().get(DiffConfig.KEY));
        detector.addAll(staged);
        for (DiffEntry entry : detector.compute()) {
            if (entry.getChangeType() != DiffEntry.ChangeType.RENAME) {
                continue;
            }
            Change removed = changes.get(entry.getOldPath());
            Change renamed = changes.get(entry.getNewPath());
            if (removed != null && renamed != null && removed.index() == 'D' && renamed.index() == 'A') {
                changes.remove(entry.getOldPath());
                changes.put(
                        entry.getNewPath(), new Change('R', renamed.work(), entry.getNewPath(), entry.getOldPath()));
            }
        }
    }

    /** Byte order of UTF-8 paths, the order of the index. */
    private static int pathOrder(String a, String b) {
        return java.util.Arrays.compareUnsigned(
                a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                b.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
