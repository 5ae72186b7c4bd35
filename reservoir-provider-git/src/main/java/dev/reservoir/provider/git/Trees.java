package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;

/**
 * Finds and pages through the entries of trees, reading tree objects as it goes and holding only
 * the trees on the current path: memory depends on the page size, the depth and the largest single
 * folder, never on the size of the whole tree. Order is git's: entries by name, a folder's name
 * compared as if it ended in '/'. A depth-first walk in that order visits paths in the byte order of
 * their {@link TreeEntry#key() keys}, so a page resumes after the key of the last entry it returned,
 * and entries that stay are neither repeated nor skipped while others come and go between pages.
 * Thread-safe: each call uses its own reader.
 */
final class Trees {

    /** Entries in order, and whether more follow. */
    record Slice(List<TreeEntry> entries, boolean more) {}

    /** The first matching entries, and how many match in all. */
    record Matches(List<TreeEntry> entries, int total) {}

    private final Repository repository;
    private final TreeCache cache = new TreeCache(32L << 20);

    Trees(Repository repository) {
        this.repository = repository;
    }

    /** The entry at {@code path} below {@code root} (the root tree itself for an empty path). */
    Optional<TreeEntry> find(ObjectId root, byte[] path) {
        if (path.length == 0) {
            return Optional.of(new TreeEntry(path, FileMode.TREE, root));
        }
        try (ObjectReader reader = repository.newObjectReader()) {
            ObjectId tree = root;
            int start = 0;
            while (true) {
                int end = indexOf(path, start);
                byte[] name = Arrays.copyOfRange(path, start, end);
                CanonicalTreeParser parser = cache.parser(reader, tree);
                if (!seek(parser, name)) {
                    return Optional.empty();
                }
                FileMode mode = parser.getEntryFileMode();
                ObjectId id = parser.getEntryObjectId();
                if (end == path.length) {
                    return Optional.of(new TreeEntry(path, mode, id));
                }
                if (mode != FileMode.TREE) {
                    return Optional.empty();
                }
                tree = id;
                start = end + 1;
            }
        } catch (MissingObjectException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The direct children of a folder whose keys sort after {@code after} (a name, with '/' for a folder; null for the start). */
    Slice children(TreeEntry folder, byte[] after, int limit) {
        List<TreeEntry> out = new ArrayList<>();
        try (ObjectReader reader = repository.newObjectReader()) {
            CanonicalTreeParser parser = cache.parser(reader, folder.id());
            for (; !parser.eof(); parser.next(1)) {
                TreeEntry entry = entry(folder.path(), parser);
                if (after != null && compare(entry.nameKey(), after) <= 0) {
                    continue;
                }
                if (out.size() == limit) {
                    return new Slice(out, true);
                }
                out.add(entry);
            }
            return new Slice(out, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of a folder whose names start with {@code prefix}: the first {@code max}, and how many. */
    Matches startingWith(TreeEntry folder, byte[] prefix, int max) {
        List<TreeEntry> out = new ArrayList<>();
        int total = 0;
        try (ObjectReader reader = repository.newObjectReader()) {
            CanonicalTreeParser parser = cache.parser(reader, folder.id());
            for (; !parser.eof(); parser.next(1)) {
                if (parser.getNameLength() < prefix.length
                        || !Arrays.equals(
                                parser.getEntryPathBuffer(),
                                parser.getNameOffset(),
                                parser.getNameOffset() + prefix.length,
                                prefix,
                                0,
                                prefix.length)) {
                    continue;
                }
                total++;
                if (out.size() < max) {
                    out.add(entry(folder.path(), parser));
                }
            }
            return new Matches(out, total);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A page of the depth-first walk of a whole tree (a folder before its entries), after the entry
     * whose key is {@code after} (null for the start). The root itself is not part of the walk.
     */
    Slice walk(ObjectId root, byte[] after, int limit) {
        List<TreeEntry> out = new ArrayList<>(Math.min(limit, 1024) + 1);
        try (ObjectReader reader = repository.newObjectReader()) {
            walk(reader, root, new byte[0], after, limit + 1, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (out.size() <= limit) {
            return new Slice(out, false);
        }
        return new Slice(out.subList(0, limit), true);
    }

    /** Adds entries of {@code tree} (at {@code folder}) after {@code after} until {@code out} holds {@code capacity}. */
    private void walk(
            ObjectReader reader, ObjectId tree, byte[] folder, byte[] after, int capacity, List<TreeEntry> out)
            throws IOException {
        CanonicalTreeParser parser = cache.parser(reader, tree);
        for (; !parser.eof() && out.size() < capacity; parser.next(1)) {
            TreeEntry entry = entry(folder, parser);
            byte[] key = entry.key();
            if (after != null && compare(key, after) <= 0) {
                // Before the cursor: only a folder on the cursor's path has entries still to come.
                if (entry.isFolder() && startsWith(after, key)) {
                    walk(reader, entry.id(), entry.path(), after, capacity, out);
                }
                continue;
            }
            out.add(entry);
            if (entry.isFolder() && out.size() < capacity) {
                walk(reader, entry.id(), entry.path(), null, capacity, out);
            }
        }
    }

    private static TreeEntry entry(byte[] folder, CanonicalTreeParser parser) {
        int nameLength = parser.getNameLength();
        byte[] path;
        if (folder.length == 0) {
            path = Arrays.copyOfRange(
                    parser.getEntryPathBuffer(), parser.getNameOffset(), parser.getNameOffset() + nameLength);
        } else {
            path = new byte[folder.length + 1 + nameLength];
            System.arraycopy(folder, 0, path, 0, folder.length);
            path[folder.length] = '/';
            System.arraycopy(parser.getEntryPathBuffer(), parser.getNameOffset(), path, folder.length + 1, nameLength);
        }
        return new TreeEntry(path, parser.getEntryFileMode(), parser.getEntryObjectId());
    }

    /** Moves the parser to the entry with this name (file or folder); false when there is none. */
    private static boolean seek(CanonicalTreeParser parser, byte[] name) throws IOException {
        for (; !parser.eof(); parser.next(1)) {
            int offset = parser.getNameOffset();
            if (parser.getNameLength() == name.length
                    && Arrays.equals(parser.getEntryPathBuffer(), offset, offset + name.length, name, 0, name.length)) {
                return true;
            }
        }
        return false;
    }

    /** Unsigned byte order, as git sorts names. */
    static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] path, int from) {
        for (int i = from; i < path.length; i++) {
            if (path[i] == '/') {
                return i;
            }
        }
        return path.length;
    }
}
