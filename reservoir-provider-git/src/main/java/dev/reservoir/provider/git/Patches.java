package dev.reservoir.provider.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.patch.FileHeader;
import org.eclipse.jgit.treewalk.AbstractTreeIterator;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import org.eclipse.jgit.util.QuotedString;

/**
 * Changes between two trees as git prints them: {@code --name-status} lines and a patch in the
 * format of {@code git diff} (Myers diff, renames detected, three lines of context, hunk headers
 * with git's default function context, "Binary files a/X and b/Y differ"). The formatter is given
 * an object reader and a fresh configuration, never the repository, so that no attribute, filter
 * or diff driver of the repository is ever consulted. Not thread-safe (one per use).
 */
final class Patches implements AutoCloseable {

    /** Thrown when the output grows past its limit. */
    static final class TooLarge extends IOException {
        TooLarge(long limit) {
            super("more than " + limit + " bytes");
        }
    }

    private final GitFormatter formatter;
    private final Bounded out;

    /** A patch writer reading objects with {@code reader}, failing once it wrote more than {@code limit} bytes. */
    Patches(ObjectReader reader, byte[] path, long limit) {
        this.out = new Bounded(limit);
        this.formatter = new GitFormatter(out);
        formatter.setReader(reader, new Config());
        formatter.setDiffAlgorithm(DiffAlgorithm.getAlgorithm(DiffAlgorithm.SupportedAlgorithm.MYERS));
        formatter.setDetectRenames(true);
        formatter.setContext(3);
        formatter.setAbbreviationLength(7);
        String text = path == null ? null : GitUris.utf8(path);
        formatter.setPathFilter(text == null || text.isEmpty() ? TreeFilter.ALL : PathFilter.create(text));
    }

    /** Limits the changes to the paths a filter accepts. */
    void filter(TreeFilter filter) {
        formatter.setPathFilter(filter);
    }

    /** The changes from {@code oldTree} to {@code newTree} (either may be an empty tree iterator). */
    List<DiffEntry> scan(AbstractTreeIterator oldTree, AbstractTreeIterator newTree) throws IOException {
        return formatter.scan(oldTree, newTree);
    }

    /** The changes between two trees given by id (null for the empty tree). */
    List<DiffEntry> scan(org.eclipse.jgit.lib.AnyObjectId oldTree, org.eclipse.jgit.lib.AnyObjectId newTree)
            throws IOException {
        return formatter.scan(oldTree, newTree);
    }

    /** The patch of these changes. */
    byte[] patch(List<DiffEntry> entries) throws IOException {
        out.reset();
        for (DiffEntry entry : entries) {
            formatter.format(entry);
        }
        formatter.flush();
        return out.toByteArray();
    }

    /** {@code git diff --name-status} lines: {@code M\tpath}, {@code R100\told\tnew}, ... */
    static String nameStatus(List<DiffEntry> entries) {
        StringBuilder out = new StringBuilder();
        for (DiffEntry entry : entries) {
            switch (entry.getChangeType()) {
                case ADD -> out.append('A').append('\t').append(quote(entry.getNewPath()));
                case DELETE -> out.append('D').append('\t').append(quote(entry.getOldPath()));
                case MODIFY ->
                    out.append(typeChanged(entry) ? 'T' : 'M').append('\t').append(quote(entry.getNewPath()));
                case RENAME, COPY ->
                    out.append(entry.getChangeType() == DiffEntry.ChangeType.RENAME ? 'R' : 'C')
                            .append(String.format("%03d", entry.getScore()))
                            .append('\t')
                            .append(quote(entry.getOldPath()))
                            .append('\t')
                            .append(quote(entry.getNewPath()));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static boolean typeChanged(DiffEntry entry) {
        return entry.getOldMode().getObjectType() != entry.getNewMode().getObjectType()
                || (entry.getOldMode() == FileMode.SYMLINK) != (entry.getNewMode() == FileMode.SYMLINK);
    }

    static String quote(String path) {
        return QuotedString.GIT_PATH.quote(path);
    }

    @Override
    public void close() {
        formatter.close();
    }

    /** DiffFormatter with git's hunk headers and binary notice. */
    private static final class GitFormatter extends DiffFormatter {
        private final Bounded sink;
        private RawText old;
        private int previousStart = -1;
        private DiffEntry current;

        GitFormatter(Bounded sink) {
            super(sink);
            this.sink = sink;
        }

        @Override
        public void format(DiffEntry entry) throws IOException {
            current = entry;
            int start = sink.size();
            super.format(entry);
            sink.fixBinaryNotice(start, entry);
            sink.tabAfterNamesWithSpaces(start);
        }

        @Override
        public void format(FileHeader head, RawText a, RawText b) throws IOException {
            old = a;
            previousStart = -1;
            super.format(head, a, b);
        }

        /**
         * git's default function context: the nearest line before the hunk, but after the start of the
         * previous hunk, in the old text that starts with a letter, '_' or '$', without trailing
         * white space, at most 80 bytes (xdiff's get_func_line and def_ff).
         */
        @Override
        protected void writeHunkHeader(int aStartLine, int aEndLine, int bStartLine, int bEndLine) throws IOException {
            OutputStream o = getOutputStream();
            o.write('@');
            o.write('@');
            writeRange('-', aStartLine + 1, aEndLine - aStartLine);
            writeRange('+', bStartLine + 1, bEndLine - bStartLine);
            o.write(' ');
            o.write('@');
            o.write('@');
            byte[] function = functionLine(aStartLine - 1, previousStart);
            previousStart = aStartLine - 1;
            if (function != null) {
                o.write(' ');
                o.write(function);
            }
            o.write('\n');
        }

        private byte[] functionLine(int start, int limit) {
            if (old == null || current == null || current.getChangeType() == DiffEntry.ChangeType.ADD) {
                return null;
            }
            for (int line = start; line > limit && line >= 0 && line < old.size(); line--) {
                String text = old.getString(line);
                if (text.isEmpty()) {
                    continue;
                }
                char c = text.charAt(0);
                if (Character.isLetter(c) && c < 0x80 || c == '_' || c == '$') {
                    byte[] bytes = rawLine(line);
                    int end = bytes.length;
                    while (end > 0
                            && (bytes[end - 1] == ' '
                                    || bytes[end - 1] == '\t'
                                    || bytes[end - 1] == '\r'
                                    || bytes[end - 1] == '\n'
                                    || bytes[end - 1] == 0x0b
                                    || bytes[end - 1] == '\f')) {
                        end--;
                    }
                    return java.util.Arrays.copyOf(bytes, Math.min(end, 80));
                }
            }
            return null;
        }

        private byte[] rawLine(int line) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try {
                old.writeLine(bytes, line);
            } catch (IOException e) {
                throw new IllegalStateException(e); // not reached: in memory
            }
            return bytes.toByteArray();
        }

        private void writeRange(char prefix, int begin, int count) throws IOException {
            OutputStream o = getOutputStream();
            o.write(' ');
            o.write(prefix);
            switch (count) {
                case 0 -> o.write((begin - 1 + ",0").getBytes(StandardCharsets.US_ASCII));
                case 1 -> o.write(String.valueOf(begin).getBytes(StandardCharsets.US_ASCII));
                default -> o.write((begin + "," + count).getBytes(StandardCharsets.US_ASCII));
            }
        }
    }

    /** A byte buffer that refuses to grow past a limit. */
    private static final class Bounded extends ByteArrayOutputStream {
        private static final byte[] JGIT_BINARY = "Binary files differ\n".getBytes(StandardCharsets.US_ASCII);
        private final long limit;

        Bounded(long limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) {
            check(1);
            super.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            check(len);
            super.write(b, off, len);
        }

        private void check(int more) {
            if (count + (long) more > limit) {
                throw new java.io.UncheckedIOException(new TooLarge(limit));
            }
        }

        /**
         * Replaces JGit's "--- a/X", "+++ b/X" and "Binary files differ" lines after {@code start} with
         * git's one line naming both sides.
         */
        void fixBinaryNotice(int start, DiffEntry entry) {
            int at = count - JGIT_BINARY.length;
            if (at < start || !java.util.Arrays.equals(buf, at, count, JGIT_BINARY, 0, JGIT_BINARY.length)) {
                return;
            }
            int plus = lineBefore(at, start);
            int minus = plus < 0 ? -1 : lineBefore(plus, start);
            if (minus >= 0 && startsWith(minus, "--- ") && startsWith(plus, "+++ ")) {
                at = minus;
            }
            if (entry.getOldId().equals(entry.getNewId())) {
                count = at;
                return; // a pure rename or mode change: git says nothing about the content
            }
            String a =
                    entry.getChangeType() == DiffEntry.ChangeType.ADD ? "/dev/null" : quote("a/" + entry.getOldPath());
            String b = entry.getChangeType() == DiffEntry.ChangeType.DELETE
                    ? "/dev/null"
                    : quote("b/" + entry.getNewPath());
            count = at;
            byte[] line = ("Binary files " + a + " and " + b + " differ\n").getBytes(StandardCharsets.UTF_8);
            write(line, 0, line.length);
        }

        /**
         * Ends the "--- X" and "+++ X" lines of the entry written after {@code start} with a tab when
         * X holds a space, as git does (diff.c) so that patch tools see where the name ends; JGit
         * does not. Those lines are in the header, before the first hunk's "@@".
         */
        void tabAfterNamesWithSpaces(int start) {
            List<Integer> ends = new ArrayList<>();
            for (int at = start; at < count && !startsWith(at, "@@ "); at = lineEnd(at) + 1) {
                int end = lineEnd(at);
                if ((startsWith(at, "--- ") || startsWith(at, "+++ "))
                        && indexOf(' ', at + 4, end) >= 0
                        && end < count) {
                    ends.add(end);
                }
            }
            if (ends.isEmpty()) {
                return;
            }
            byte[] rest = java.util.Arrays.copyOfRange(buf, ends.getFirst(), count);
            int from = ends.getFirst();
            count = from;
            int copied = 0;
            for (int end : ends) {
                write(rest, copied, end - from - copied);
                write('\t');
                copied = end - from;
            }
            write(rest, copied, rest.length - copied);
        }

        /** The index of the '\n' ending the line at {@code at}, or {@code count} when there is none. */
        private int lineEnd(int at) {
            int i = indexOf('\n', at, count);
            return i < 0 ? count : i;
        }

        private int indexOf(char c, int from, int to) {
            for (int i = from; i < to; i++) {
                if (buf[i] == c) {
                    return i;
                }
            }
            return -1;
        }

        /** The start of the line that ends just before {@code end}, or -1 before {@code floor}. */
        private int lineBefore(int end, int floor) {
            int i = end - 2;
            while (i >= floor && buf[i] != '\n') {
                i--;
            }
            return i + 1 < floor ? -1 : i + 1;
        }

        private boolean startsWith(int at, String prefix) {
            byte[] bytes = prefix.getBytes(StandardCharsets.US_ASCII);
            return at + bytes.length <= count
                    && java.util.Arrays.equals(buf, at, at + bytes.length, bytes, 0, bytes.length);
        }
    }
}
