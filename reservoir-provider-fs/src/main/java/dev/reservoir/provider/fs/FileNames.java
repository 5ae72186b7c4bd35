package dev.reservoir.provider.fs;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * File names as strings and back, byte-exact whatever the locale. A name is shown (and named by
 * a URI) when its bytes are valid UTF-8, the convention of Linux and macOS; the string is that
 * decoding. The JDK turns names into strings with the locale's charset ({@code sun.jnu.encoding}):
 * under a UTF-8 locale that is the same thing and costs nothing; under any other (an MCP host
 * that starts the server with a bare environment gives ASCII) names outside ASCII go through
 * {@code file:} URIs, whose percent-encoded bytes the JDK maps to and from paths without the
 * locale. Stateless.
 */
final class FileNames {

    /** The charset the JVM uses for file names (fixed when it starts, from the locale). */
    static final Charset ENCODING = jnuEncoding();

    /** Whether the JVM's file names are UTF-8, so strings and paths convert directly. */
    static final boolean UTF8 = ENCODING.equals(StandardCharsets.UTF_8);

    private FileNames() {}

    private static Charset jnuEncoding() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }

    /** The one-name relative path whose bytes are the UTF-8 of {@code name} (a safe name). */
    static Path path(String name) {
        if (UTF8 || isAscii(name)) {
            return Path.of(name);
        }
        StringBuilder uri = new StringBuilder("file:///");
        FileUris.encode(name, uri);
        return Path.of(URI.create(uri.toString())).getFileName();
    }

    /** The last name of {@code path} as a string, or null when its bytes are not valid UTF-8. */
    static String name(Path path) {
        Path last = path.getFileName();
        if (last == null) {
            return null;
        }
        String name = last.toString();
        if (UTF8) {
            // Invalid bytes decode to U+FFFD; a real U+FFFD in the name round-trips, they do not.
            return name.indexOf('\uFFFD') < 0 || sameBytes(name, last) ? name : null;
        }
        if (isAscii(name)) {
            return name;
        }
        String raw = last.toUri().getRawPath(); // the JDK's own percent-encoding of the bytes
        if (raw.endsWith("/")) {
            raw = raw.substring(0, raw.length() - 1);
        }
        return decodeUtf8(raw.substring(raw.lastIndexOf('/') + 1));
    }

    /** Every name of an absolute path, or null when one of them is not valid UTF-8. */
    static List<String> names(Path absolute) {
        List<String> out = new ArrayList<>();
        for (Path part : absolute) {
            String name = name(part);
            if (name == null) {
                return null;
            }
            out.add(name);
        }
        return out;
    }

    /** A path for logs: its bytes percent-encoded where they are not plain ASCII, so nothing is lost. */
    static String show(Path path) {
        String text = path.toString();
        return (UTF8 && text.indexOf('\uFFFD') < 0) || isAscii(text)
                ? text
                : path.toUri().getRawPath();
    }

    private static boolean sameBytes(String name, Path original) {
        try {
            return Path.of(name).equals(original);
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Strict UTF-8 of percent-encoded bytes (as {@link Path#toUri} writes them), or null. */
    private static String decodeUtf8(String encoded) {
        ByteBuffer bytes = ByteBuffer.allocate(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%' && i + 2 < encoded.length()) {
                bytes.put((byte) Integer.parseInt(encoded, i + 1, i + 3, 16));
                i += 2;
            } else {
                bytes.put((byte) c);
            }
        }
        bytes.flip();
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes)
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
