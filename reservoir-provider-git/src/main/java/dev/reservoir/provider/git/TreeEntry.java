package dev.reservoir.provider.git;

import java.nio.charset.StandardCharsets;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.util.RawParseUtils;

/**
 * One entry of a tree at a revision.
 *
 * @param path the path from the root tree (raw bytes, usually UTF-8); empty for the root tree itself
 * @param mode the git mode: tree, regular or executable file, symbolic link or gitlink (submodule)
 * @param id the object: a tree, a blob, or for a gitlink the submodule's commit
 */
record TreeEntry(byte[] path, FileMode mode, ObjectId id) {

    enum Kind {
        FOLDER,
        FILE,
        SYMLINK,
        SUBMODULE
    }

    Kind kind() {
        if (mode == FileMode.TREE) {
            return Kind.FOLDER;
        }
        if (mode == FileMode.SYMLINK) {
            return Kind.SYMLINK;
        }
        if (mode == FileMode.GITLINK) {
            return Kind.SUBMODULE;
        }
        return Kind.FILE;
    }

    boolean isFolder() {
        return mode == FileMode.TREE;
    }

    /** The last name of the path, as text (bytes that are not UTF-8 are decoded leniently). */
    String name() {
        return display(Names.last(path));
    }

    /** The path as text (bytes that are not UTF-8 are decoded leniently). */
    String pathString() {
        return display(path);
    }

    /** The key of this entry in the order of a depth-first walk: the path, with '/' after a folder's. */
    byte[] key() {
        if (!isFolder()) {
            return path;
        }
        byte[] key = java.util.Arrays.copyOf(path, path.length + 1);
        key[path.length] = '/';
        return key;
    }

    /** The key of this entry among its siblings: the name, with '/' after a folder's. */
    byte[] nameKey() {
        byte[] name = Names.last(path);
        if (!isFolder()) {
            return name;
        }
        byte[] key = java.util.Arrays.copyOf(name, name.length + 1);
        key[name.length] = '/';
        return key;
    }

    static String display(byte[] bytes) {
        String strict = GitUris.utf8(bytes);
        return strict != null ? strict : RawParseUtils.decode(StandardCharsets.UTF_8, bytes);
    }
}
