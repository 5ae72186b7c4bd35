package dev.reservoir.provider.fs;

import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * A shown file or folder, found by walking from a root name by name.
 *
 * @param root the root its URI is under
 * @param rel the names below the root that make its URI (through links, as the client sees it)
 * @param real the real path: for logs, caches and cycle checks; it is opened only by walking
 *     {@code realRel} from {@code realRoot} one name at a time (see {@link PathResolver})
 * @param realRoot the root that holds {@code real} (another root when a link leads there)
 * @param realRel the names of {@code real} below {@code realRoot}, none of them a link
 * @param attrs the attributes of {@code real}, read once while resolving; what is opened later
 *     must have the same identity (file key)
 * @param device the device of a folder ({@link Mounts#device}), to notice mount points
 * @param chain the real paths of the folders walked through (itself included if a folder), which a
 *     link must not lead back into: that keeps the tree finite when links form a cycle
 */
record Entry(
        Root root,
        List<String> rel,
        Path real,
        Root realRoot,
        List<String> realRel,
        BasicFileAttributes attrs,
        long device,
        List<Path> chain) {

    Entry {
        rel = List.copyOf(rel);
        realRel = List.copyOf(realRel);
        chain = List.copyOf(chain);
    }

    boolean isDirectory() {
        return attrs.isDirectory();
    }

    /** Whether it is reached through a link (it is also listed where it really is). */
    boolean viaLink() {
        return root.index() != realRoot.index() || !rel.equals(realRel);
    }

    /** The entry's own name (the root's folder name for a root). */
    String name() {
        return rel.isEmpty() ? root.name() : rel.getLast();
    }

    String uri() {
        return FileUris.uri(root, rel);
    }

    /** The URI of where it really is (the same as {@link #uri()} unless reached through a link). */
    String realUri() {
        return FileUris.uri(realRoot, realRel);
    }
}
