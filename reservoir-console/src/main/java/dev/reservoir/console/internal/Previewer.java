package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ReadResourceResult;
import dev.reservoir.client.ResourceContents;
import dev.reservoir.client.StreamedResourceContents;
import dev.reservoir.core.model.Resource;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a resource for the preview: its content streams through, the first bytes are kept (8 MiB at
 * most), and the page gets text (the first 1 MiB), an image (whole, when it fits), or the first
 * 64 KiB of other binary content for a hex view, with the total size so that it can say what was
 * cut. Images reach the page as base64 in JSON, only for image types a browser shows without
 * running anything (an SVG shown through an img element runs no script). Stateless.
 */
final class Previewer {

    static final int KEEP_BYTES = 8 << 20;
    static final int TEXT_BYTES = 1 << 20;
    static final int HEX_BYTES = 64 << 10;

    private static final Set<String> IMAGES = Set.of(
            "image/png",
            "image/jpeg",
            "image/gif",
            "image/webp",
            "image/bmp",
            "image/x-icon",
            "image/vnd.microsoft.icon",
            "image/avif",
            "image/svg+xml");

    private Previewer() {}

    /** Reads and describes one resource; {@code listed} is its listing metadata, or null. */
    static ObjectNode preview(McpClient client, String uri, ResourceIndex index) {
        Head head = new Head(KEEP_BYTES);
        ObjectNode out = JsonNodeFactory.instance.objectNode().put("uri", uri);
        Resource listed = index.known(uri);
        if (listed != null) {
            out.set("listed", Json.resource(listed));
        }
        try (ReadResourceResult result = client.readTo(uri, head)) {
            out.put("items", result.contents().size());
            if (result.contents().isEmpty()) {
                return out.put("kind", "empty");
            }
            ResourceContents first = result.first();
            out.set("resource", Json.resource(first.resource()));
            boolean sentAsText = first instanceof StreamedResourceContents s && s.text();
            String mime = first.mimeType() != null ? first.mimeType() : listed == null ? null : listed.mimeType();
            describe(out, head, mime, sentAsText);
            if (listed == null || listed.size() == null) {
                index.saw(first.resource().toBuilder().size(head.total()).build());
            }
            return out;
        }
    }

    private static void describe(ObjectNode out, Head head, String mime, boolean sentAsText) {
        byte[] bytes = head.bytes();
        out.put("mimeType", mime);
        out.put("totalBytes", head.total());
        String type =
                mime == null ? "" : mime.toLowerCase(Locale.ROOT).split(";")[0].strip();
        String image = IMAGES.contains(type) ? type : sniffImage(bytes);
        if (image != null && !head.cut()) {
            out.put("kind", "image").put("imageType", image).put("shownBytes", bytes.length);
            out.put("base64", Base64.getEncoder().encodeToString(bytes));
            return;
        }
        int textEnd = boundary(bytes, Math.min(bytes.length, TEXT_BYTES));
        String text = sentAsText || texty(type) ? utf8(bytes, textEnd) : null;
        if (text != null) {
            out.put("kind", "text").put("text", text).put("shownBytes", textEnd);
            out.put("truncated", textEnd < head.total());
            return;
        }
        int shown = Math.min(bytes.length, HEX_BYTES);
        out.put("kind", "binary").put("shownBytes", shown).put("truncated", shown < head.total());
        out.put("base64", Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(bytes, shown)));
        if (image != null) {
            out.put("note", "an image too large to preview (over " + (KEEP_BYTES >> 20) + " MiB)");
        }
    }

    /** Whether a MIME type names text (or is unknown, in which case the bytes decide). */
    static boolean texty(String type) {
        return type.isEmpty()
                || type.startsWith("text/")
                || type.endsWith("+json")
                || type.endsWith("+xml")
                || type.equals("application/json")
                || type.equals("application/xml")
                || type.equals("application/javascript")
                || type.equals("application/x-yaml")
                || type.equals("application/yaml")
                || type.equals("application/toml")
                || type.equals("application/sql")
                || type.equals("application/x-sh");
    }

    /** The bytes as UTF-8 text, or null when they are not valid UTF-8 (binary after all). */
    private static String utf8(byte[] bytes, int end) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, end))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The largest end at or before {@code end} that does not split a UTF-8 sequence. */
    static int boundary(byte[] bytes, int end) {
        if (end >= bytes.length) {
            return end;
        }
        int at = end;
        while (at > 0 && end - at < 4 && (bytes[at] & 0xC0) == 0x80) {
            at--;
        }
        return at;
    }

    /** The image type the first bytes announce (PNG, JPEG, GIF, WebP), or null. */
    static String sniffImage(byte[] b) {
        if (b.length >= 8 && (b[0] & 0xFF) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
            return "image/png";
        }
        if (b.length >= 3 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xD8 && (b[2] & 0xFF) == 0xFF) {
            return "image/jpeg";
        }
        if (b.length >= 6 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F' && b[3] == '8') {
            return "image/gif";
        }
        if (b.length >= 12
                && b[0] == 'R'
                && b[1] == 'I'
                && b[2] == 'F'
                && b[3] == 'F'
                && b[8] == 'W'
                && b[9] == 'E'
                && b[10] == 'B'
                && b[11] == 'P') {
            return "image/webp";
        }
        return null;
    }
}
