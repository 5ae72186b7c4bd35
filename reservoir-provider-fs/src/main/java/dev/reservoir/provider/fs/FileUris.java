package dev.reservoir.provider.fs;

import dev.reservoir.core.uri.InvalidUriException;
import dev.reservoir.core.uri.UriValidator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns names into {@code file:} URIs and URIs back into names, strictly. A URI is accepted only
 * in the shape this provider writes: {@code file:///} then percent-encoded names separated by
 * single slashes, with no query or fragment and no authority but {@code localhost} (which RFC 8089
 * makes the same file: {@code file://localhost/x} names {@code file:///x}). Each name is decoded on its own (so an
 * encoded slash can never split or join names) as strict UTF-8 (overlong and mixed forms fail),
 * and a name that is empty, {@code .}, {@code ..}, or holds a slash, a backslash, NUL or another
 * control character is refused. Stateless.
 */
final class FileUris {

    private static final String PREFIX = "file://";
    private static final String LOCALHOST = "localhost";

    /** A URI taken apart: decoded names from the file system root, and whether it ended in "/". */
    record Parsed(List<String> names, boolean trailingSlash) {}

    private FileUris() {}

    /** The URI of {@code rel} below a root whose names are {@code rootSegments}; no trailing slash. */
    static String uri(List<String> rootSegments, List<String> rel) {
        StringBuilder out = new StringBuilder(PREFIX);
        for (String name : rootSegments) {
            out.append('/');
            encode(name, out);
        }
        for (String name : rel) {
            out.append('/');
            encode(name, out);
        }
        if (rootSegments.isEmpty() && rel.isEmpty()) {
            out.append('/');
        }
        return out.toString();
    }

    /** The URI of an entry of a root. */
    static String uri(Root root, List<String> rel) {
        return uri(root.segments(), rel);
    }

    /** Percent-encodes every byte of the UTF-8 name except RFC 3986 unreserved characters. */
    static void encode(String name, StringBuilder out) {
        UriValidator.percentEncode(name.getBytes(StandardCharsets.UTF_8), false, out);
    }

    static String encode(String name) {
        return UriValidator.percentEncode(name);
    }

    /**
     * Whether a name may appear in a URI of this provider (and so be listed): not empty, not
     * {@code .} or {@code ..}, no slash, backslash, NUL or other control character, and valid
     * Unicode (no lone surrogate, which no UTF-8 URI could name).
     */
    static boolean isSafeName(String name) {
        if (name.isEmpty() || name.equals(".") || name.equals("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '/' || c == '\\') {
                return false;
            }
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c)
                        && i + 1 < name.length()
                        && Character.isLowSurrogate(name.charAt(i + 1));
                if (!paired) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }

    /** Parses a URI, or returns null when it is not a URI this provider could have written. */
    static Parsed parse(String uri) {
        if (uri == null
                || uri.length() > UriValidator.MAX_LENGTH
                || !uri.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                || !UriValidator.isValid(uri)) {
            return null;
        }
        String path = uri.substring(PREFIX.length());
        // RFC 8089: "file://localhost/x" is "file:///x". No other authority, no query, no fragment.
        if (path.regionMatches(true, 0, LOCALHOST, 0, LOCALHOST.length())) {
            path = path.substring(LOCALHOST.length());
        }
        if (!path.startsWith("/") || path.indexOf('?') >= 0 || path.indexOf('#') >= 0) {
            return null;
        }
        List<String> names = new ArrayList<>();
        boolean trailingSlash = false;
        int start = 1;
        while (start <= path.length()) {
            int end = path.indexOf('/', start);
            if (end < 0) {
                end = path.length();
            }
            String raw = path.substring(start, end);
            if (raw.isEmpty()) {
                // Only "file:///" itself or one final slash may leave a name empty.
                if (end != path.length()) {
                    return null;
                }
                trailingSlash = !names.isEmpty();
                break;
            }
            String name = decode(raw);
            if (name == null) {
                return null;
            }
            names.add(name);
            start = end + 1;
        }
        return new Parsed(names, trailingSlash);
    }

    private static String decode(String raw) {
        // Encoded separators are refused before decoding too, so the check does not rest on one place.
        String upper = raw.toUpperCase(Locale.ROOT);
        if (upper.contains("%2F") || upper.contains("%5C") || upper.contains("%00")) {
            return null;
        }
        String name;
        try {
            name = UriValidator.percentDecode(raw);
        } catch (InvalidUriException e) {
            return null; // malformed, overlong or otherwise invalid UTF-8
        }
        return isSafeName(name) ? name : null;
    }
}
