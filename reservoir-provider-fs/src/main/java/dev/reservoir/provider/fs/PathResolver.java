package dev.reservoir.provider.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one way from a URI or a name to a file. It walks from a root one name at a time, reading
 * each entry's attributes without following links, and refuses anything that is not shown, not a
 * regular file or folder (a FIFO or device is never opened), or a link whose real target is
 * outside every root, not shown where it lies, or (for a folder) an ancestor of where the walk has
 * been. Every method answers "not there" the same way, whatever the reason. Thread-safe.
 */
final class PathResolver {

    private final List<Root> roots;
    private final Visibility visibility;
    private final boolean followLinks;

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

    /** The entry a URI names, or empty for anything refused or missing. */
    Optional<Entry> resolve(String uri) {
        FileUris.Parsed parsed = FileUris.parse(uri);
        if (parsed == null) {
            return Optional.empty();
        }
        for (Root root : roots) {
            if (root.contains(parsed.names())) {
                List<String> rel = parsed.names()
                        .subList(root.segments().size(), parsed.names().size());
                Optional<Entry> entry = resolve(root, rel);
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

    /** The entry at {@code rel} below {@code root}, walked name by name. */
    Optional<Entry> resolve(Root root, List<String> rel) {
        Optional<Entry> current = root(root);
        for (String name : rel) {
            if (current.isEmpty() || !current.get().isDirectory()) {
                return Optional.empty();
            }
            Entry folder = current.get();
            current = child(folder, visibility.rulesFor(folder.realRoot(), folder.realRel()), name);
        }
        return current;
    }

    /** The root folder itself, if it is still a folder. */
    Optional<Entry> root(Root root) {
        BasicFileAttributes attrs = attributes(root.path());
        if (attrs == null || !attrs.isDirectory()) {
            return Optional.empty();
        }
        return Optional.of(new Entry(root, List.of(), root.path(), root, List.of(), attrs, List.of(root.path())));
    }

    /** The child {@code name} of a folder, given the rules for that folder's entries. */
    Optional<Entry> child(Entry folder, Visibility.FolderRules rules, String name) {
        if (!FileUris.isSafeName(name)) {
            return Optional.empty();
        }
        Path path = folder.real().resolve(name);
        BasicFileAttributes attrs = attributes(path);
        if (attrs == null) {
            return Optional.empty();
        }
        List<String> rel = append(folder.rel(), name);
        if (!attrs.isSymbolicLink()) {
            if (!(attrs.isRegularFile() || attrs.isDirectory()) || !rules.visible(name, attrs.isDirectory())) {
                return Optional.empty();
            }
            List<Path> chain = attrs.isDirectory() ? append(folder.chain(), path) : folder.chain();
            return Optional.of(new Entry(
                    folder.root(), rel, path, folder.realRoot(), append(folder.realRel(), name), attrs, chain));
        }
        // Git stores a link as a file, so the link's own name is matched as a file.
        if (!followLinks || !rules.visible(name, false)) {
            return Optional.empty();
        }
        return followLink(folder, rel, path);
    }

    private Optional<Entry> followLink(Entry folder, List<String> rel, Path link) {
        Path target;
        try {
            target = link.toRealPath();
        } catch (IOException | SecurityException e) {
            return Optional.empty(); // dangling, a loop, or unreadable
        }
        Root targetRoot = null;
        for (Root root : roots) {
            if (target.startsWith(root.path())) {
                targetRoot = root;
                break;
            }
        }
        if (targetRoot == null) {
            return Optional.empty(); // the link leads out of every root
        }
        BasicFileAttributes attrs = attributes(target);
        if (attrs == null || !(attrs.isRegularFile() || attrs.isDirectory())) {
            return Optional.empty();
        }
        List<String> targetRel = new ArrayList<>();
        for (Path part : targetRoot.path().relativize(target)) {
            if (!part.toString().isEmpty()) {
                targetRel.add(part.toString());
            }
        }
        if (!visibility.visiblePath(targetRoot, targetRel, attrs.isDirectory())) {
            return Optional.empty(); // a link must not reveal what is hidden or ignored where it lies
        }
        List<Path> chain = folder.chain();
        if (attrs.isDirectory()) {
            for (Path walked : chain) {
                if (walked.startsWith(target)) {
                    return Optional.empty(); // back into the walk: a cycle
                }
            }
            chain = append(chain, target);
        }
        return Optional.of(new Entry(folder.root(), rel, target, targetRoot, targetRel, attrs, chain));
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> out = new ArrayList<>(list.size() + 1);
        out.addAll(list);
        out.add(item);
        return out;
    }
}
