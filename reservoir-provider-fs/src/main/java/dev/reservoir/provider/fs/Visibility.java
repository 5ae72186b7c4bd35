package dev.reservoir.provider.fs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.ignore.FastIgnoreRule;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which entries are shown: never {@code .git}; hidden names (a leading dot) only when
 * asked; never what an exclude pattern or, when honoured, a {@code .gitignore} rule ignores.
 * Exclude patterns and ignore files use git's pattern syntax (JGit's matcher). The ignore files
 * are every {@code .gitignore} from the root down to the entry's folder (the deepest rule that
 * matches decides, as in git) and the root's {@code .git/info/exclude}; files above the root are
 * not consulted. Parsed files are cached and re-read when their size or time changes; that a
 * folder has none is remembered while the folder itself is unchanged. Thread-safe.
 */
final class Visibility {

    private static final Logger log = LoggerFactory.getLogger(Visibility.class);
    private static final long MAX_IGNORE_FILE_BYTES = 1 << 20;
    private static final int MAX_CACHED_FILES = 10_000;

    /** A parsed ignore file with the stamp it was read at; {@code node} is null when there is none. */
    private record Cached(FileTime modified, long size, IgnoreNode node) {}

    private final boolean showHidden;
    private final boolean gitignore;
    private final IgnoreNode excludes;
    private final Map<Path, Cached> cache = new ConcurrentHashMap<>();

    Visibility(boolean showHidden, boolean gitignore, List<String> excludePatterns) {
        this.showHidden = showHidden;
        this.gitignore = gitignore;
        List<FastIgnoreRule> rules = new ArrayList<>();
        for (String pattern : excludePatterns) {
            FastIgnoreRule rule = new FastIgnoreRule(pattern);
            if (!rule.isEmpty()) {
                rules.add(rule);
            }
        }
        this.excludes = new IgnoreNode(rules);
    }

    /** The rules that apply to the entries of one folder, gathered once for a listing of it. */
    final class FolderRules {
        private final List<String> folder;
        private final Path dir; // the folder's path, where its own .gitignore is
        private final List<IgnoreNode> nodes; // nodes.get(d): the .gitignore of folder.subList(0, d)
        private final IgnoreNode infoExclude;

        private FolderRules(List<String> folder, Path dir, List<IgnoreNode> nodes, IgnoreNode infoExclude) {
            this.folder = folder;
            this.dir = dir;
            this.nodes = nodes;
            this.infoExclude = infoExclude;
        }

        /** Whether the entry {@code name} of this folder is shown. */
        boolean visible(String name, boolean isDirectory) {
            if (name.equals(".git") || (!showHidden && name.startsWith("."))) {
                return false;
            }
            String rel = folder.isEmpty() ? name : String.join("/", folder) + "/" + name;
            if (Boolean.TRUE.equals(excludes.checkIgnored(rel, isDirectory))) {
                return false;
            }
            if (!gitignore) {
                return true;
            }
            for (int d = nodes.size() - 1; d >= 0; d--) {
                IgnoreNode node = nodes.get(d);
                if (node != null) {
                    String below = d == 0
                            ? rel
                            : rel.substring(
                                    String.join("/", folder.subList(0, d)).length() + 1);
                    Boolean ignored = node.checkIgnored(below, isDirectory);
                    if (ignored != null) {
                        return !ignored;
                    }
                }
            }
            return infoExclude == null || !Boolean.TRUE.equals(infoExclude.checkIgnored(rel, isDirectory));
        }
    }

    /** The rules for the entries of {@code folder} (names below the root) in {@code root}. */
    FolderRules rulesFor(Root root, List<String> folder) {
        return rulesFor(root, folder, null);
    }

    /**
     * The same, given the attributes of {@code folder} itself just read (null when not at hand),
     * which let a look-up for an ignore file known to be missing there be skipped.
     */
    FolderRules rulesFor(Root root, List<String> folder, BasicFileAttributes folderAttrs) {
        List<IgnoreNode> nodes = new ArrayList<>(1);
        IgnoreNode infoExclude = null;
        if (gitignore) {
            BasicFileAttributes rootAttrs = folder.isEmpty() ? folderAttrs : null;
            nodes.add(ignoreFile(root.path(), rootAttrs, true));
            infoExclude = absent(root.path(), rootAttrs, GIT)
                    ? null
                    : load(root.path().resolve(GIT).resolve("info").resolve("exclude"), null);
        }
        FolderRules rules = new FolderRules(List.of(), root.path(), nodes, infoExclude);
        for (int i = 0; i < folder.size(); i++) {
            rules = below(rules, folder.get(i), i == folder.size() - 1 ? folderAttrs : null);
        }
        return rules;
    }

    /**
     * The rules for the entries of the subfolder {@code name} of the folder whose rules are
     * {@code parent}: the parent's, and the subfolder's own ignore file. A walk down a path reads
     * each folder's ignore file once, not again at every level below.
     */
    FolderRules below(FolderRules parent, String name) {
        return below(parent, name, null);
    }

    /** The same, given the subfolder's attributes just read (or null), as {@link #rulesFor(Root, List, BasicFileAttributes)}. */
    FolderRules below(FolderRules parent, String name, BasicFileAttributes attrs) {
        List<String> folder = new ArrayList<>(parent.folder.size() + 1);
        folder.addAll(parent.folder);
        folder.add(name);
        Path dir = parent.dir.resolve(FileNames.path(name));
        if (!gitignore) {
            return new FolderRules(List.copyOf(folder), dir, parent.nodes, null);
        }
        List<IgnoreNode> nodes = new ArrayList<>(parent.nodes.size() + 1);
        nodes.addAll(parent.nodes); // may hold nulls (no ignore file there): not List.copyOf
        nodes.add(ignoreFile(dir, attrs, false));
        return new FolderRules(List.copyOf(folder), dir, nodes, parent.infoExclude);
    }

    /** Whether every name along {@code rel} is shown (for paths met outside a listing: links, events). */
    boolean visiblePath(Root root, List<String> rel, boolean isDirectory) {
        FolderRules rules = rulesFor(root, List.of());
        for (int i = 0; i < rel.size(); i++) {
            boolean last = i == rel.size() - 1;
            if (!rules.visible(rel.get(i), !last || isDirectory)) {
                return false;
            }
            if (!last) {
                rules = below(rules, rel.get(i));
            }
        }
        return true;
    }

    /** Forgets every cached ignore file (after one changed on disk), and which folders have none. */
    void invalidate() {
        cache.clear();
        missing.clear();
    }

    private static final String GITIGNORE = ".gitignore";
    private static final String GIT = ".git";

    /**
     * A folder seen without a .gitignore (and, when {@code git}, without a .git either), with the
     * folder's file key and modification time then. Most folders have no ignore file, and each
     * walk to an entry looked for one in every folder on its way (and for the root's
     * {@code .git/info/exclude}): a tenth of a small file's read from a folder
     * (reservoir-bench/PROFILE.md). Making a name in a folder changes the folder's modification
     * time, so while the folder has the same key and time, the name is still missing. Only a folder
     * last changed more than {@link #SETTLED_MILLIS} before is noted: a name made later is then
     * stamped with a later time (whatever the file system's clock granularity, up to FAT's two
     * seconds), never the same. One case escapes: a tool that sets a folder's time back to the very
     * instant it had (rsync -t, tar) right after adding an ignore file to a folder unchanged for
     * longer. What that file ignores is then still shown until the folder changes again, or until
     * the provider's watcher (running once anything is watched) reports the file.
     */
    private record Missing(Object key, FileTime modified, boolean git) {}

    private static final long SETTLED_MILLIS = 5_000;

    private final Map<Path, Missing> missing = new ConcurrentHashMap<>();

    /** Whether {@code name} is known to be missing from the folder {@code dir} whose attributes (just read) are {@code attrs}. */
    private boolean absent(Path dir, BasicFileAttributes attrs, String name) {
        if (attrs == null) {
            return false;
        }
        Missing known = missing.get(dir);
        return known != null
                && known.key().equals(attrs.fileKey())
                && known.modified().equals(attrs.lastModifiedTime())
                && (name.equals(GITIGNORE) || known.git());
    }

    /** The folder's .gitignore, parsed; null when it has none (noted, when its attributes are at hand). */
    private IgnoreNode ignoreFile(Path dir, BasicFileAttributes attrs, boolean root) {
        if (absent(dir, attrs, GITIGNORE)) {
            return null;
        }
        return load(dir.resolve(GITIGNORE), attrs == null ? null : () -> noteMissing(dir, attrs, root));
    }

    /** Notes that the folder has no .gitignore (and, for a root, whether it has no .git), when it has settled. */
    private void noteMissing(Path dir, BasicFileAttributes attrs, boolean root) {
        Object key = attrs.fileKey();
        if (key == null || attrs.lastModifiedTime().toMillis() > System.currentTimeMillis() - SETTLED_MILLIS) {
            return;
        }
        // Asked as the entry itself: a link named .git, even one leading nowhere, is not "missing".
        boolean noGit = root && Files.notExists(dir.resolve(GIT), LinkOption.NOFOLLOW_LINKS);
        if (missing.size() >= MAX_CACHED_FILES) {
            missing.clear(); // the same crude bound as the files' cache
        }
        missing.put(dir, new Missing(key, attrs.lastModifiedTime(), noGit));
    }

    /**
     * Reads an ignore file if it is a regular file (never through a link, which could lead out of
     * the root); {@code ifMissing} (or null) runs when there is no such entry at all.
     */
    private IgnoreNode load(Path file, Runnable ifMissing) {
        BasicFileAttributes attrs;
        try {
            // Most folders have no .gitignore, and this runs for every folder on the way to every
            // entry read: first asked without the exception Files.readAttributes throws for a
            // missing file, whose making took a third of a folder read's CPU
            // (reservoir-bench/PROFILE.md). The JDK answers without one only when it may follow a
            // link; what is there is then looked at again, as itself, to refuse a link.
            attrs = file.getFileSystem().provider().readAttributesIfExists(file, BasicFileAttributes.class);
            if (attrs != null) {
                attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            }
        } catch (IOException e) {
            attrs = null;
        }
        if (attrs == null) {
            cache.remove(file);
            if (ifMissing != null) {
                ifMissing.run();
            }
            return null;
        }
        if (!attrs.isRegularFile() || attrs.size() > MAX_IGNORE_FILE_BYTES) {
            return null;
        }
        Cached cached = cache.get(file);
        if (cached != null && cached.modified().equals(attrs.lastModifiedTime()) && cached.size() == attrs.size()) {
            return cached.node();
        }
        IgnoreNode node = new IgnoreNode();
        try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            node.parse(in);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            log.warn("Could not read ignore file {}: {}", file, e.toString());
            return null;
        }
        if (cache.size() >= MAX_CACHED_FILES) {
            cache.clear(); // a crude bound, but it keeps memory flat on huge trees
        }
        cache.put(file, new Cached(attrs.lastModifiedTime(), attrs.size(), node));
        return node;
    }
}
