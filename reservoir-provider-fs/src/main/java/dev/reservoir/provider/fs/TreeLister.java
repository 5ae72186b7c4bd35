package dev.reservoir.provider.fs;

import dev.reservoir.server.spi.ProviderException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * Pages through folders without holding them. The whole list is every root in order, each
 * depth-first with a folder before its entries and each folder's entries most useful first
 * ({@link UsefulOrder}: by rank, then by name), so its order is that of the paths of keys; a page
 * resumes after the path of the last entry returned. A page reads each
 * folder on that path once, keeping only the next few names (a bounded heap while streaming the
 * folder), so memory per page depends on the page size and the depth, never on the size of the
 * tree or of a folder. An entry that stays is neither repeated nor skipped while others come and
 * go between pages. Folders are read through open handles ({@link DirHandle}); a folder that may
 * not be read, or an entry that cannot be named or examined, is skipped with one log line and the
 * listing goes on after it. A folder reached through a link is listed once, as itself, and not
 * entered (its entries are listed where they really are). Thread-safe.
 */
final class TreeLister {

    /** A page of entries and the position of the last one, or null when nothing follows. */
    record Slice(List<Entry> entries, String next) {}

    /** Names in order: completion values and the like. */
    record Names(List<Entry> entries, int total) {}

    private final PathResolver resolver;
    private final ContentTypes types;

    TreeLister(PathResolver resolver, ContentTypes types) {
        this.resolver = resolver;
        this.types = types;
    }

    /**
     * One page of the whole list after {@code cursor} (null for the start). The cursor is
     * {@code <root index>:<d or f>:<names below the root joined by '/'>}, the position of the last
     * entry returned (an empty path for the root folder itself) and whether it is a folder (the
     * folders above it are): with the names, that gives the key of each step of the path.
     */
    Slice page(String cursor, int limit) {
        int rootIndex = 0;
        List<UsefulOrder.Key> after = null; // null: this root's folder itself comes first
        if (cursor != null) {
            int colon = cursor.indexOf(':');
            try {
                rootIndex = Integer.parseInt(cursor.substring(0, Math.max(colon, 0)));
            } catch (NumberFormatException e) {
                throw badCursor(cursor);
            }
            after = keyPath(cursor.substring(colon + 1));
            if (rootIndex < 0 || rootIndex >= resolver.roots().size() || after == null) {
                throw badCursor(cursor);
            }
        }
        // One entry more than asked shows whether another page follows.
        Collector out = new Collector(limit + 1);
        for (int r = rootIndex; r < resolver.roots().size() && !out.full(); r++) {
            Root root = resolver.roots().get(r);
            try (PathResolver.Opened opened = resolver.openRoot(root)) {
                if (opened == null) {
                    continue; // moved away or removed: nothing to list until it is back
                }
                if (r != rootIndex || after == null) {
                    out.add(opened.entry());
                    resume(opened.handle(), opened.entry(), List.of(), out);
                } else {
                    resume(opened.handle(), opened.entry(), after, out);
                }
            } catch (AccessDeniedException e) {
                skipped(root.uri(), e);
            } catch (IOException e) {
                // the root could not be read part way (or closed): what was gathered is listed
            }
        }
        if (out.entries.size() <= limit) {
            return new Slice(out.entries, null);
        }
        List<Entry> page = out.entries.subList(0, limit);
        Entry last = page.getLast();
        return new Slice(page, last.root().index() + ":" + kind(last) + String.join("/", last.rel()));
    }

    /**
     * The direct children of a folder after the name {@code cursor} (null for the start); an
     * {@link ProviderException} (access denied) when the folder may not be read.
     */
    Slice children(Entry folder, String cursor, int limit) {
        UsefulOrder.Key after = null;
        if (cursor != null) {
            List<UsefulOrder.Key> path = keyPath(cursor);
            if (path == null || path.size() != 1) {
                throw badCursor(cursor);
            }
            after = path.getFirst();
        }
        List<Entry> entries = selectIn(folder, after, limit + 1, null, true, true);
        if (entries.size() <= limit) {
            return new Slice(entries, null);
        }
        List<Entry> page = entries.subList(0, limit);
        return new Slice(page, kind(page.getLast()) + page.getLast().name());
    }

    /** The first {@code max} shown entries of a folder whose names start with {@code prefix}, and how many there are. */
    Names startingWith(Entry folder, String prefix, int max) {
        int[] total = {0};
        List<Entry> entries = selectIn(
                folder,
                null,
                max,
                name -> {
                    if (name.startsWith(prefix)) {
                        total[0]++;
                        return true;
                    }
                    return false;
                },
                false,
                false);
        return new Names(entries, total[0]);
    }

    /** Opens a folder entry and selects in it; a folder that is gone or replaced has no entries. */
    private List<Entry> selectIn(
            Entry folder, UsefulOrder.Key after, int count, NameFilter filter, boolean denyLoudly, boolean classify) {
        try (DirHandle dir = resolver.open(folder)) {
            List<Entry> entries = select(dir, folder, rulesFor(folder), after, count, filter);
            if (classify) {
                classify(dir, folder, entries);
            }
            return entries;
        } catch (AccessDeniedException e) {
            if (denyLoudly) {
                throw ProviderException.denied(folder.uri());
            }
            return List.of();
        } catch (IOException e) {
            return List.of(); // removed or replaced while we looked: now it has no entries
        }
    }

    /**
     * Adds the entries that follow {@code after} (names below {@code folder}, open as {@code dir})
     * inside it. Folders reached through a link are listed but not entered: what they hold is
     * listed where it really is (inside a root, or the link would not be followed).
     */
    private void resume(DirHandle dir, Entry folder, List<UsefulOrder.Key> after, Collector out) throws IOException {
        Visibility.FolderRules rules = rulesFor(folder);
        UsefulOrder.Key last = null;
        if (!after.isEmpty()) {
            last = after.getFirst();
            // Whatever is below the entry we stopped in comes before its next sibling.
            Optional<Entry> stoppedIn = childOrEmpty(dir, folder, rules, last.name());
            if (stoppedIn.isPresent()
                    && UsefulOrder.key(stoppedIn.get()).equals(last)
                    && stoppedIn.get().isDirectory()
                    && !stoppedIn.get().viaLink()) {
                descend(dir, stoppedIn.get(), after.subList(1, after.size()), out);
            }
        }
        while (!out.full()) {
            int wanted = out.room();
            List<Entry> batch = select(dir, folder, rules, last, wanted, null);
            classify(dir, folder, batch);
            for (Entry entry : batch) {
                out.add(entry);
                if (entry.isDirectory() && !entry.viaLink() && !out.full()) {
                    descend(dir, entry, List.of(), out);
                }
                if (out.full()) {
                    return;
                }
                last = UsefulOrder.key(entry);
            }
            if (batch.size() < wanted) {
                return; // the folder has nothing more
            }
        }
    }

    /**
     * Finds what the files of a page hold while their folder is open (the types are cached, and
     * describing the page then finds them there): reading each through its open folder costs one
     * open, walking to it from the root one per folder on the way.
     */
    private void classify(DirHandle dir, Entry folder, List<Entry> entries) {
        for (Entry entry : entries) {
            if (entry.attrs().isRegularFile() && PathResolver.isPlainChild(folder, entry)) {
                types.info(entry, dir);
            }
        }
    }

    /** Lists inside a subfolder; one that may not be read is skipped (and logged once), not fatal. */
    private void descend(DirHandle dir, Entry folder, List<UsefulOrder.Key> after, Collector out) {
        try (DirHandle sub = resolver.openChild(dir, folder)) {
            resume(sub, folder, after, out);
        } catch (AccessDeniedException e) {
            skipped(folder.uri(), e);
        } catch (IOException e) {
            // gone or replaced since it was listed: nothing below it to list now
        }
    }

    private Optional<Entry> childOrEmpty(DirHandle dir, Entry folder, Visibility.FolderRules rules, String name) {
        try {
            return resolver.child(dir, folder, rules, name);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The {@code count} first shown entries of a folder after {@code after} (null for the start),
     * in order, found in one pass over the folder with a heap of at most {@code count} entries:
     * most useful first, or by name alone when a {@code filter} picks names (completion). An
     * entry that cannot be named or examined is skipped, with one log line per entry.
     */
    private List<Entry> select(
            DirHandle dir,
            Entry folder,
            Visibility.FolderRules rules,
            UsefulOrder.Key after,
            int count,
            NameFilter filter)
            throws IOException {
        // Each name is ranked once (its keys as a file and as a folder), and each entry carries
        // its key into the heap: comparing keys then costs no look at the names' letters.
        Comparator<Ranked> order = filter == null ? Ranked.USEFUL : Ranked.BY_NAME;
        PriorityQueue<Ranked> largestFirst = new PriorityQueue<>(Math.min(count, 1024) + 1, order.reversed());
        try (DirectoryStream<Path> stream = dir.entries()) {
            for (Path path : stream) {
                String name = nameOf(folder, path);
                if (name == null || (filter != null && !filter.accept(name))) {
                    continue;
                }
                UsefulOrder.Span span = UsefulOrder.span(name);
                if (after != null && span.highest().compareTo(after) <= 0) {
                    continue;
                }
                // Cheap test first: a name that would not make the cut needs no file system call.
                if (largestFirst.size() == count && !mayPrecede(span, largestFirst.peek(), filter == null)) {
                    continue;
                }
                Optional<Entry> entry;
                try {
                    entry = resolver.child(dir, folder, rules, name);
                } catch (IOException e) {
                    skipped(FileUris.uri(folder.root(), append(folder.rel(), name)), e);
                    continue;
                }
                if (entry.isEmpty()) {
                    continue;
                }
                UsefulOrder.Key key = span.of(entry.get().isDirectory());
                if (after == null || key.compareTo(after) > 0) {
                    largestFirst.add(new Ranked(key, entry.get()));
                    if (largestFirst.size() > count) {
                        largestFirst.poll();
                    }
                }
            }
        } catch (DirectoryIteratorException e) {
            // Reading the folder failed part way: what was read is listed.
            skipped(folder.uri(), e.getCause());
        }
        List<Ranked> sorted = new ArrayList<>(largestFirst);
        sorted.sort(order);
        List<Entry> entries = new ArrayList<>(sorted.size());
        sorted.forEach(r -> entries.add(r.entry()));
        return entries;
    }

    /** An entry with its place in its folder's order, worked out once. */
    private record Ranked(UsefulOrder.Key key, Entry entry) {
        static final Comparator<Ranked> USEFUL = (a, b) -> a.key.compareTo(b.key);
        static final Comparator<Ranked> BY_NAME = (a, b) -> a.key.name().compareTo(b.key.name());
    }

    /** Whether an entry of this name, file or folder, could come before {@code ranked}. */
    private static boolean mayPrecede(UsefulOrder.Span span, Ranked ranked, boolean useful) {
        return useful
                ? span.lowest().compareTo(ranked.key()) < 0
                : span.file().name().compareTo(ranked.key().name()) < 0;
    }

    /** How a cursor marks whether its last entry is a folder. */
    private static String kind(Entry entry) {
        return entry.isDirectory() ? "d:" : "f:";
    }

    /** The name of an entry as a URI can carry it, or null (logged once) when none can. */
    private String nameOf(Entry folder, Path path) {
        String name = FileNames.name(path);
        String problem = name == null
                ? "its name is not valid UTF-8"
                : FileUris.isSafeName(name) ? null : "its name holds a control character, slash or backslash";
        if (problem == null) {
            return name;
        }
        resolver.skipped()
                .warn(
                        "name " + path,
                        "Skipping {}: {}, so no file: URI can name it",
                        FileNames.show(folder.real().resolve(path.getFileName())),
                        problem);
        return null;
    }

    private void skipped(String uri, IOException e) {
        String why = e instanceof AccessDeniedException ? "permission denied" : e.toString();
        resolver.skipped().warn("skip " + uri, "Skipping {} while listing: {}", uri, why);
    }

    private Visibility.FolderRules rulesFor(Entry folder) {
        return resolver.visibility().rulesFor(folder.realRoot(), folder.realRel());
    }

    private static List<String> append(List<String> list, String name) {
        List<String> out = new ArrayList<>(list);
        out.add(name);
        return out;
    }

    /**
     * The keys of a cursor's path ({@code d:} or {@code f:} then names joined by '/'): every name
     * but the last is a folder. Null when it is not a path this provider writes.
     */
    private static List<UsefulOrder.Key> keyPath(String cursor) {
        if (!cursor.startsWith("d:") && !cursor.startsWith("f:")) {
            return null;
        }
        boolean lastIsFolder = cursor.charAt(0) == 'd';
        String path = cursor.substring(2);
        if (path.isEmpty()) {
            return List.of();
        }
        List<String> names = List.of(path.split("/", -1));
        if (!names.stream().allMatch(FileUris::isSafeName)) {
            return null;
        }
        List<UsefulOrder.Key> keys = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            boolean folder = i < names.size() - 1 || lastIsFolder;
            keys.add(new UsefulOrder.Key(UsefulOrder.rank(names.get(i), folder), names.get(i)));
        }
        return keys;
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
