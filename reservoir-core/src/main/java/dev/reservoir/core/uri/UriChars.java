package dev.reservoir.core.uri;

/** Character classes of RFC 3986 and RFC 6570 and message helpers shared by this package; stateless. */
final class UriChars {

    /** Messages quote at most this many characters of caller input, so a huge input cannot flood a log. */
    static final int EXCERPT_LIMIT = 200;

    private static final boolean[] UNRESERVED = new boolean[128];
    private static final boolean[] SUB_DELIMS = new boolean[128];
    private static final boolean[] GEN_DELIMS = new boolean[128];
    /** pchar (without pct-encoded) and '/' and '?': what a path, query or fragment holds as it is. */
    private static final boolean[] PATH_OR_QUERY = new boolean[128];

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            UNRESERVED[c] = true;
            UNRESERVED[Character.toUpperCase(c)] = true;
        }
        for (char c = '0'; c <= '9'; c++) {
            UNRESERVED[c] = true;
        }
        mark(UNRESERVED, "-._~");
        mark(SUB_DELIMS, "!$&'()*+,;=");
        mark(GEN_DELIMS, ":/?#[]@");
        for (char c = 0; c < 128; c++) {
            PATH_OR_QUERY[c] = isPchar(c) || c == '/' || c == '?';
        }
    }

    private UriChars() {}

    private static void mark(boolean[] table, String chars) {
        for (int i = 0; i < chars.length(); i++) {
            table[chars.charAt(i)] = true;
        }
    }

    static boolean isAlpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isHexDigit(int c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static boolean isUnreserved(int c) {
        return c >= 0 && c < 128 && UNRESERVED[c];
    }

    static boolean isSubDelim(int c) {
        return c >= 0 && c < 128 && SUB_DELIMS[c];
    }

    static boolean isReserved(int c) {
        return c >= 0 && c < 128 && (SUB_DELIMS[c] || GEN_DELIMS[c]);
    }

    /** RFC 3986 pchar minus pct-encoded, which callers check separately because it spans three chars. */
    static boolean isPchar(int c) {
        return isUnreserved(c) || isSubDelim(c) || c == ':' || c == '@';
    }

    /**
     * {@link #isPchar} or '/' or '?', in one look: the characters a path, query or fragment holds
     * as they are (a URI's path is checked a character at a time on every read).
     */
    static boolean isPathOrQuery(int c) {
        return c >= 0 && c < 128 && PATH_OR_QUERY[c];
    }

    /** Whether {@code s} holds a complete "%" HEXDIG HEXDIG triplet at {@code i}. */
    static boolean isPctEncoded(CharSequence s, int i) {
        return i + 2 < s.length() && s.charAt(i) == '%' && isHexDigit(s.charAt(i + 1)) && isHexDigit(s.charAt(i + 2));
    }

    static int hexValue(char c) {
        return Character.digit(c, 16);
    }

    /** Appends {@code b} as an upper-case %XX triplet, the form RFC 3986 section 2.1 recommends. */
    static void appendPct(StringBuilder out, int b) {
        out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
    }

    /** The text of a percent sign and up to two following characters, for "not a valid percent-encoding". */
    static String pctExcerpt(String s, int i) {
        return "'" + excerpt(s.substring(i, Math.min(i + 3, s.length()))) + "'";
    }

    /** Describes one code point for a message: {@code ' '}, {@code 'é' (U+00E9)} or {@code U+0000}. */
    static String describe(int cp) {
        if (cp >= 0x20 && cp < 0x7F) {
            return "'" + (char) cp + "'";
        }
        String code = String.format("U+%04X", cp);
        return isPrintable(cp) ? "'" + Character.toString(cp) + "' (" + code + ")" : code;
    }

    private static boolean isPrintable(int cp) {
        if (cp < 0xA0) {
            return false;
        }
        int type = Character.getType(cp);
        return type != Character.UNASSIGNED
                && type != Character.CONTROL
                && type != Character.FORMAT
                && type != Character.PRIVATE_USE
                && type != Character.SURROGATE
                && type != Character.LINE_SEPARATOR
                && type != Character.PARAGRAPH_SEPARATOR;
    }

    /**
     * The first {@value #EXCERPT_LIMIT} characters of {@code s} with control characters escaped, so a
     * hostile input can neither flood nor forge log lines through an exception message.
     */
    static String excerpt(String s) {
        int end = Math.min(s.length(), EXCERPT_LIMIT);
        StringBuilder out = new StringBuilder(end + 8);
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || (c >= 0x7F && c < 0xA0) || c == '\u2028' || c == '\u2029') {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        if (end < s.length()) {
            out.append("...");
        }
        return out.toString();
    }

    /**
     * Whether a non-ASCII code point may appear in a URI template literal: RFC 6570's ucschar and
     * iprivate ranges, which exclude C1 controls, surrogates and the noncharacters.
     */
    static boolean isUcsOrPrivate(int cp) {
        if (cp < 0xA0 || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return false;
        }
        if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp >= 0xE0000 && cp <= 0xE0FFF)) {
            return false;
        }
        // U+xFFFE and U+xFFFF of every plane are noncharacters; so is U+FFF0..U+FFFD (not in ucschar).
        if ((cp & 0xFFFE) == 0xFFFE || (cp >= 0xFFF0 && cp <= 0xFFFF)) {
            return false;
        }
        return cp <= 0x10FFFD;
    }
}
