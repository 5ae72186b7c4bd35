package dev.reservoir.core.uri;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Checks that a string is an absolute URI per RFC 3986 ({@code scheme ":" hier-part [ "?" query ] [ "#"
 * fragment ]}) and decodes percent-encoding strictly; stateless and thread-safe, arguments must not be null.
 */
public final class UriValidator {

    /** The longest URI accepted, in characters; longer input is refused before it is parsed. */
    public static final int MAX_LENGTH = 8192;

    private enum Component {
        SCHEME,
        USERINFO,
        HOST,
        PORT,
        PATH,
        QUERY,
        FRAGMENT;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        boolean allowsPercentEncoding() {
            return this != SCHEME && this != PORT;
        }
    }

    private UriValidator() {}

    /**
     * Throws {@link InvalidUriException} unless {@code uri} is an absolute RFC 3986 URI of at most
     * {@link #MAX_LENGTH} characters; the message says what is wrong and at which index.
     */
    public static void validate(String uri) {
        Objects.requireNonNull(uri, "uri");
        if (isPlainHierarchical(uri)) {
            // The common form, checked in one pass (it implies all of the below): a listing of ten
            // thousand resources validates ten thousand URIs, cold on a server's first listing.
            return;
        }
        validateFully(uri);
    }

    /** {@link #validate} without the one-pass look for the common form: every rule, one by one. */
    static void validateFully(String uri) {
        if (uri.isEmpty()) {
            throw new InvalidUriException("URI is empty; an absolute URI starts with a scheme such as 'file:'", -1);
        }
        if (uri.length() > MAX_LENGTH) {
            throw fail(uri, "URI is " + uri.length() + " characters long; the limit is " + MAX_LENGTH, -1);
        }
        int i = scheme(uri) + 1;
        if (uri.startsWith("//", i)) {
            i = authority(uri, i + 2);
        }
        i = scan(uri, i, Component.PATH);
        if (i < uri.length() && uri.charAt(i) == '?') {
            i = scan(uri, i + 1, Component.QUERY);
        }
        if (i < uri.length()) {
            scan(uri, i + 1, Component.FRAGMENT); // the path or query scan stopped at the '#'
        }
    }

    /**
     * Whether {@code uri} has the plain hierarchical form {@code scheme://host/path?query#fragment}:
     * a host of letters, digits and {@code - . _ ~} only (or an empty host with a path after it), no
     * user information and no port, and a path, query and fragment as {@link #validate} checks them.
     * {@link java.net.URI} parses every URI of this form, into one whose {@code toString()} is the same
     * text, so a caller that needs the parsed URI only sometimes can leave parsing until then.
     *
     * <p>True implies that {@link #validate} passes. False says only that the URI is not of this form:
     * it may still be valid (a port, an IP literal, {@code urn:...}), and the caller parses it to know.
     * One look at each character, without exceptions; false for null.
     */
    public static boolean isPlainHierarchical(String uri) {
        if (uri == null || uri.isEmpty() || uri.length() > MAX_LENGTH || !UriChars.isAlpha(uri.charAt(0))) {
            return false;
        }
        int n = uri.length();
        int i = 1;
        while (i < n && uri.charAt(i) != ':') {
            char c = uri.charAt(i);
            if (!UriChars.isAlpha(c) && !UriChars.isDigit(c) && c != '+' && c != '-' && c != '.') {
                return false;
            }
            i++;
        }
        if (!uri.startsWith("://", i)) {
            return false;
        }
        int host = i + 3;
        i = host;
        while (i < n && uri.charAt(i) != '/' && uri.charAt(i) != '?' && uri.charAt(i) != '#') {
            if (!UriChars.isUnreserved(uri.charAt(i))) {
                return false; // a port, user information, an IP literal or a percent-encoded host
            }
            i++;
        }
        if (i == host && (i == n || uri.charAt(i) != '/')) {
            return false; // java.net.URI refuses "s://"; an empty authority counts as plain only before a path
        }
        boolean fragment = false;
        while (i < n) {
            char c = uri.charAt(i);
            if (UriChars.isPathOrQuery(c)) {
                i++; // '?' starts the query or belongs to the query or fragment
            } else if (c == '%') {
                if (!UriChars.isPctEncoded(uri, i)) {
                    return false;
                }
                i += 3;
            } else if (c == '#' && !fragment) {
                fragment = true; // '#' starts the fragment, once
                i++;
            } else {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code uri} passes {@link #validate}; false for null. */
    public static boolean isValid(String uri) {
        if (uri == null) {
            return false;
        }
        try {
            validate(uri);
            return true;
        } catch (InvalidUriException e) {
            return false;
        }
    }

    /**
     * {@code name} as one path segment: its UTF-8 bytes, each percent-encoded except RFC 3986
     * unreserved characters (so a slash, a space or a percent sign never shows as itself).
     */
    public static String percentEncode(String name) {
        StringBuilder out = new StringBuilder(name.length() + 8);
        percentEncode(name.getBytes(StandardCharsets.UTF_8), false, out);
        return out.toString();
    }

    /**
     * Appends {@code bytes} percent-encoded: every byte but the RFC 3986 unreserved characters (and
     * {@code /} when {@code keepSlash}, for a path of several segments) as an upper-case %XX triplet.
     */
    public static void percentEncode(byte[] bytes, boolean keepSlash, StringBuilder out) {
        for (byte b : bytes) {
            int c = b & 0xff;
            if (UriChars.isUnreserved(c) || (keepSlash && c == '/')) {
                out.append((char) c);
            } else {
                UriChars.appendPct(out, c);
            }
        }
    }

    /**
     * Decodes every %XX triplet of {@code s} as UTF-8 and leaves other characters as they are; throws
     * {@link InvalidUriException} on a malformed triplet or on bytes that are not valid UTF-8 (including
     * overlong forms and encoded surrogates).
     */
    public static String percentDecode(String s) {
        Objects.requireNonNull(s, "s");
        int first = s.indexOf('%');
        if (first < 0) {
            return s;
        }
        // REPORT, not the lenient default: a silently substituted U+FFFD would hide a smuggled byte.
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.allocate(s.length() / 3);
        StringBuilder out = new StringBuilder(s.length()).append(s, 0, first);
        int i = first;
        while (i < s.length()) {
            if (s.charAt(i) != '%') {
                out.append(s.charAt(i++));
                continue;
            }
            // Decode a whole run of triplets at once: one character may span several of them.
            int runStart = i;
            bytes.clear();
            while (i < s.length() && s.charAt(i) == '%') {
                if (!UriChars.isPctEncoded(s, i)) {
                    throw fail(s, UriChars.pctExcerpt(s, i) + " at index " + i + " is not a valid percent-encoding", i);
                }
                bytes.put((byte) (UriChars.hexValue(s.charAt(i + 1)) << 4 | UriChars.hexValue(s.charAt(i + 2))));
                i += 3;
            }
            bytes.flip();
            try {
                out.append(decoder.decode(bytes));
            } catch (CharacterCodingException e) {
                String run = "'" + UriChars.excerpt(s.substring(runStart, i)) + "'";
                throw fail(s, run + " at index " + runStart + " is not valid UTF-8", runStart);
            }
        }
        return out.toString();
    }

    /** Checks the scheme and returns the index of the ':' that ends it. */
    private static int scheme(String uri) {
        char first = uri.charAt(0);
        if (!UriChars.isAlpha(first)) {
            if (first == ':') {
                throw fail(uri, "missing scheme before ':' at index 0", 0);
            }
            if (first == '/' || first == '?' || first == '#') {
                throw relativeReference(uri, 0);
            }
            String found = UriChars.describe(uri.codePointAt(0));
            throw fail(uri, "scheme must start with a letter, found " + found + " at index 0", 0);
        }
        for (int i = 1; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == ':') {
                return i;
            }
            if (c == '/' || c == '?' || c == '#') {
                throw relativeReference(uri, i);
            }
            if (!UriChars.isAlpha(c) && !UriChars.isDigit(c) && c != '+' && c != '-' && c != '.') {
                throw invalidCharacter(uri, i, Component.SCHEME);
            }
        }
        throw fail(uri, "missing scheme: no ':' found; an absolute URI starts with a scheme such as 'file:'", -1);
    }

    private static InvalidUriException relativeReference(String uri, int i) {
        return fail(
                uri,
                "missing scheme: found '" + uri.charAt(i) + "' at index " + i
                        + " before any ':'; a relative reference is not an absolute URI",
                i);
    }

    /** Checks {@code [ userinfo "@" ] host [ ":" port ]} from {@code start}; returns the index after it. */
    private static int authority(String uri, int start) {
        int end = start;
        while (end < uri.length() && "/?#".indexOf(uri.charAt(end)) < 0) {
            end++;
        }
        int hostStart = start;
        int at = uri.indexOf('@', start);
        if (at >= 0 && at < end) {
            checkRun(uri, start, at, Component.USERINFO);
            hostStart = at + 1;
        }
        int i = host(uri, hostStart, end);
        for (int p = i + 1; p < end; p++) { // host() stopped at the ':' before the port, or at the end
            if (!UriChars.isDigit(uri.charAt(p))) {
                throw invalidCharacter(uri, p, Component.PORT);
            }
        }
        return end;
    }

    /** Checks an IP-literal, IPv4address or reg-name; returns the index of the ':' before a port, or end. */
    private static int host(String uri, int from, int end) {
        if (from < end && uri.charAt(from) == '[') {
            int close = uri.indexOf(']', from);
            if (close < 0 || close >= end) {
                throw fail(uri, "unclosed '[' at index " + from + " in the host", from);
            }
            String literal = uri.substring(from + 1, close);
            boolean future = literal.startsWith("v") || literal.startsWith("V");
            if (future ? !IpLiteral.isIpvFuture(literal) : !IpLiteral.isIpv6(literal)) {
                String kind = future ? "an IPvFuture address" : "a valid IPv6 address";
                throw fail(uri, "'[" + UriChars.excerpt(literal) + "]' at index " + from + " is not " + kind, from);
            }
            int after = close + 1;
            if (after < end && uri.charAt(after) != ':') {
                String found = UriChars.describe(uri.codePointAt(after));
                throw fail(uri, "invalid character " + found + " at index " + after + " after the IP literal", after);
            }
            return after;
        }
        // IPv4address is a subset of reg-name, so checking reg-name characters accepts both.
        int i = from;
        while (i < end && uri.charAt(i) != ':') {
            i++;
        }
        checkRun(uri, from, i, Component.HOST);
        return i;
    }

    /** Checks userinfo or reg-name characters: unreserved, pct-encoded, sub-delims (and ':' in userinfo). */
    private static void checkRun(String uri, int from, int to, Component component) {
        int i = from;
        while (i < to) {
            char c = uri.charAt(i);
            if (c == '%') {
                requirePctEncoded(uri, i);
                i += 3;
            } else if (UriChars.isUnreserved(c)
                    || UriChars.isSubDelim(c)
                    || (c == ':' && component == Component.USERINFO)) {
                i++;
            } else {
                throw invalidCharacter(uri, i, component);
            }
        }
    }

    /** Checks a path, query or fragment from {@code from}; returns the index of the delimiter that ends it. */
    private static int scan(String uri, int from, Component component) {
        int i = from;
        while (i < uri.length()) {
            char c = uri.charAt(i);
            if (c == '%') {
                requirePctEncoded(uri, i);
                i += 3;
            } else if (UriChars.isPchar(c) || c == '/' || (c == '?' && component != Component.PATH)) {
                i++;
            } else if ((c == '?' && component == Component.PATH) || (c == '#' && component != Component.FRAGMENT)) {
                return i;
            } else {
                throw invalidCharacter(uri, i, component);
            }
        }
        return i;
    }

    private static void requirePctEncoded(String uri, int i) {
        if (!UriChars.isPctEncoded(uri, i)) {
            throw fail(uri, UriChars.pctExcerpt(uri, i) + " at index " + i + " is not a valid percent-encoding", i);
        }
    }

    private static InvalidUriException invalidCharacter(String uri, int i, Component component) {
        int cp = uri.codePointAt(i);
        String where = " at index " + i + " in the " + component.label();
        if (cp >= 0x80 && component.allowsPercentEncoding()) {
            return fail(
                    uri, "non-ASCII character " + UriChars.describe(cp) + where + "; percent-encode it as UTF-8", i);
        }
        return fail(uri, "invalid character " + UriChars.describe(cp) + where, i);
    }

    private static InvalidUriException fail(String input, String problem, int index) {
        return new InvalidUriException(problem + " (in '" + UriChars.excerpt(input) + "')", index);
    }
}
