package dev.reservoir.core.uri;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A template compiled for matching: a small backtracking program that marks each (split, position) it
 * has tried, so a match costs at most splits × length steps and can never backtrack catastrophically (the
 * technique of RE2's "bit state" engine). Immutable and thread-safe; each run allocates its own state.
 */
final class MatchProgram {

    /** One instruction; jump targets are program counters. */
    sealed interface Insn {
        /** Match this text exactly. */
        record Lit(String text) implements Insn {}

        /** Match one character of the class, or one %XX triplet. */
        record Unit(ValueClass valueClass) implements Insn {}

        /** Try {@code preferred} first, then {@code other}; {@code memo} numbers the split for the visited set. */
        record Split(int preferred, int other, int memo) implements Insn {}

        record Jump(int target) implements Insn {}

        /** Start a capture for {@code slot} at the current position. */
        record Open(int slot) implements Insn {}

        /** End the capture for {@code slot}, recording the text since its {@link Open}. */
        record Close(int slot) implements Insn {}
    }

    /** The characters a variable value may contain in the URI, besides %XX triplets. */
    enum ValueClass {
        /** What RFC 6570 leaves unencoded for most operators. */
        UNRESERVED("", true),
        /** Unreserved minus '.', which separates values of the label operator. */
        LABEL("", false),
        /** {@code +} and {@code #} values; never '#', which a URI only uses to start its fragment. */
        RESERVED(":/?[]@!$&'()*+,;=", true),
        /** A reserved value that a query follows in the template, so a '?' there must start that query. */
        RESERVED_BEFORE_QUERY(":/[]@!$&'()*+,;=", true);

        private final boolean[] allowed = new boolean[128];

        ValueClass(String extra, boolean dot) {
            for (int c = 0; c < 128; c++) {
                allowed[c] = UriChars.isUnreserved(c) || extra.indexOf(c) >= 0;
            }
            allowed['.'] = dot;
        }

        /** Returns the index after one unit of this class at {@code i}, or -1 if there is none. */
        int step(String s, int i) {
            if (i >= s.length()) {
                return -1;
            }
            char c = s.charAt(i);
            if (c == '%') {
                return UriChars.isPctEncoded(s, i) ? i + 3 : -1;
            }
            return c < 128 && allowed[c] ? i + 1 : -1;
        }
    }

    private final Insn[] program;
    private final int splitCount;
    private final int slotCount;

    MatchProgram(List<Insn> program, int splitCount, int slotCount) {
        this.program = program.toArray(Insn[]::new);
        this.splitCount = splitCount;
        this.slotCount = slotCount;
    }

    int slotCount() {
        return slotCount;
    }

    /**
     * Matches the whole of {@code input} and returns, per slot, the captured raw texts in URI order, or null
     * when the input does not match. Preferences at each split make the result deterministic.
     */
    List<List<String>> run(String input) {
        int n = input.length();
        long[] visited = new long[(int) (((long) splitCount * (n + 1) + 63) >>> 6)];
        IntStack jobs = new IntStack(); // triples: pc, position, capture-log length
        IntStack log = new IntStack(); // pairs: slot * 2 (+1 for a close), position
        jobs.push(0, 0, 0);
        while (!jobs.isEmpty()) {
            int logSize = jobs.pop();
            int pos = jobs.pop();
            int pc = jobs.pop();
            log.truncate(logSize);
            if (follow(input, pc, pos, visited, jobs, log)) {
                return captures(input, log);
            }
        }
        return null;
    }

    /** Runs one thread of the program until it matches (true) or fails; pushes alternatives onto jobs. */
    private boolean follow(String input, int pc, int pos, long[] visited, IntStack jobs, IntStack log) {
        int n = input.length();
        while (pc < program.length) {
            // An if chain, not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            Insn insn = program[pc];
            if (insn instanceof Insn.Lit lit) {
                if (!input.startsWith(lit.text(), pos)) {
                    return false;
                }
                pos += lit.text().length();
                pc++;
            } else if (insn instanceof Insn.Unit unit) {
                pos = unit.valueClass().step(input, pos);
                if (pos < 0) {
                    return false;
                }
                pc++;
            } else if (insn instanceof Insn.Split split) {
                long bit = (long) split.memo() * (n + 1) + pos;
                int word = (int) (bit >>> 6);
                long mask = 1L << (bit & 63);
                if ((visited[word] & mask) != 0) {
                    return false; // tried before from here: it failed then, so it fails now
                }
                visited[word] |= mask;
                jobs.push(split.other(), pos, log.size());
                pc = split.preferred();
            } else if (insn instanceof Insn.Jump jump) {
                pc = jump.target();
            } else if (insn instanceof Insn.Open open) {
                log.push(open.slot() * 2, pos);
                pc++;
            } else if (insn instanceof Insn.Close close) {
                log.push(close.slot() * 2 + 1, pos);
                pc++;
            } else {
                throw new IllegalStateException("unknown instruction " + insn);
            }
        }
        return pos == n;
    }

    private List<List<String>> captures(String input, IntStack log) {
        List<List<String>> captures = new ArrayList<>(slotCount);
        for (int s = 0; s < slotCount; s++) {
            captures.add(new ArrayList<>(1));
        }
        int[] start = new int[slotCount];
        for (int i = 0; i < log.size(); i += 2) {
            int event = log.get(i);
            int pos = log.get(i + 1);
            if ((event & 1) == 0) {
                start[event >> 1] = pos;
            } else {
                captures.get(event >> 1).add(input.substring(start[event >> 1], pos));
            }
        }
        return captures;
    }

    /** A growable int stack; avoids boxing on the hot path. */
    private static final class IntStack {
        private int[] values = new int[48];
        private int size;

        void push(int a, int b) {
            ensure(2);
            values[size++] = a;
            values[size++] = b;
        }

        void push(int a, int b, int c) {
            ensure(3);
            values[size++] = a;
            values[size++] = b;
            values[size++] = c;
        }

        int pop() {
            return values[--size];
        }

        int get(int i) {
            return values[i];
        }

        int size() {
            return size;
        }

        boolean isEmpty() {
            return size == 0;
        }

        void truncate(int newSize) {
            size = newSize;
        }

        private void ensure(int extra) {
            if (size + extra > values.length) {
                values = Arrays.copyOf(values, Math.max(values.length * 2, size + extra));
            }
        }
    }
}
