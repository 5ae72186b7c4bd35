package dev.reservoir.core.uri;

import dev.reservoir.core.uri.MatchCompiler.Slot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Turns a program's raw captures into a {@link UriTemplateMatch}, decoding and vetting each value; stateless. */
final class VariableDecoder {

    private VariableDecoder() {}

    /**
     * Decodes the captures; empty when one variable was captured twice with different values (no single
     * assignment expands to the URI); throws {@link UnsafeVariableException} for an unsafe value.
     */
    static Optional<UriTemplateMatch> decode(
            UriTemplate template, String uri, List<Slot> slots, List<List<String>> captures, ValueCheck check) {
        Map<String, String> raws = new LinkedHashMap<>();
        Map<String, String> variables = new LinkedHashMap<>();
        Map<String, List<String>> lists = new LinkedHashMap<>();
        for (int s = 0; s < slots.size(); s++) {
            Slot slot = slots.get(s);
            List<String> raw = captures.get(s);
            if (raw.isEmpty()) {
                continue;
            }
            String joined = String.join(",", raw);
            if (!slot.explode() && raw.stream().distinct().count() > 1) {
                return Optional.empty();
            }
            String rawValue = slot.explode() ? joined : raw.get(0);
            String previous = raws.putIfAbsent(slot.name(), rawValue);
            if (previous != null) {
                if (!previous.equals(rawValue)) {
                    return Optional.empty();
                }
                continue;
            }
            List<String> decoded = new ArrayList<>(raw.size());
            for (String item : slot.explode() ? raw : List.of(rawValue)) {
                decoded.add(decodeValue(new Where(template, uri, slot), item, check));
            }
            if (decoded.contains(null)) {
                continue; // bytes that are not UTF-8 (PATH_BYTES): only the raw form is kept
            }
            variables.put(slot.name(), String.join(",", decoded));
            if (slot.explode()) {
                lists.put(slot.name(), decoded);
            }
        }
        return Optional.of(new UriTemplateMatch(template, variables, lists, raws));
    }

    /** The value being decoded: which variable of which template, in which URI (for the refusal). */
    private record Where(UriTemplate template, String uri, Slot slot) {}

    /** The decoded value; null for bytes that are not UTF-8 under {@link ValueCheck#PATH_BYTES}. */
    private static String decodeValue(Where where, String raw, ValueCheck check) {
        String value;
        try {
            value = UriValidator.percentDecode(raw);
        } catch (InvalidUriException e) {
            if (check != ValueCheck.PATH_BYTES) {
                throw refuse(where, "is not valid UTF-8 after percent-decoding");
            }
            checkBytes(where, raw);
            return null;
        }
        if (check == ValueCheck.NONE) {
            return value;
        }
        if (value.indexOf('\0') >= 0) {
            throw refuse(where, "contains a NUL character after percent-decoding");
        }
        // Outside + and #, expansion encodes '/' and '\', so an encoded one can only come from a crafted URI.
        if (!where.slot().reserved() && hasEncodedSeparator(raw)) {
            throw refuse(where, "contains an encoded '/' or '\\' (%2F or %5C)");
        }
        String dots = dotSegment(value);
        if (dots != null) {
            throw refuse(where, "contains a '" + dots + "' path segment after percent-decoding");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            // Control characters end up in file names, logs and terminals (a newline forges a log line,
            // an escape sequence drives a terminal); bidirectional overrides make a name read as
            // something else ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
            if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
                throw refuse(where, "contains the control character " + codePoint(c) + " after percent-decoding");
            }
            if ((c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069')) {
                throw refuse(where, "contains the bidirectional control " + codePoint(c) + " after percent-decoding");
            }
        }
        return value;
    }

    /**
     * The checks of {@link ValueCheck#PATH} on bytes that are not UTF-8: NUL and other C0 controls,
     * DEL, dot segments and encoded separators (C1 controls and bidirectional overrides are characters,
     * which such bytes are not).
     */
    private static void checkBytes(Where where, String raw) {
        if (!where.slot().reserved() && hasEncodedSeparator(raw)) {
            throw refuse(where, "contains an encoded '/' or '\\' (%2F or %5C)");
        }
        byte[] bytes = percentDecodeBytes(raw);
        for (byte b : bytes) {
            if ((b & 0xff) < 0x20 || b == 0x7F) {
                throw refuse(
                        where,
                        "contains the control character " + codePoint((char) (b & 0xff)) + " after percent-decoding");
            }
        }
        String dots = dotSegment(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
        if (dots != null) {
            throw refuse(where, "contains a '" + dots + "' path segment after percent-decoding");
        }
    }

    /** The bytes a percent-encoded value stands for (characters outside ASCII as their UTF-8). */
    static byte[] percentDecodeBytes(String raw) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && UriChars.isPctEncoded(raw, i)) {
                out.write(UriChars.hexValue(raw.charAt(i + 1)) << 4 | UriChars.hexValue(raw.charAt(i + 2)));
                i += 2;
            } else if (c < 0x80) {
                out.write(c);
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
                out.writeBytes(raw.substring(i, end).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                i = end - 1;
            }
        }
        return out.toByteArray();
    }

    private static String codePoint(char c) {
        return String.format(Locale.ROOT, "U+%04X", (int) c);
    }

    private static boolean hasEncodedSeparator(String raw) {
        String upper = raw.toUpperCase(Locale.ROOT);
        return upper.contains("%2F") || upper.contains("%5C");
    }

    /**
     * The first segment that is exactly "." or "..", splitting on '/' and on '\' (a separator on
     * Windows), or null. Both are refused: ".." climbs out, "." makes two URIs name one file.
     */
    static String dotSegment(String value) {
        int segmentStart = 0;
        for (int i = 0; i <= value.length(); i++) {
            if (i == value.length() || value.charAt(i) == '/' || value.charAt(i) == '\\') {
                int length = i - segmentStart;
                if ((length == 1 || length == 2) && value.startsWith("..".substring(2 - length), segmentStart)) {
                    return value.substring(segmentStart, i);
                }
                segmentStart = i + 1;
            }
        }
        return null;
    }

    private static UnsafeVariableException refuse(Where where, String problem) {
        String message = "variable '" + where.slot().name() + "' of template '"
                + UriChars.excerpt(where.template().template()) + "' " + problem + "; the URI is refused";
        // The message goes to the client, so it says what was wrong with the URI and nothing about
        // how the server could be configured (withUnsafeValuesAllowed() is documented for authors).
        return new UnsafeVariableException(where.slot().name(), where.uri(), message);
    }
}
