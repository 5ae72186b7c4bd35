package dev.reservoir.provider.git;

import dev.reservoir.core.uri.UriValidator;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the URIs of one repository. Every URI is {@code git://NAME/} followed by a kind and its
 * parts; each part is percent-encoded as UTF-8 (for a path, its raw bytes) except RFC 3986
 * unreserved characters, with '/' kept between the names of a ref or a path. Thread-safe.
 */
final class GitUris {

    static final String SCHEME = "git";

    private final String name;
    private final String root;

    GitUris(String name) {
        this.name = name;
        this.root = SCHEME + "://" + name + "/";
    }

    String name() {
        return name;
    }

    /** {@code git://NAME/}: the repository. */
    String root() {
        return root;
    }

    /** {@code git://NAME/tree/TOKEN[/PATH]}: a file or folder at a revision (the ref's root tree when the path is empty). */
    String tree(String token, byte[] path) {
        return path.length == 0
                ? root + "tree/" + encodeRef(token)
                : root + "tree/" + encodeRef(token) + "/" + encodePath(path);
    }

    String commit(String token) {
        return root + "commit/" + encodeRef(token);
    }

    String log(String token) {
        return root + "log/" + encodeRef(token);
    }

    String blame(String token, byte[] path) {
        return root + "blame/" + encodeRef(token) + "/" + encodePath(path);
    }

    String status() {
        return root + "status";
    }

    String diff() {
        return root + "diff";
    }

    /** The template of a kind: {@code git://NAME/} plus the given rest, e.g. {@code tree/{+ref}/{+path}}. */
    String template(String rest) {
        return root + rest;
    }

    /** A ref name or revision, with its '/' kept. */
    static String encodeRef(String token) {
        return encodeSegments(token.getBytes(StandardCharsets.UTF_8));
    }

    /** A path's raw bytes, with its '/' kept. */
    static String encodePath(byte[] path) {
        return encodeSegments(path);
    }

    private static String encodeSegments(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length + 16);
        UriValidator.percentEncode(bytes, true, out);
        return out.toString();
    }

    /** Percent-decodes one URI component to bytes; null when a '%' is not followed by two hex digits. */
    static byte[] decode(String component) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(component.length());
        for (int i = 0; i < component.length(); i++) {
            char c = component.charAt(i);
            if (c == '%') {
                if (i + 2 >= component.length()) {
                    return null;
                }
                int hi = Character.digit(component.charAt(i + 1), 16);
                int lo = Character.digit(component.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else if (c < 0x80) {
                out.write(c);
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
            }
        }
        return out.toByteArray();
    }

    /** Bytes as strict UTF-8, or null when they are not UTF-8. */
    static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** Splits on '/' (no decoding); "a//b" gives an empty segment. */
    static List<String> split(String path) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= path.length(); i++) {
            if (i == path.length() || path.charAt(i) == '/') {
                out.add(path.substring(start, i));
                start = i + 1;
            }
        }
        return out;
    }
}
