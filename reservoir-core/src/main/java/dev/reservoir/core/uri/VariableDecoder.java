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
            UriTemplate template, List<Slot> slots, List<List<String>> captures, boolean unsafeAllowed) {
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
                decoded.add(decodeValue(template, slot, item, unsafeAllowed));
            }
            variables.put(slot.name(), String.join(",", decoded));
            if (slot.explode()) {
                lists.put(slot.name(), decoded);
            }
        }
        return Optional.of(new UriTemplateMatch(template, variables, lists));
    }

    private static String decodeValue(UriTemplate template, Slot slot, String raw, boolean unsafeAllowed) {
        String value;
        try {
            value = UriValidator.percentDecode(raw);
        } catch (InvalidUriException e) {
            throw refuse(template, slot, "is not valid UTF-8 after percent-decoding", false);
        }
        if (unsafeAllowed) {
            return value;
        }
        if (value.indexOf('\0') >= 0) {
            throw refuse(template, slot, "contains a NUL character after percent-decoding", true);
        }
        // Outside + and #, expansion encodes '/' and '\', so an encoded one can only come from a crafted URI.
        if (!slot.reserved() && hasEncodedSeparator(raw)) {
            throw refuse(template, slot, "contains an encoded '/' or '\\' (%2F or %5C)", true);
        }
        if (hasDotDotSegment(value)) {
            throw refuse(template, slot, "contains a '..' path segment after percent-decoding", true);
        }
        return value;
    }

    private static boolean hasEncodedSeparator(String raw) {
        String upper = raw.toUpperCase(Locale.ROOT);
        return upper.contains("%2F") || upper.contains("%5C");
    }

    /** Whether some segment, splitting on '/' and on '\' (a separator on Windows), is exactly "..". */
    static boolean hasDotDotSegment(String value) {
        int segmentStart = 0;
        for (int i = 0; i <= value.length(); i++) {
            if (i == value.length() || value.charAt(i) == '/' || value.charAt(i) == '\\') {
                if (i - segmentStart == 2 && value.startsWith("..", segmentStart)) {
                    return true;
                }
                segmentStart = i + 1;
            }
        }
        return false;
    }

    private static UnsafeVariableException refuse(UriTemplate template, Slot slot, String problem, boolean unused) {
        String message = "variable '" + slot.name() + "' of template '" + UriChars.excerpt(template.template()) + "' "
                + problem + "; the URI is refused";
        // The message goes to the client, so it says what was wrong with the URI and nothing about
        // how the server could be configured (withUnsafeValuesAllowed() is documented for authors).
        return new UnsafeVariableException(slot.name(), message);
    }
}
