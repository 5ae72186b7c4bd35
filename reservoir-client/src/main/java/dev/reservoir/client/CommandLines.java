package dev.reservoir.client;

import java.util.ArrayList;
import java.util.List;

/** Splits a {@code stdio:} command line into words, as a POSIX shell would for the simple cases. */
final class CommandLines {

    private CommandLines() {}

    /**
     * Words split at whitespace; single and double quotes group, a backslash escapes the next
     * character, and a {@code ~} that starts an unquoted word, alone or before {@code /}, is the
     * home folder (a shell does that, but a {@code stdio:"..."} argument was quoted, so it did not).
     */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.length()) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '~'
                    && !inWord
                    && (i + 1 == line.length()
                            || line.charAt(i + 1) == '/'
                            || Character.isWhitespace(line.charAt(i + 1)))) {
                word.append(System.getProperty("user.home"));
                inWord = true;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unbalanced " + quote + " in the command line: " + line);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
