package dev.reservoir.server.spi;

import java.util.Locale;
import java.util.Objects;

/**
 * A part of the URI space: every URI of one scheme, optionally of one authority, optionally at or
 * below one path. Scheme and authority compare without case, a path segment by segment
 * ({@code file:///docs} holds {@code file:///docs/a} but not {@code file:///docs2}), percent-escapes
 * without the case of their hex digits; {@code file://localhost/} is {@code file:///} (RFC 8089).
 * Immutable.
 *
 * @param scheme the scheme, lower-case ({@code git})
 * @param authority the authority ({@code app}, empty for none as in {@code file:///}), or null for any
 * @param path the path prefix ({@code /home/me/docs}), empty for every path; percent-encoded as in URIs
 */
public record UriPrefix(String scheme, String authority, String path) {

    public UriPrefix {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(path, "path");
        if (!scheme.matches("[a-z][a-z0-9+.-]*")) {
            throw new IllegalArgumentException(
                    "'" + scheme + "' is not a lower-case URI scheme; write e.g. \"git\" or \"file\"");
        }
        authority = authority == null ? null : canonicalAuthority(scheme, authority);
        path = upperHex(path);
    }

    /** Every URI of the scheme. */
    public static UriPrefix scheme(String scheme) {
        return new UriPrefix(scheme, null, "");
    }

    /**
     * Parses {@code scheme://authority/path} ({@code git://app}, {@code file:///home/me/docs},
     * {@code postgres://app/}): that authority, at or below that path (a trailing "/" is dropped).
     */
    public static UriPrefix parse(String text) {
        Parts parts = Parts.of(text);
        if (parts == null || parts.authority() == null) {
            throw new IllegalArgumentException("'" + text
                    + "' is not a URI prefix; write scheme://authority/path, e.g. git://app or file:///home/me/docs");
        }
        String path = parts.path().endsWith("/")
                ? parts.path().substring(0, parts.path().length() - 1)
                : parts.path();
        return new UriPrefix(parts.scheme(), parts.authority(), path);
    }

    /** Whether the URI is in this part of the space. */
    public boolean contains(String uri) {
        if (!plainAscii(uri)) {
            return containsParsed(uri);
        }
        // The common URI (every read asks): compared in place, without taking it apart into
        // strings, with what case-folding ASCII takes. It answers as containsParsed does.
        int colon = uri.indexOf(':');
        if (colon != scheme.length() || !equalsLowered(uri, 0, scheme)) {
            return false;
        }
        if (authority == null && path.isEmpty()) {
            return true; // every URI of the scheme: what follows it is not looked at
        }
        int pathStart = colon + 1;
        if (uri.startsWith("//", pathStart)) {
            int authorityStart = pathStart + 2;
            pathStart = Parts.end(uri, authorityStart, "/?#");
            if (authority != null && !authorityIs(uri, authorityStart, pathStart)) {
                return false;
            }
        } else if (authority != null && !authority.isEmpty()) {
            return false;
        }
        int pathEnd = Parts.end(uri, pathStart, "?#");
        if (path.isEmpty()) {
            return true;
        }
        int length = pathEnd - pathStart;
        if (length < path.length() || !uri.startsWith(path, pathStart)) {
            return false;
        }
        return length == path.length() || path.endsWith("/") || uri.charAt(pathStart + path.length()) == '/';
    }

    /** {@link #contains} of any URI: takes it apart, folds its case and its escapes' hex digits. */
    boolean containsParsed(String uri) {
        Parts parts = Parts.of(uri);
        return parts != null
                && parts.scheme().equals(scheme)
                && (authority == null
                        || canonicalAuthority(scheme, parts.authority() == null ? "" : parts.authority())
                                .equals(authority))
                && segmentPrefix(path, upperHex(parts.path()));
    }

    /** ASCII without a percent-escape: case and escapes fold the simple way. */
    private static boolean plainAscii(String uri) {
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c >= 0x80 || c == '%') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the ASCII text at {@code from} is {@code lower} once its upper-case letters are
     * lowered. Not {@code regionMatches(true, ...)}: it takes 'I' for a dotless '\u0131' (whose upper
     * case is 'I'), which lower-casing the text does not, and an authority may hold one.
     */
    private static boolean equalsLowered(String text, int from, String lower) {
        for (int i = 0; i < lower.length(); i++) {
            char c = text.charAt(from + i);
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the ASCII authority {@code uri[from, to)} is this prefix's, as {@link #canonicalAuthority} has it. */
    private boolean authorityIs(String uri, int from, int to) {
        int length = to - from;
        if (scheme.equals("file") && length == 9 && equalsLowered(uri, from, "localhost")) {
            return authority.isEmpty();
        }
        return length == authority.length() && equalsLowered(uri, from, authority);
    }

    /** Whether a URI could be in both (so the two cannot belong to different providers). */
    public boolean overlaps(UriPrefix other) {
        return scheme.equals(other.scheme)
                && (authority == null || other.authority == null || authority.equals(other.authority))
                && (segmentPrefix(path, other.path) || segmentPrefix(other.path, path));
    }

    /**
     * Whether every URI that starts with {@code literal} (the literal start of a URI template) is in
     * this part of the space.
     */
    public boolean covers(String literal) {
        Parts parts = Parts.of(literal);
        if (parts == null || !parts.scheme().equals(scheme)) {
            return false;
        }
        if (authority == null) {
            return path.isEmpty();
        }
        // The literal must name the whole authority: something must follow it.
        int after = literal.indexOf("//")
                + 2
                + (parts.authority() == null ? 0 : parts.authority().length());
        boolean authorityEnds = parts.authority() != null && after < literal.length();
        return authorityEnds
                && canonicalAuthority(scheme, parts.authority()).equals(authority)
                && (path.isEmpty()
                        || (upperHex(parts.path()).startsWith(path + "/"))
                        || upperHex(parts.path()).equals(path) && !parts.rest().isEmpty());
    }

    /** {@code scheme://authority/path}, with a "/" when the path is empty ({@code git://app/}). */
    @Override
    public String toString() {
        return scheme + ":" + (authority == null ? "" : "//" + authority) + (path.isEmpty() ? "/" : path);
    }

    private static boolean segmentPrefix(String prefix, String path) {
        if (prefix.isEmpty() || path.equals(prefix)) {
            return true;
        }
        return path.startsWith(prefix) && (prefix.endsWith("/") || path.charAt(prefix.length()) == '/');
    }

    private static String canonicalAuthority(String scheme, String authority) {
        String lower = authority.toLowerCase(Locale.ROOT);
        return scheme.equals("file") && lower.equals("localhost") ? "" : lower;
    }

    /** Percent-escapes with upper-case hex digits, so {@code %c3} and {@code %C3} compare equal. */
    private static String upperHex(String text) {
        int percent = text.indexOf('%');
        if (percent < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text);
        for (int i = percent; i < out.length(); i++) {
            if (out.charAt(i) == '%' && i + 2 < out.length()) {
                out.setCharAt(i + 1, Character.toUpperCase(out.charAt(i + 1)));
                out.setCharAt(i + 2, Character.toUpperCase(out.charAt(i + 2)));
            }
        }
        return out.toString();
    }

    /** A URI taken apart: scheme (lower-case), authority (null when there is no "//"), path, and what follows it. */
    private record Parts(String scheme, String authority, String path, String rest) {
        static Parts of(String uri) {
            int colon = uri.indexOf(':');
            if (colon <= 0) {
                return null;
            }
            String scheme = uri.substring(0, colon).toLowerCase(Locale.ROOT);
            int at = colon + 1;
            String authority = null;
            if (uri.startsWith("//", at)) {
                int end = end(uri, at + 2, "/?#");
                authority = uri.substring(at + 2, end);
                at = end;
            }
            int pathEnd = end(uri, at, "?#");
            return new Parts(scheme, authority, uri.substring(at, pathEnd), uri.substring(pathEnd));
        }

        static int end(String uri, int from, String stops) {
            for (int i = from; i < uri.length(); i++) {
                if (stops.indexOf(uri.charAt(i)) >= 0) {
                    return i;
                }
            }
            return uri.length();
        }
    }
}
