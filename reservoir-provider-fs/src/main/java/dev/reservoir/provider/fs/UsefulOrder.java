package dev.reservoir.provider.fs;

import java.util.Locale;
import java.util.Set;

/**
 * The order of a folder's entries in a listing, most useful first: many hosts show only the first
 * page, so a folder's README comes before its thousandth log file. Within one folder, entries go
 * by rank, then by name: the rank depends only on the name and on whether the entry is a folder,
 * so a cursor that records both resumes at the same place whatever came or went in between.
 *
 * <ol start="0">
 *   <li>front documents: files named {@code README*} or {@code index.*};
 *   <li>other documents: {@code *.md}, {@code *.markdown}, {@code *.rst}, {@code *.adoc},
 *       {@code *.txt}, {@code LICENSE*}, {@code LICENCE*}, {@code CONTRIBUTING*},
 *       {@code CHANGELOG*};
 *   <li>every other file (so a folder's own files come before anything deeper);
 *   <li>folders named {@code docs}, {@code doc} or {@code documentation};
 *   <li>every other folder;
 *   <li>bulky or generated entries, files or folders: logs ({@code *.log}, {@code *.log.N}),
 *       {@code *.tmp}, {@code *.bak}, and folders such as {@code node_modules}, {@code target},
 *       {@code build}, {@code dist}, {@code logs}, {@code __pycache__}.
 * </ol>
 *
 * Names are compared case-insensitively for the rank only; within a rank the order is that of
 * the names ({@link String#compareTo}).
 */
final class UsefulOrder {

    /** The highest rank. */
    static final int LAST = 5;

    private static final Set<String> DOC_FOLDERS = Set.of("docs", "doc", "documentation");
    private static final Set<String> BULKY_FOLDERS =
            Set.of("node_modules", "target", "build", "dist", "logs", "log", "tmp", "__pycache__", "coverage");
    private static final String[] DOC_SUFFIXES = {".md", ".markdown", ".rst", ".adoc", ".txt"};
    private static final String[] DOC_PREFIXES = {"license", "licence", "contributing", "changelog"};

    private UsefulOrder() {}

    /** A place in one folder's order: the rank of an entry and its name. */
    record Key(int rank, String name) implements Comparable<Key> {

        @Override
        public int compareTo(Key other) {
            int byRank = Integer.compare(rank, other.rank);
            return byRank != 0 ? byRank : name.compareTo(other.name);
        }
    }

    /** The key of a shown entry, by its name and whether it is a folder. */
    static Key key(Entry entry) {
        return new Key(rank(entry.name(), entry.isDirectory()), entry.name());
    }

    /** The rank of a name for a file or a folder (see the class comment). */
    static int rank(String name, boolean folder) {
        return rankOfLower(name.toLowerCase(Locale.ROOT), folder);
    }

    /**
     * The smallest and largest keys a name can have before it is known whether it names a folder,
     * and its key as a file and as a folder: one look at the name gives all four, so a listing
     * that weighs a name several times (skip it? keep it? where in the page?) ranks it once.
     */
    record Span(Key file, Key folder) {
        Key lowest() {
            return file.rank <= folder.rank ? file : folder;
        }

        Key highest() {
            return file.rank >= folder.rank ? file : folder;
        }

        Key of(boolean isFolder) {
            return isFolder ? folder : file;
        }
    }

    /** The keys a name may have, as a file and as a folder. */
    static Span span(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return new Span(new Key(rankOfLower(lower, false), name), new Key(rankOfLower(lower, true), name));
    }

    private static int rankOfLower(String lower, boolean folder) {
        if (isBulky(lower, folder)) {
            return LAST;
        }
        if (folder) {
            return DOC_FOLDERS.contains(lower) ? 3 : 4;
        }
        if (lower.startsWith("readme") || lower.startsWith("index.")) {
            return 0;
        }
        for (String suffix : DOC_SUFFIXES) {
            if (lower.endsWith(suffix)) {
                return 1;
            }
        }
        for (String prefix : DOC_PREFIXES) {
            if (lower.startsWith(prefix)) {
                return 1;
            }
        }
        return 2;
    }

    private static boolean isBulky(String lower, boolean folder) {
        if (lower.endsWith(".log") || lower.endsWith(".tmp") || lower.endsWith(".bak")) {
            return true;
        }
        int log = lower.lastIndexOf(".log.");
        if (log > 0 && lower.substring(log + 5).chars().allMatch(Character::isDigit)) {
            return true; // a rotated log: app.log.1
        }
        return folder && BULKY_FOLDERS.contains(lower);
    }
}
