package dev.reservoir.core.uri;

import dev.reservoir.core.uri.Part.Expression;
import dev.reservoir.core.uri.Part.Literal;
import dev.reservoir.core.uri.Part.VarSpec;
import java.util.ArrayList;
import java.util.List;

/** Parses RFC 6570 templates (all four levels) into parts; one instance per parse, not thread-safe. */
final class TemplateParser {

    /** Templates longer than the longest URI we accept are refused, which also bounds the work to match. */
    static final int MAX_LENGTH = UriValidator.MAX_LENGTH;

    private static final String RESERVED_OPERATORS = "=,!@|";

    private final String template;
    private final List<Part> parts = new ArrayList<>();

    private TemplateParser(String template) {
        this.template = template;
    }

    static List<Part> parse(String template) {
        if (template.length() > MAX_LENGTH) {
            throw new UriTemplateException(
                    "template is " + template.length() + " characters long; the limit is " + MAX_LENGTH, -1);
        }
        return new TemplateParser(template).parseAll();
    }

    private List<Part> parseAll() {
        int literalStart = 0;
        int i = 0;
        while (i < template.length()) {
            if (template.charAt(i) == '{') {
                addLiteral(literalStart, i);
                i = expression(i);
                literalStart = i;
            } else {
                i = literalCharacter(i);
            }
        }
        addLiteral(literalStart, template.length());
        return List.copyOf(parts);
    }

    private void addLiteral(int from, int to) {
        if (from < to) {
            String text = template.substring(from, to);
            StringBuilder encoded = new StringBuilder(text.length());
            TemplateExpander.encode(text, true, encoded);
            parts.add(new Literal(text, encoded.toString()));
        }
    }

    /**
     * Checks one literal character per RFC 6570 section 2.1 and returns the index after it. The apostrophe
     * is accepted although the section's prose excludes it: its ABNF and the spec's own examples
     * ({@code '{var}'}) allow it, and it is a legal sub-delim in a URI.
     */
    private int literalCharacter(int i) {
        int cp = template.codePointAt(i);
        if (cp == '}') {
            throw error("unexpected '}' at index " + i + " with no open expression", i);
        }
        if (cp == '%') {
            if (!UriChars.isPctEncoded(template, i)) {
                String found = UriChars.pctExcerpt(template, i);
                throw error(found + " at index " + i + " is not a valid percent-encoding in literal text", i);
            }
            return i + 3;
        }
        if (cp < 0x80) {
            if (!UriChars.isUnreserved(cp) && !UriChars.isReserved(cp)) {
                throw error("invalid character " + UriChars.describe(cp) + " at index " + i + " in literal text", i);
            }
            return i + 1;
        }
        if (!UriChars.isUcsOrPrivate(cp)) {
            throw error("character " + UriChars.describe(cp) + " at index " + i + " is not allowed in a template", i);
        }
        return i + Character.charCount(cp);
    }

    /** Parses the expression whose '{' is at {@code open}; returns the index after its '}'. */
    private int expression(int open) {
        int close = findClose(open);
        int i = open + 1;
        char c = template.charAt(i);
        Operator operator = Operator.of(c);
        if (operator != null) {
            i++;
        } else if (RESERVED_OPERATORS.indexOf(c) >= 0) {
            throw error("operator '" + c + "' at index " + i + " is reserved by RFC 6570 for future use", i);
        } else {
            operator = Operator.SIMPLE;
        }
        List<VarSpec> variables = new ArrayList<>();
        i = varSpec(i, close, variables);
        while (i < close) { // varSpec stopped at a ','
            i = varSpec(i + 1, close, variables);
        }
        parts.add(new Expression(operator, variables, open));
        return close + 1;
    }

    private int findClose(int open) {
        for (int j = open + 1; j < template.length(); j++) {
            char c = template.charAt(j);
            if (c == '}') {
                if (j == open + 1) {
                    throw error("empty expression '{}' at index " + open, open);
                }
                return j;
            }
            if (c == '{') {
                throw error("nested '{' at index " + j + " inside the expression opened at index " + open, j);
            }
        }
        throw error("unclosed expression: '{' at index " + open + " has no matching '}'", open);
    }

    /** Parses {@code varname [ ":" max-length / "*" ]} from {@code start}; returns the index of ',' or '}'. */
    private int varSpec(int start, int close, List<VarSpec> out) {
        int i = varName(start, close);
        String name = template.substring(start, i);
        int prefix = 0;
        boolean explode = false;
        if (i < close && template.charAt(i) == ':') {
            int end = i + 1;
            while (end < close && UriChars.isDigit(template.charAt(end))) {
                end++;
            }
            String digits = template.substring(i + 1, end);
            if (digits.isEmpty() || digits.charAt(0) == '0' || digits.length() > 4) {
                int shown = end;
                while (shown < close && template.charAt(shown) != ',') {
                    shown++;
                }
                throw error(
                        "invalid prefix '" + template.substring(i, shown) + "' at index " + i + " for variable '" + name
                                + "'; use ':1' to ':9999'",
                        i);
            }
            prefix = Integer.parseInt(digits);
            i = end;
        } else if (i < close && template.charAt(i) == '*') {
            explode = true;
            i++;
        }
        if (i < close && template.charAt(i) != ',') {
            String found = UriChars.describe(template.codePointAt(i));
            if (prefix > 0 || explode) {
                throw error(
                        "unexpected " + found + " at index " + i + " after the modifier of variable '" + name
                                + "'; a variable takes one prefix or explode modifier",
                        i);
            }
            throw error("invalid character " + found + " at index " + i + " in variable name '" + name + "'", i);
        }
        out.add(new VarSpec(name, prefix, explode));
        return i;
    }

    /** Scans {@code varchar *( ["."] varchar )} from {@code start}; returns the index after the name. */
    private int varName(int start, int close) {
        int i = start;
        while (i < close) {
            char c = template.charAt(i);
            if (UriChars.isAlpha(c) || UriChars.isDigit(c) || c == '_') {
                i++;
            } else if (c == '%') {
                if (!UriChars.isPctEncoded(template, i)) {
                    String found = UriChars.pctExcerpt(template, i);
                    throw error(found + " at index " + i + " is not a valid percent-encoding in a variable name", i);
                }
                i += 3;
            } else if (c == '.' && i > start) {
                if (template.charAt(i - 1) == '.') {
                    throw error("variable name at index " + start + " has two dots in a row at index " + i, i);
                }
                i++;
            } else {
                break;
            }
        }
        if (i == start) {
            if (i == close || template.charAt(i) == ',') {
                throw error("missing variable name at index " + i, i);
            }
            String found = UriChars.describe(template.codePointAt(i));
            throw error("invalid character " + found + " at index " + i + " at the start of a variable name", i);
        }
        if (template.charAt(i - 1) == '.') {
            throw error(
                    "variable name '" + template.substring(start, i) + "' at index " + start + " must not end with '.'",
                    i - 1);
        }
        return i;
    }

    private UriTemplateException error(String problem, int index) {
        return new UriTemplateException(problem + " (in template '" + UriChars.excerpt(template) + "')", index);
    }
}
