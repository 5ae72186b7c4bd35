package dev.reservoir.provider.fs;

import dev.reservoir.server.spi.ProviderException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way from a URI or a name to a file. It walks from a root one name at a time through
 * open folders ({@link DirHandle}): each name is examined without following a link, and the next
 * folder is opened relative to the one before, so no name is looked up twice and nothing swapped
 * in between can lead out of the root. It refuses anything that is not shown, not a regular file
 * or folder (a FIFO or device is never opened), the mount point of a pseudo file system, or a
 * link whose real target is outside every root, not shown where it lies, or (for a folder) an
 * ancestor of where the walk has been. A link that is followed is resolved to its real path,
 * checked, and then walked again name by name from the root that holds it. Every refusal is the
 * same "not there", except that a walk stopped by permissions says so. Thread-safe.
 */
final class PathResolver {

    /** An open root folder and its entry; closing it closes the folder. */
    record Opened(Entry entry, DirHandle handle) implements Closeable {
        @Override
        public void close() throws IOException {
            handle.close();
        }
    }

    private final List<Root> roots;
    private final Visibility visibility;
    private final boolean followLinks;
    private final Mounts mounts = new Mounts();

    /** The roots' folders, kept open for the walks (see {@link DirHandle#open(Path, Map)}). */
    private final Map<Path, DirHandle.Kept> keptRoots = new ConcurrentHashMap<>();

    private volatile boolean closed;

    private final OnceLog skipped = new OnceLog();

    PathResolver(List<Root> roots, Visibility visibility, boolean followLinks) {
        this.roots = List.copyOf(roots);
        this.visibility = visibility;
        this.followLinks = followLinks;
    }

    List<Root> roots() {
        return roots;
    }

    Visibility visibility() {
        return visibility;
    }

    /** The log of skipped entries, shared by everything that walks folders. */
    OnceLog skipped() {
        return skipped;
    }

    /**
     * The entry a URI names, or empty for anything refused or missing; an {@link ProviderException}
     * (access denied) when a folder on the way cannot be opened or examined.
     */
    Optional<Entry> resolve(String uri) {
        FileUris.Parsed parsed = FileUris.parse(uri);
        if (parsed == null) {
            return Optional.empty();
        }
        for (Root root : roots) {
            if (root.contains(parsed.names())) {
                List<String> rel = parsed.names()
                        .subList(root.segments().size(), parsed.names().size());
                Optional<Entry> entry;
                try {
                    entry = resolve(root, rel, true);
                } catch (AccessDeniedException e) {
                    throw ProviderException.denied(FileUris.uri(root, rel));
                }
                // "dir/" names a folder; "file/" names nothing (as a file system says ENOTDIR).
                return parsed.trailingSlash() ? entry.filter(Entry::isDirectory) : entry;
            }
        }
        return Optional.empty();
    }

    /** The root an absolute URI falls under (without touching the disk), or null. */
    Root rootOf(String uri) {
        FileUris.Parsed parsed = FileUris.parse(uri);
        if (parsed != null) {
            for (Root root : roots) {
                if (root.contains(parsed.names())) {
                    return root;
                }
            }
        }
        return null;
    }

    /** The entry at {@code rel} below {@code root}, or empty; nothing is thrown. */
    Optional<Entry> find(Root root, List<String> rel) {
        try {
            return resolve(root, rel, true);
        } catch (AccessDeniedException e) {
            return Optional.empty();
        }
    }

    /**
     * The entry at {@code rel} below {@code root}, walked name by name through open folders; with
     * {@code links} false, a link anywhere on the way is refused (a real path holds none).
     */
    private Optional<Entry> resolve(Root root, List<String> rel, boolean links) throws AccessDeniedException {
        Opened start = openRoot(root);
        if (start == null) {
            return Optional.empty();
        }
        DirHandle dir = start.handle();
        try {
            Entry current = start.entry();
            Visibility.FolderRules rules = null;
            for (int i = 0; i < rel.size(); i++) {
                if (!current.isDirectory()) {
                    return Optional.empty();
                }
                if (dir == null) {
                    dir = open(current); // reached through a link: walk again from where it really is
                }
                // The folder's attributes were read on this walk: what is known missing there can be trusted.
                rules = rules == null
                        ? visibility.rulesFor(current.realRoot(), current.realRel(), current.attrs())
                        : rules;
                Optional<Entry> next = child(dir, current, rules, rel.get(i), links);
                if (next.isEmpty()) {
                    return Optional.empty();
                }
                Entry child = next.get();
                // A plain subfolder's rules follow from its folder's; a linked one's are gathered
                // where it really is.
                rules = i < rel.size() - 1 && child.isDirectory() && isPlainChild(current, child)
                        ? visibility.below(rules, child.realRel().getLast(), child.attrs())
                        : null;
                if (i < rel.size() - 1 && child.isDirectory()) {
                    // A linked folder is opened from where it really is, at the next name.
                    DirHandle sub = isPlainChild(current, child) ? openChild(dir, child) : null;
                    dir.close();
                    dir = sub;
                }
                current = child;
            }
            return Optional.of(current);
        } catch (AccessDeniedException e) {
            throw e;
        } catch (IOException e) {
            return Optional.empty(); // gone, replaced, or not a folder any more
        } finally {
            closeQuietly(dir);
        }
    }

    /** Whether {@code child} really is in {@code folder}'s real folder (not reached through a link from it). */
    static boolean isPlainChild(Entry folder, Entry child) {
        return child.realRoot().index() == folder.realRoot().index()
                && child.realRel().size() == folder.realRel().size() + 1
                && child.realRel().subList(0, folder.realRel().size()).equals(folder.realRel());
    }

    /** Closes the roots' folders kept open (a walk still on one closes it when it ends). */
    void close() {
        closed = true;
        DirHandle.releaseAll(keptRoots);
    }

    private DirHandle openRootFolder(Root root) throws IOException {
        return closed ? DirHandle.open(root.path()) : DirHandle.open(root.path(), keptRoots);
    }

    /** Opens a root folder, or returns null when it is not there (moved away, or not a folder now). */
    Opened openRoot(Root root) throws AccessDeniedException {
        DirHandle handle;
        try {
            handle = openRootFolder(root);
        } catch (AccessDeniedException e) {
            throw e;
        } catch (IOException e) {
            return null;
        }
        try {
            BasicFileAttributes attrs = handle.self();
            Entry entry = new Entry(
                    root,
                    List.of(),
                    root.path(),
                    root,
                    List.of(),
                    attrs,
                    mounts.device(root.path(), attrs),
                    List.of(root.path()));
            return new Opened(entry, handle);
        } catch (IOException e) {
            closeQuietly(handle);
            return null;
        }
    }

    /**
     * The child {@code name} of a folder open as {@code dir}, given the rules for that folder's
     * entries; empty when it is not there or not shown. Throws when the folder cannot be examined.
     */
    Optional<Entry> child(DirHandle dir, Entry folder, Visibility.FolderRules rules, String name) throws IOException {
        return child(dir, folder, rules, name, true);
    }

    private Optional<Entry> child(DirHandle dir, Entry folder, Visibility.FolderRules rules, String name, boolean links)
            throws IOException {
        if (!FileUris.isSafeName(name)) {
            return Optional.empty();
        }
        Path namePath = FileNames.path(name);
        BasicFileAttributes attrs;
        try {
            attrs = dir.attributes(namePath);
        } catch (NoSuchFileException | NotDirectoryException e) {
            return Optional.empty();
        }
        List<String> rel = append(folder.rel(), name);
        Path real = folder.real().resolve(namePath);
        if (!attrs.isSymbolicLink()) {
            if (!(attrs.isRegularFile() || attrs.isDirectory()) || !rules.visible(name, attrs.isDirectory())) {
                return Optional.empty();
            }
            long device = folder.device();
            List<Path> chain = folder.chain();
            if (attrs.isDirectory()) {
                device = mounts.device(real, attrs);
                String pseudo = mounts.pseudoType(real, device, folder.device());
                if (pseudo != null) {
                    skipped.warn(
                            "pseudo " + real,
                            "Not entering {}: a {} file system (its files are not documents)",
                            FileNames.show(real),
                            pseudo);
                    return Optional.empty();
                }
                chain = append(chain, real);
            }
            return Optional.of(new Entry(
                    folder.root(), rel, real, folder.realRoot(), append(folder.realRel(), name), attrs, device, chain));
        }
        // Git stores a link as a file, so the link's own name is matched as a file.
        if (!links || !followLinks || !rules.visible(name, false)) {
            return Optional.empty();
        }
        return followLink(folder, rel, real);
    }

    private Optional<Entry> followLink(Entry folder, List<String> rel, Path link) throws AccessDeniedException {
        Optional<Entry> target = target(link);
        if (target.isEmpty()) {
            return Optional.empty();
        }
        Entry found = target.get();
        List<Path> chain = folder.chain();
        if (found.isDirectory()) {
            for (Path walked : chain) {
                if (walked.startsWith(found.real())) {
                    return Optional.empty(); // back into the walk: a cycle
                }
            }
            chain = append(chain, found.real());
        }
        return Optional.of(new Entry(
                folder.root(),
                rel,
                found.real(),
                found.realRoot(),
                found.realRel(),
                found.attrs(),
                found.device(),
                chain));
    }

    /** Where a link really leads, as an entry of the root that holds it; empty when outside every root. */
    private Optional<Entry> target(Path link) throws AccessDeniedException {
        Path target;
        try {
            target = link.toRealPath();
        } catch (IOException | SecurityException e) {
            return Optional.empty(); // dangling, a loop, or unreadable
        }
        for (Root root : roots) {
            if (target.startsWith(root.path())) {
                List<String> names = FileNames.names(root.path().relativize(target));
                if (names == null) {
                    return Optional.empty();
                }
                names.removeIf(String::isEmpty);
                // The real path is walked again from its root, name by name, with no link allowed:
                // what toRealPath saw may have changed, what the walk finds is what will be opened.
                // The walk also applies the visibility rules where the target lies.
                return resolve(root, names, false);
            }
        }
        return Optional.empty(); // the link leads out of every root
    }

    /** Opens a folder entry by walking to where it really is; it must still be the folder resolved. */
    DirHandle open(Entry folder) throws IOException {
        return walk(folder.realRoot(), folder.realRel(), folder.attrs());
    }

    /** Opens a folder entry that is a plain (not linked) child of the folder open as {@code dir}. */
    DirHandle openChild(DirHandle dir, Entry child) throws IOException {
        if (child.realRel().isEmpty()) {
            return open(child);
        }
        return dir.folder(FileNames.path(child.realRel().getLast()), child.attrs());
    }

    /**
     * Opens a regular file entry to read, walking to where it really is; it must still be the
     * file resolved. Throws AccessDeniedException when it may not be read, NoSuchFileException
     * when it is gone or was replaced (by a link, a folder or another file).
     */
    SeekableByteChannel openFile(Entry file) throws IOException {
        List<String> names = file.realRel();
        try (DirHandle dir = walk(file.realRoot(), names.subList(0, names.size() - 1), null)) {
            return dir.file(FileNames.path(names.getLast()), file.attrs());
        } catch (AccessDeniedException | NoSuchFileException e) {
            throw e;
        } catch (FileSystemException e) {
            // ELOOP (a link swapped in for the last name), ENOTDIR (a folder on the way swapped).
            throw new NoSuchFileException(FileNames.show(file.real()), null, e.getReason());
        }
    }

    /** Opens the folder {@code names} below a root, each a folder and not a link; the last one must be {@code last}. */
    private DirHandle walk(Root root, List<String> names, BasicFileAttributes last) throws IOException {
        DirHandle dir = openRootFolder(root);
        try {
            if (names.isEmpty() && last != null && !sameFolder(dir.self(), last)) {
                throw new NoSuchFileException(FileNames.show(root.path()), null, "replaced");
            }
            for (int i = 0; i < names.size(); i++) {
                Path name = FileNames.path(names.get(i));
                BasicFileAttributes attrs = dir.attributes(name);
                if (!attrs.isDirectory()) {
                    throw new NoSuchFileException(FileNames.show(dir.path().resolve(name)), null, "not a folder");
                }
                boolean isLast = i == names.size() - 1;
                if (isLast && last != null && !sameFolder(attrs, last)) {
                    throw new NoSuchFileException(FileNames.show(dir.path().resolve(name)), null, "replaced");
                }
                DirHandle next = dir.folder(name, attrs);
                dir.close();
                dir = next;
            }
            return dir;
        } catch (IOException | RuntimeException e) {
            closeQuietly(dir);
            throw e;
        }
    }

    private static boolean sameFolder(BasicFileAttributes now, BasicFileAttributes then) {
        return now.fileKey() == null || then.fileKey() == null || now.fileKey().equals(then.fileKey());
    }

    static void closeQuietly(Closeable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (IOException e) {
            // nothing was written through it; nothing to report
        }
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> out = new ArrayList<>(list.size() + 1);
        out.addAll(list);
        out.add(item);
        return out;
    }
}
