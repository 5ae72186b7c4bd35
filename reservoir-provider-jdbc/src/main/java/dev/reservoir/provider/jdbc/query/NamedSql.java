package dev.reservoir.provider.jdbc.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * SQL with named parameters ({@code :name}) turned into JDBC's positional {@code ?}. A colon inside
 * a string literal, a quoted identifier, a comment or a PostgreSQL dollar-quoted string is not a
 * parameter, nor is a {@code ::} cast. A parameter used twice becomes two placeholders.
 *
 * @param sql the statement with {@code ?} placeholders
 * @param order the parameter name of each placeholder, in order
 */
public record NamedSql(String sql, List<String> order) {

    public NamedSql {
        order = List.copyOf(order);
    }

    /** The distinct parameter names, in order of first use. */
    public Set<String> names() {
        return new LinkedHashSet<>(order);
    }

    public static NamedSql parse(String text) {
        StringBuilder sql = new StringBuilder(text.length());
        List<String> order = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int end =
                    switch (c) {
                        case '\'', '"' -> quoted(text, i, c);
                        case '-' -> text.startsWith("--", i) ? lineEnd(text, i) : i + 1;
                        case '/' -> text.startsWith("/*", i) ? commentEnd(text, i) : i + 1;
                        case '$' -> dollarQuoted(text, i);
                        default -> i + 1;
                    };
            if (c == ':' && i + 1 < text.length() && text.charAt(i + 1) == ':') {
                sql.append("::");
                i += 2;
                continue;
            }
            if (c == ':'
                    && i + 1 < text.length()
                    && isStart(text.charAt(i + 1))
                    && (i == 0 || text.charAt(i - 1) != ':')) {
                int j = i + 1;
                while (j < text.length() && isPart(text.charAt(j))) {
                    j++;
                }
                order.add(text.substring(i + 1, j));
                sql.append('?');
                i = j;
                continue;
            }
            sql.append(text, i, end);
            i = end;
        }
        return new NamedSql(sql.toString(), order);
    }

    private static int quoted(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2; // a doubled quote stands for one
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return text.length();
    }

    private static int lineEnd(String text, int start) {
        int nl = text.indexOf('\n', start);
        return nl < 0 ? text.length() : nl + 1;
    }

    private static int commentEnd(String text, int start) {
        int end = text.indexOf("*/", start + 2);
        return end < 0 ? text.length() : end + 2;
    }

    /** {@code $tag$ … $tag$}; a lone '$' (as in {@code $1}) is just a character. */
    private static int dollarQuoted(String text, int start) {
        int j = start + 1;
        while (j < text.length() && isPart(text.charAt(j))) {
            j++;
        }
        if (j >= text.length()
                || text.charAt(j) != '$'
                || (j > start + 1 && Character.isDigit(text.charAt(start + 1)))) {
            return start + 1;
        }
        String tag = text.substring(start, j + 1);
        int end = text.indexOf(tag, j + 1);
        return end < 0 ? text.length() : end + tag.length();
    }

    private static boolean isStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
