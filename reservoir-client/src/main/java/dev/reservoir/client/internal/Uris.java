package dev.reservoir.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.uri.UriValidator;
import java.nio.charset.StandardCharsets;

/**
 * Makes a server's URI acceptable to the model's strict RFC 3986 check: an IRI (non-ASCII) or a URI
 * with stray spaces is mapped to its URI form by percent-encoding those characters as UTF-8 (RFC
 * 3987, section 3.1), rather than dropping the resource.
 */
public final class Uris {

    private static final String UNSAFE = " \"<>\\^`{|}";

    private Uris() {}

    /** The URI as is when valid, else its percent-encoded form (which may still be invalid). */
    public static String lenient(String uri) {
        try {
            UriValidator.validate(uri);
            return uri;
        } catch (IllegalArgumentException e) {
            StringBuilder out = new StringBuilder(uri.length() + 16);
            for (byte b : uri.getBytes(StandardCharsets.UTF_8)) {
                int c = b & 0xff;
                if (c < 0x21 || c > 0x7e || UNSAFE.indexOf(c) >= 0) {
                    out.append('%')
                            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                            .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
                } else {
                    out.append((char) c);
                }
            }
            return out.toString();
        }
    }

    /** A copy of a model node whose {@code uri} field is {@link #lenient}; the node itself when nothing changes. */
    public static JsonNode lenientUri(JsonNode node) {
        JsonNode uri = node == null ? null : node.get("uri");
        if (uri == null || !uri.isTextual()) {
            return node;
        }
        String fixed = lenient(uri.textValue());
        if (fixed.equals(uri.textValue())) {
            return node;
        }
        ObjectNode copy = ((ObjectNode) node).deepCopy();
        copy.put("uri", fixed);
        return copy;
    }
}
