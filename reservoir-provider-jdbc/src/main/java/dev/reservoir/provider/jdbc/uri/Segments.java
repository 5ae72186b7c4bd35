package dev.reservoir.provider.jdbc.uri;

import dev.reservoir.provider.jdbc.sql.DbException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Identifiers as URI path segments and query values: UTF-8, every byte percent-encoded (upper-case
 * hex) except RFC 3986 unreserved characters, so any name (quotes, spaces, slashes, unicode) makes
 * one segment and decodes back exactly. "." and ".." are encoded whole, since URI normalization
 * would remove them as dot segments. Decoding is strict: a bad escape or bad UTF-8 is refused.
 */
public final class Segments {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private Segments() {}

    /** The segment for a name. */
    public static String encode(String name) {
        if (name.equals(".") || name.equals("..")) {
            return name.equals(".") ? "%2E" : "%2E%2E";
        }
        StringBuilder out = new StringBuilder(name.length() + 8);
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (unreserved(c)) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }

    /** The name a segment or query value stands for; throws BadRequest when it is not valid. */
    public static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '%') {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
            int lo = hi < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
            if (lo < 0) {
                throw new DbException.BadRequest("'" + raw + "' has a '%' that is not followed by two hex digits");
            }
            bytes.write(hi << 4 | lo);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new DbException.BadRequest("'" + raw + "' is not valid UTF-8 once percent-decoded");
        }
    }

    private static boolean unreserved(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }
}
