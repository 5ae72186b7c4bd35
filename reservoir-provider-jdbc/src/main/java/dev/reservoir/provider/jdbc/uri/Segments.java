package dev.reservoir.provider.jdbc.uri;

import dev.reservoir.core.uri.InvalidUriException;
import dev.reservoir.core.uri.UriValidator;
import dev.reservoir.provider.jdbc.sql.DbException;

/**
 * Identifiers as URI path segments and query values: UTF-8, every byte percent-encoded (upper-case
 * hex) except RFC 3986 unreserved characters, so any name (quotes, spaces, slashes, unicode) makes
 * one segment and decodes back exactly. "." and ".." are encoded whole, since URI normalization
 * would remove them as dot segments. Decoding is strict (the URI layer's): a bad escape or bad UTF-8 is refused.
 */
public final class Segments {

    private Segments() {}

    /** The segment for a name. */
    public static String encode(String name) {
        if (name.equals(".") || name.equals("..")) {
            return name.equals(".") ? "%2E" : "%2E%2E";
        }
        return UriValidator.percentEncode(name);
    }

    /** The name a segment or query value stands for; throws BadRequest when it is not valid. */
    public static String decode(String raw) {
        try {
            return UriValidator.percentDecode(raw);
        } catch (InvalidUriException e) {
            throw new DbException.BadRequest("'" + raw + "' is not a name: " + e.getMessage());
        }
    }
}
