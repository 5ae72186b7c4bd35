package dev.reservoir.provider.fs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * Pages through folders without holding them. The whole list is every root in order, each
 * depth-first with a folder before its entries and entries sorted by name, so its order is that
 * of the name paths; a page resumes after the path of the last entry returned. A page reads each
 * folder on that path once, keeping only the next few names (a bounded heap while streaming the
 * folder), so memory per page depends on the page size and the depth, never on the size of the
 * tree or of a folder. An entry that stays is neither repeated nor skipped while others come and
 * go between pages. Thread-safe.
 */
final class TreeLister {

    /** A page of entries and the position of the last one, or null when nothing follows. */
    record Slice(List<Entry> entries, String next) {}

    /** Names in order: completion values and the like. */
    record Names(List<Entry> entries, int total) {}

    private static final Comparator<Entry> BY_NAME = Comparator.comparing(Entry::name);

    private final PathResolver resolver;

    TreeLister(PathResolver resolver) {
        this.resolver = resolver;
    }

    /**
     * One page of the whole list after {@code cursor} (null for the start). The cursor is
     * {@code <root index>:<names below the root joined by '/'>}, the position of the last entry
     * returned (an empty path for the root folder itself).
     */
    Slice page(String cursor, int limit) {
        int rootIndex = 0;
        List<String> after = null; // null: this root's folder itself comes first
        if (cursor != null) {
            int colon = cursor.indexOf(':');
            try {
                rootIndex = Integer.parseInt(cursor.substring(0, Math.max(colon, 0)));
            } catch (NumberFormatException e) {
                throw badCursor(cursor);
            }
            after = splitPath(cursor.substring(colon + 1));
            if (rootIndex < 0 || rootIndex >= resolver.roots().size() || after == null) {
                throw badCursor(cursor);
            }
        }
        // One entry more than asked shows whether another page follows.
        Collector out = new Collector(limit + 1);
        for (int r = rootIndex; r < resolver.roots().size() && !out.full(); r++) {
            Optional<Entry> root = resolver.root(resolver.roots().get(r));
            if (root.isEmpty()) {
                continue;
            }
            if (r != rootIndex || after == null) {
                out.add(root.get());
                resume(root.get(), List.of(), out);
            } else {
                resume(root.get(), after, out);
            }
        }
        if (out.entries.size() <= limit) {
            return new Slice(out.entries, null);
        }
        List<Entry> page = out.entries.subList(0, limit);
        Entry last = page.getLast();
        return new Slice(page, last.root().index() + ":" + String.join("/", last.rel()));
    }

    /** The direct children of a folder after the name {@code cursor} (null for the start). */
    Slice children(Entry folder, String cursor, int limit) {
        if (cursor != null && !FileUris.isSafeName(cursor)) {
            throw badCursor(cursor);
        }
        List<Entry> entries = select(folder, cursor, limit + 1, null);
        if (entries.size() <= limit) {
            return new Slice(entries, null);
        }
        List<Entry> page = entries.subList(0, limit);
        return new Slice(page, page.getLast().name());
    }

    /** The first {@code max} shown entries of a folder whose names start with {@code prefix}, and how many there are. */
    Names startingWith(Entry folder, String prefix, int max) {
        int[] total = {0};
        List<Entry> entries = select(folder, null, max, name -> {
            if (name.startsWith(prefix)) {
                total[0]++;
                return true;
            }
            return false;
        });
        return new Names(entries, total[0]);
    }

    /** Adds the entries that follow {@code after} (names below {@code folder}) inside {@code folder}. */
    private void resume(Entry folder, List<String> after, Collector out) {
        Visibility.FolderRules rules = resolver.visibility().rulesFor(folder.realRoot(), folder.realRel());
        String last = null;
        if (!after.isEmpty()) {
            last = after.getFirst();
            // Whatever is below the entry we stopped in comes before its next sibling.
            Optional<Entry> stoppedIn = resolver.child(folder, rules, last);
            if (stoppedIn.isPresent() && stoppedIn.get().isDirectory()) {
                resume(stoppedIn.get(), after.subList(1, after.size()), out);
            }
        }
        while (!out.full()) {
            int wanted = out.room();
            List<Entry> batch = select(folder, rules, last, wanted, null);
            for (Entry entry : batch) {
                out.add(entry);
                if (entry.isDirectory() && !out.full()) {
                    resume(entry, List.of(), out);
                }
                if (out.full()) {
                    return;
                }
                last = entry.name();
            }
            if (batch.size() < wanted) {
                return; // the folder has nothing more
            }
        }
    }

    private List<Entry> select(Entry folder, String after, int count, NameFilter filter) {
        return select(
                folder, resolver.visibility().rulesFor(folder.realRoot(), folder.realRel()), after, count, filter);
    }

    /**
     * The {@code count} smallest shown entries of a folder whose names sort after {@code after},
     * in order, found in one pass over the folder with a heap of at most {@code count} entries.
     */
    private List<Entry> select(Entry folder, Visibility.FolderRules rules, String after, int count, NameFilter filter) {
        PriorityQueue<Entry> largestFirst = new PriorityQueue<>(Math.min(count, 1024) + 1, BY_NAME.reversed());
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder.real())) {
            for (Path path : stream) {
                String name = path.getFileName().toString();
                if (after != null && name.compareTo(after) <= 0) {
                    continue;
                }
                if (filter != null && !filter.accept(name)) {
                    continue;
                }
                // Cheap test first: a name that would not make the cut needs no file system call.
                if (largestFirst.size() == count
                        && name.compareTo(largestFirst.peek().name()) >= 0) {
                    continue;
                }
                Optional<Entry> entry = resolver.child(folder, rules, name);
                if (entry.isPresent()) {
                    largestFirst.add(entry.get());
                    if (largestFirst.size() > count) {
                        largestFirst.poll();
                    }
                }
            }
        } catch (IOException e) {
            if (!Files.isDirectory(folder.real())) {
                return List.of(); // removed while we looked: now it has no entries
            }
            throw new UncheckedIOException("could not list " + folder.real(), e);
        }
        List<Entry> sorted = new ArrayList<>(largestFirst);
        sorted.sort(BY_NAME);
        return sorted;
    }

    /** Names from a cursor's path, or null when one is not a name this provider writes. */
    private static List<String> splitPath(String path) {
        if (path.isEmpty()) {
            return List.of();
        }
        List<String> names = List.of(path.split("/", -1));
        return names.stream().allMatch(FileUris::isSafeName) ? names : null;
    }

    private static IllegalArgumentException badCursor(String cursor) {
        return new IllegalArgumentException("cursor '" + cursor + "' was not made by this provider; "
                + "pass the nextCursor of the previous page, or null for the first");
    }

    @FunctionalInterface
    private interface NameFilter {
        boolean accept(String name);
    }

    /** Entries gathered for one page, up to a fixed number. */
    private static final class Collector {
        private final int capacity;
        private final List<Entry> entries = new ArrayList<>();

        Collector(int capacity) {
            this.capacity = capacity;
        }

        void add(Entry entry) {
            entries.add(entry);
        }

        boolean full() {
            return entries.size() >= capacity;
        }

        int room() {
            return capacity - entries.size();
        }
    }
}
