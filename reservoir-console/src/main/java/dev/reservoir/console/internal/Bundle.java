package dev.reservoir.console.internal;

import dev.reservoir.client.BlobResourceContents;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ReadResourceResult;
import dev.reservoir.client.ResourceContents;
import dev.reservoir.client.TextResourceContents;
import dev.reservoir.core.model.Resource;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The context basket as one Markdown document: a heading per resource with its URI, type, size and
 * modification time, then its text in a fence longer than any run of backticks inside it (so no
 * content can end the fence early). Binary content is named, not included. Stops at the budget.
 */
final class Bundle {

    private static final Map<String, String> LANGUAGES = Map.ofEntries(
            Map.entry("text/markdown", "markdown"),
            Map.entry("application/json", "json"),
            Map.entry("text/csv", "csv"),
            Map.entry("text/html", "html"),
            Map.entry("application/xml", "xml"),
            Map.entry("text/xml", "xml"),
            Map.entry("text/x-java", "java"),
            Map.entry("text/x-python", "python"),
            Map.entry("text/javascript", "javascript"),
            Map.entry("application/javascript", "javascript"),
            Map.entry("application/yaml", "yaml"),
            Map.entry("text/yaml", "yaml"));

    private Bundle() {}

    /** Reads the resources in order and writes the bundle; at most {@code budget} content bytes. */
    static String write(McpClient client, String server, List<String> uris, long budget) {
        StringBuilder md = new StringBuilder();
        md.append("# Context from ").append(oneLine(server)).append("\n\n");
        long used = 0;
        int included = 0;
        StringBuilder body = new StringBuilder();
        for (String uri : uris) {
            try (ReadResourceResult result = client.read(uri)) {
                ResourceContents item = result.first();
                long size = size(item);
                if (used + size > budget) {
                    body.append("<!-- left out: ")
                            .append(oneLine(uri))
                            .append(" (")
                            .append(size)
                            .append(" bytes) does not fit the budget -->\n\n");
                    continue;
                }
                used += size;
                included++;
                section(body, item, size);
            }
        }
        md.append(included)
                .append(" resource")
                .append(included == 1 ? "" : "s")
                .append(", ")
                .append(used)
                .append(" bytes (about ")
                .append(Tokens.estimate(used))
                .append(" tokens), exported ")
                .append(Instant.now())
                .append(".\n\n");
        return md.append(body).toString();
    }

    private static long size(ResourceContents item) {
        return switch (item) {
            case TextResourceContents t -> t.byteSize();
            case BlobResourceContents b -> b.size();
            default -> 0;
        };
    }

    private static void section(StringBuilder md, ResourceContents item, long size) {
        Resource r = item.resource();
        String title = r.title() != null ? r.title() : r.name();
        md.append("## ").append(oneLine(title)).append("\n\n");
        md.append("- URI: `").append(oneLine(r.uri()).replace("`", "%60")).append("`\n");
        if (r.mimeType() != null) {
            md.append("- Type: ").append(oneLine(r.mimeType())).append('\n');
        }
        md.append("- Size: ").append(size).append(" bytes\n");
        if (r.annotations().lastModified() != null) {
            md.append("- Modified: ").append(r.annotations().lastModified()).append('\n');
        }
        md.append('\n');
        if (item instanceof TextResourceContents text) {
            String fence = fenceFor(text.text());
            String language = r.mimeType() == null ? "" : LANGUAGES.getOrDefault(baseType(r.mimeType()), "");
            md.append(fence).append(language).append('\n').append(text.text());
            if (!text.text().endsWith("\n")) {
                md.append('\n');
            }
            md.append(fence).append("\n\n");
        } else {
            md.append("_Binary content (")
                    .append(r.mimeType() == null ? "unknown type" : oneLine(r.mimeType()))
                    .append(", ")
                    .append(size)
                    .append(" bytes), not included._\n\n");
        }
    }

    /** Backticks, one more than the longest run in the text (at least three). */
    static String fenceFor(String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return "`".repeat(Math.max(3, longest + 1));
    }

    private static String baseType(String mime) {
        return mime.toLowerCase(Locale.ROOT).split(";")[0].strip();
    }

    /** Text for a heading or list item: one line, no raw HTML. */
    private static String oneLine(String s) {
        String line = s.replaceAll("[\\r\\n]+", " ");
        return line.replace("<", "&lt;").replace(">", "&gt;");
    }
}
