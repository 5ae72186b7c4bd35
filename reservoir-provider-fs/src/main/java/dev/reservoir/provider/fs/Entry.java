package dev.reservoir.provider.fs;

import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * A shown file or folder, found by walking from a root name by name.
 *
 * @param root the root its URI is under
 * @param rel the names below the root that make its URI (through links, as the client sees it)
 * @param real the real path to open: inside a root, reached without following any link left unchecked
 * @param realRoot the root that holds {@code real} (another root when a link leads there)
 * @param realRel the names of {@code real} below {@code realRoot}, for ignore rules and events
 * @param attrs the attributes of {@code real}, read once while resolving
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
        List<Path> chain) {

    Entry {
        rel = List.copyOf(rel);
        realRel = List.copyOf(realRel);
        chain = List.copyOf(chain);
    }

    boolean isDirectory() {
        return attrs.isDirectory();
    }

    /** The entry's own name (the root's folder name for a root). */
    String name() {
        return rel.isEmpty() ? root.name() : rel.getLast();
    }

    String uri() {
        return FileUris.uri(root, rel);
    }
}
