package dev.reservoir.cli;

/**
 * Text as a terminal shows it: East Asian wide characters take two columns, combining marks none,
 * so columns line up whatever the names hold.
 */
final class Text {

    private Text() {}

    /** The columns this text takes on a terminal. */
    static int width(String s) {
        int width = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            width += width(cp);
            i += Character.charCount(cp);
        }
        return width;
    }

    static int width(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
            return 0;
        }
        return wide(cp) ? 2 : 1;
    }

    /** East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F, the common ranges). */
    private static boolean wide(int cp) {
        return (cp >= 0x1100 && cp <= 0x115F)
                || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F)
                || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0xFE30 && cp <= 0xFE4F)
                || (cp >= 0xFF00 && cp <= 0xFF60)
                || (cp >= 0xFFE0 && cp <= 0xFFE6)
                || (cp >= 0x1F300 && cp <= 0x1F64F)
                || (cp >= 0x1F900 && cp <= 0x1F9FF)
                || (cp >= 0x20000 && cp <= 0x3FFFD);
    }

    /** The text cut to at most this many columns, ending in "…" when cut. */
    static String clip(String s, int columns) {
        if (width(s) <= columns) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        int used = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (used + width(cp) > columns - 1) {
                break;
            }
            out.appendCodePoint(cp);
            used += width(cp);
            i += Character.charCount(cp);
        }
        return out.append('\u2026').toString();
    }

    /** The text cut in the middle to at most this many columns (both ends of a URI say the most). */
    static String clipMiddle(String s, int columns) {
        if (width(s) <= columns || columns < 5) {
            return width(s) <= columns ? s : clip(s, columns);
        }
        int tail = (columns - 1) / 2;
        int head = columns - 1 - tail;
        String end = s.substring(s.offsetByCodePoints(s.length(), -Math.min(tail, s.codePointCount(0, s.length()))));
        while (width(end) > tail) {
            end = end.substring(Character.charCount(end.codePointAt(0)));
        }
        String start = clip(s, head + 1);
        return start.substring(0, start.length() - 1) + '\u2026' + end;
    }

    /** The text padded with spaces to this many columns (left-aligned). */
    static String padRight(String s, int columns) {
        return s + " ".repeat(Math.max(0, columns - width(s)));
    }

    /** The text padded with spaces to this many columns (right-aligned). */
    static String padLeft(String s, int columns) {
        return " ".repeat(Math.max(0, columns - width(s))) + s;
    }
}
