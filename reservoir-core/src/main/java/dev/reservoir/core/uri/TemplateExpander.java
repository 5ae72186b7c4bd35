package dev.reservoir.core.uri;

import dev.reservoir.core.uri.Part.Expression;
import dev.reservoir.core.uri.Part.Literal;
import dev.reservoir.core.uri.Part.VarSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Expands parsed templates per RFC 6570 section 3 (level 4); stateless. */
final class TemplateExpander {

    /** A defined variable value, normalized from what the caller passed. */
    private sealed interface Value {
        record Text(String text) implements Value {}

        record Items(List<String> items) implements Value {}

        record Pairs(List<Map.Entry<String, String>> pairs) implements Value {}
    }

    private TemplateExpander() {}

    static String expand(String template, List<Part> parts, Map<String, ?> variables) {
        StringBuilder out = new StringBuilder(template.length() * 2);
        for (Part part : parts) {
            switch (part) {
                case Literal literal -> out.append(literal.encoded());
                case Expression expression -> expand(template, expression, variables, out);
            }
        }
        return out.toString();
    }

    private static void expand(String template, Expression expression, Map<String, ?> variables, StringBuilder out) {
        Operator op = expression.operator();
        boolean first = true;
        for (VarSpec spec : expression.variables()) {
            Value value = normalize(variables.get(spec.name()));
            if (value == null) {
                continue; // undefined: RFC 6570 section 3.2.1 skips it, separator included
            }
            out.append(first ? op.first : op.separator);
            first = false;
            switch (value) {
                case Value.Text text -> appendText(spec, op, text.text(), out);
                case Value.Items items -> {
                    requireNoPrefix(template, expression, spec);
                    appendItems(spec, op, items.items(), out);
                }
                case Value.Pairs pairs -> {
                    requireNoPrefix(template, expression, spec);
                    appendPairs(spec, op, pairs.pairs(), out);
                }
            }
        }
    }

    private static void appendText(VarSpec spec, Operator op, String text, StringBuilder out) {
        if (op.named) {
            out.append(spec.name());
            if (text.isEmpty()) {
                out.append(op.ifEmpty);
                return;
            }
            out.append('=');
        }
        if (spec.prefix() > 0 && text.codePointCount(0, text.length()) > spec.prefix()) {
            text = text.substring(0, text.offsetByCodePoints(0, spec.prefix())); // code points, not chars
        }
        encode(text, op.allowsReserved, out);
    }

    private static void appendItems(VarSpec spec, Operator op, List<String> items, StringBuilder out) {
        if (!spec.explode()) {
            if (op.named) {
                out.append(spec.name()).append('=');
            }
            join(items, ",", op, out);
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(op.separator);
            }
            String item = items.get(i);
            if (op.named) {
                out.append(spec.name());
                out.append(item.isEmpty() ? op.ifEmpty : "=");
            }
            encode(item, op.allowsReserved, out);
        }
    }

    private static void appendPairs(
            VarSpec spec, Operator op, List<Map.Entry<String, String>> pairs, StringBuilder out) {
        if (!spec.explode()) {
            if (op.named) {
                out.append(spec.name()).append('=');
            }
            List<String> flat = new ArrayList<>(pairs.size() * 2);
            for (Map.Entry<String, String> pair : pairs) {
                flat.add(pair.getKey());
                flat.add(pair.getValue());
            }
            join(flat, ",", op, out);
            return;
        }
        for (int i = 0; i < pairs.size(); i++) {
            if (i > 0) {
                out.append(op.separator);
            }
            Map.Entry<String, String> pair = pairs.get(i);
            encode(pair.getKey(), op.allowsReserved, out);
            // Named operators write "key" alone for an empty value (";key", "?key="); others always "key=".
            out.append(op.named && pair.getValue().isEmpty() ? op.ifEmpty : "=");
            encode(pair.getValue(), op.allowsReserved, out);
        }
    }

    private static void join(List<String> items, String separator, Operator op, StringBuilder out) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(separator);
            }
            encode(items.get(i), op.allowsReserved, out);
        }
    }

    private static void requireNoPrefix(String template, Expression expression, VarSpec spec) {
        if (spec.prefix() > 0) {
            throw new UriTemplateException(
                    "prefix modifier ':" + spec.prefix() + "' of variable '" + spec.name()
                            + "' in the expression at index "
                            + expression.index() + " cannot apply to a list or map value (in template '"
                            + UriChars.excerpt(template) + "')",
                    expression.index());
        }
    }

    /**
     * Normalizes a caller's value: null, an empty collection and an empty map are undefined (null); other
     * non-collection objects become their {@code toString()}. Null elements and null map values are skipped.
     */
    private static Value normalize(Object value) {
        return switch (value) {
            case null -> null;
            case Collection<?> collection -> {
                List<String> items = new ArrayList<>(collection.size());
                for (Object item : collection) {
                    if (item != null) {
                        items.add(item.toString());
                    }
                }
                yield items.isEmpty() ? null : new Value.Items(items);
            }
            case Map<?, ?> map -> {
                List<Map.Entry<String, String>> pairs = new ArrayList<>(map.size());
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (entry.getKey() != null && entry.getValue() != null) {
                        pairs.add(Map.entry(
                                entry.getKey().toString(), entry.getValue().toString()));
                    }
                }
                yield pairs.isEmpty() ? null : new Value.Pairs(pairs);
            }
            default -> new Value.Text(value.toString());
        };
    }

    /**
     * Appends {@code value} percent-encoded as UTF-8, keeping unreserved characters and, when
     * {@code allowReserved}, reserved characters and existing %XX triplets (the {@code +} and {@code #} rule).
     */
    static void encode(String value, boolean allowReserved, StringBuilder out) {
        int i = 0;
        while (i < value.length()) {
            int cp = value.codePointAt(i);
            if (UriChars.isUnreserved(cp) || (allowReserved && UriChars.isReserved(cp))) {
                out.append((char) cp);
            } else if (allowReserved && UriChars.isPctEncoded(value, i)) {
                out.append(value, i, i + 3);
                i += 3;
                continue;
            } else {
                appendUtf8(cp, value, i, out);
            }
            i += Character.charCount(cp);
        }
    }

    private static void appendUtf8(int cp, String value, int index, StringBuilder out) {
        if (cp < 0x80) {
            UriChars.appendPct(out, cp);
        } else if (cp < 0x800) {
            UriChars.appendPct(out, 0xC0 | cp >> 6);
            UriChars.appendPct(out, 0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
            if (Character.isSurrogate((char) cp)) {
                // String.getBytes would quietly write '?'; a value that is not Unicode text is a caller bug.
                throw new UriTemplateException(
                        "value '" + UriChars.excerpt(value) + "' has an unpaired surrogate at index " + index, -1);
            }
            UriChars.appendPct(out, 0xE0 | cp >> 12);
            UriChars.appendPct(out, 0x80 | (cp >> 6) & 0x3F);
            UriChars.appendPct(out, 0x80 | cp & 0x3F);
        } else {
            UriChars.appendPct(out, 0xF0 | cp >> 18);
            UriChars.appendPct(out, 0x80 | (cp >> 12) & 0x3F);
            UriChars.appendPct(out, 0x80 | (cp >> 6) & 0x3F);
            UriChars.appendPct(out, 0x80 | cp & 0x3F);
        }
    }
}
