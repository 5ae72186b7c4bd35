package dev.reservoir.core.uri;

import dev.reservoir.core.uri.MatchProgram.Insn;
import dev.reservoir.core.uri.MatchProgram.ValueClass;
import dev.reservoir.core.uri.Part.Expression;
import dev.reservoir.core.uri.Part.Literal;
import dev.reservoir.core.uri.Part.VarSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles a parsed template (levels 1-3 plus explode) into a {@link MatchProgram}; one instance per
 * compilation, not thread-safe.
 *
 * <p>The program encodes these choices, so a match is deterministic: values are as short as lets the rest
 * match; optional parts (a later variable of an expression, another exploded item, an operator's expression
 * that expansion would omit) are taken whenever the rest still matches; a simple or reserved expression
 * needs a non-empty first value; query parameters come in any order, each at most once unless exploded.
 */
final class MatchCompiler {

    /** What a capture slot stands for: one variable occurrence in the template. */
    record Slot(String name, boolean explode, boolean reserved) {}

    /** The compiled program and its slots, indexed as the program's captures are. */
    record Compiled(MatchProgram program, List<Slot> slots) {}

    private record PendingSplit(int preferredLabel, int otherLabel, int memo) {}

    private record PendingJump(int label) {}

    private final List<Object> code = new ArrayList<>();
    private final List<Integer> labels = new ArrayList<>();
    private final List<Slot> slots = new ArrayList<>();
    private int splits;

    private MatchCompiler() {}

    static Compiled compile(List<Part> parts) {
        MatchCompiler compiler = new MatchCompiler();
        boolean[] queryFollows = queryFollows(parts);
        int p = 0;
        while (p < parts.size()) {
            // An if chain, not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            Part part = parts.get(p);
            if (part instanceof Literal literal) {
                compiler.lit(literal.encoded());
                p++;
            } else if (part instanceof Expression e && e.operator().isQuery()) {
                p = compiler.queryGroup(parts, p);
            } else if (part instanceof Expression e && e.operator().named) {
                compiler.pathParameters(e);
                p++;
            } else if (part instanceof Expression e) {
                compiler.unnamed(e, queryFollows[p]);
                p++;
            } else {
                throw new IllegalStateException("unknown part " + part);
            }
        }
        return new Compiled(
                new MatchProgram(compiler.resolve(), compiler.splits, compiler.slots.size()), compiler.slots);
    }

    /** For each part, whether a later part starts a query (a literal '?' or a {@code {?...}} expression). */
    private static boolean[] queryFollows(List<Part> parts) {
        boolean[] follows = new boolean[parts.size()];
        boolean seen = false;
        for (int p = parts.size() - 1; p >= 0; p--) {
            follows[p] = seen;
            Part part = parts.get(p); // not a pattern switch, as in compile
            seen |= part instanceof Literal literal
                    ? literal.encoded().indexOf('?') >= 0
                    : ((Expression) part).operator() == Operator.QUERY;
        }
        return follows;
    }

    /** None, {@code +}, {@code #}, {@code .}, {@code /}: values joined by the separator, later ones optional. */
    private void unnamed(Expression expression, boolean queryFollows) {
        Operator op = expression.operator();
        ValueClass valueClass =
                switch (op) {
                    case RESERVED -> queryFollows ? ValueClass.RESERVED_BEFORE_QUERY : ValueClass.RESERVED;
                    case FRAGMENT -> ValueClass.RESERVED;
                    case LABEL -> ValueClass.LABEL;
                    default -> ValueClass.UNRESERVED;
                };
        int end = label();
        boolean marked = !op.first.isEmpty(); // '.', '/', '#' announce the expression, so it may be absent
        if (marked) {
            optionalThen(end);
            lit(op.first);
        }
        List<VarSpec> variables = expression.variables();
        for (int i = 0; i < variables.size(); i++) {
            VarSpec spec = variables.get(i);
            int slot = slot(spec, op);
            if (i > 0) {
                optionalThen(end); // expansion omits undefined variables, so the rest may be missing
                lit(op.separator);
            }
            capture(slot, valueClass, i == 0 && !marked);
            if (spec.explode()) {
                int loop = label();
                int exit = label();
                bind(loop);
                optionalThen(exit);
                lit(op.separator);
                capture(slot, valueClass, false);
                jump(loop);
                bind(exit);
            }
        }
        bind(end);
    }

    /** {@code ;}: each variable optional, in template order, as ";name=value" or ";name" for empty. */
    private void pathParameters(Expression expression) {
        for (VarSpec spec : expression.variables()) {
            int slot = slot(spec, expression.operator());
            int skip = label();
            int loop = label();
            bind(loop);
            optionalThen(skip);
            lit(";" + spec.name());
            valueOrBare(slot, true);
            if (spec.explode()) {
                jump(loop);
            }
            bind(skip);
        }
    }

    /**
     * {@code ?} and the {@code &} expressions right after it: one optional group of "name=value" parameters
     * in any order, so {@code {?a,b}{&c}} also matches "?c=1&a=2". Returns the index of the next part.
     */
    private int queryGroup(List<Part> parts, int start) {
        Expression first = (Expression) parts.get(start);
        List<VarSpec> params = new ArrayList<>(first.variables());
        List<Integer> paramSlots = new ArrayList<>();
        first.variables().forEach(spec -> paramSlots.add(slot(spec, first.operator())));
        int next = start + 1;
        while (next < parts.size()
                && parts.get(next) instanceof Expression e
                && e.operator() == Operator.QUERY_CONTINUATION) {
            params.addAll(e.variables());
            e.variables().forEach(spec -> paramSlots.add(slot(spec, e.operator())));
            next++;
        }
        int end = label();
        int param = label();
        int more = label();
        optionalThen(end);
        lit(first.operator().first);
        bind(param);
        for (int k = 0; k < params.size(); k++) {
            int nextAlternative = label();
            if (k < params.size() - 1) {
                optionalThen(nextAlternative);
            }
            lit(params.get(k).name());
            valueOrBare(paramSlots.get(k), false);
            jump(more);
            bind(nextAlternative);
        }
        bind(more);
        optionalThen(end);
        lit("&");
        jump(param);
        bind(end);
        return next;
    }

    /** "=value" (non-empty if {@code nonEmpty}) or nothing, which captures the empty value. */
    private void valueOrBare(int slot, boolean nonEmpty) {
        int bare = label();
        int done = label();
        optionalThen(bare);
        lit("=");
        capture(slot, ValueClass.UNRESERVED, nonEmpty);
        jump(done);
        bind(bare);
        code.add(new Insn.Open(slot));
        code.add(new Insn.Close(slot));
        bind(done);
    }

    /** Captures a value into {@code slot}, shortest first. */
    private void capture(int slot, ValueClass valueClass, boolean nonEmpty) {
        code.add(new Insn.Open(slot));
        if (nonEmpty) {
            code.add(new Insn.Unit(valueClass));
        }
        int loop = label();
        int more = label();
        int done = label();
        bind(loop);
        split(done, more); // prefer stopping: the shortest value that lets the rest match
        bind(more);
        code.add(new Insn.Unit(valueClass));
        jump(loop);
        bind(done);
        code.add(new Insn.Close(slot));
    }

    private int slot(VarSpec spec, Operator op) {
        slots.add(new Slot(spec.name(), spec.explode(), op.allowsReserved));
        return slots.size() - 1;
    }

    /** Continues with the code that follows if it can match, otherwise at {@code skipLabel}. */
    private void optionalThen(int skipLabel) {
        int body = label();
        split(body, skipLabel);
        bind(body);
    }

    private void lit(String text) {
        if (!text.isEmpty()) {
            code.add(new Insn.Lit(text));
        }
    }

    private int label() {
        labels.add(-1);
        return labels.size() - 1;
    }

    private void bind(int label) {
        labels.set(label, code.size());
    }

    private void split(int preferredLabel, int otherLabel) {
        code.add(new PendingSplit(preferredLabel, otherLabel, splits++));
    }

    private void jump(int label) {
        code.add(new PendingJump(label));
    }

    private List<Insn> resolve() {
        List<Insn> program = new ArrayList<>(code.size());
        for (Object insn : code) { // not a pattern switch, as in compile
            if (insn instanceof PendingSplit s) {
                program.add(new Insn.Split(labels.get(s.preferredLabel()), labels.get(s.otherLabel()), s.memo()));
            } else if (insn instanceof PendingJump j) {
                program.add(new Insn.Jump(labels.get(j.label())));
            } else if (insn instanceof Insn i) {
                program.add(i);
            } else {
                throw new IllegalStateException("unexpected instruction " + insn);
            }
        }
        return program;
    }
}
