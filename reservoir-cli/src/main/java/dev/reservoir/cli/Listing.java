package dev.reservoir.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** How the client commands print resources: a table or a tree for people, JSON for scripts. */
final class Listing {

    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .build();
    private static final WireFormat WIRE = new WireFormat(ProtocolRevision.LATEST, true);
    private static final DateTimeFormatter MODIFIED =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Listing() {}

    /** The name people read: the title when there is one. */
    static String displayName(Resource r) {
        String name = r.title() != null ? r.title() : r.name();
        return r.collection() ? name + "/" : name;
    }

    static String size(Long bytes) {
        if (bytes == null) {
            return "-";
        }
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    static String modified(Resource r) {
        return r.annotations().lastModified() == null
                ? "-"
                : MODIFIED.format(r.annotations().lastModified());
    }

    static String type(Resource r) {
        return r.mimeType() == null ? "-" : r.mimeType();
    }

    /** A table: NAME, SIZE, TYPE, MODIFIED, URI; columns as wide as their longest cell (up to a limit). */
    static void table(List<Resource> resources, PrintWriter out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"NAME", "SIZE", "TYPE", "MODIFIED", "URI"});
        for (Resource r : resources) {
            rows.add(new String[] {clip(displayName(r), 40), size(r.size()), clip(type(r), 30), modified(r), r.uri()});
        }
        int[] widths = new int[4];
        for (String[] row : rows) {
            for (int i = 0; i < 4; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            out.printf(
                    "%-" + widths[0] + "s  %" + widths[1] + "s  %-" + widths[2] + "s  %-" + widths[3] + "s  %s%n",
                    (Object[]) row);
        }
    }

    /** A tree by URI: scheme and authority, then each path segment. */
    static void tree(List<Resource> resources, PrintWriter out) {
        Node root = new Node();
        for (Resource r : resources) {
            Node node = root;
            for (String segment : segments(r.uri())) {
                node = node.children.computeIfAbsent(segment, k -> new Node());
            }
            node.resource = r;
        }
        for (Map.Entry<String, Node> top : root.children.entrySet()) {
            out.println(top.getKey() + describe(top.getValue()));
            print(top.getValue(), "", out);
        }
    }

    private static final class Node {
        final Map<String, Node> children = new TreeMap<>();
        Resource resource;
    }

    private static void print(Node node, String indent, PrintWriter out) {
        int i = 0;
        for (Map.Entry<String, Node> child : node.children.entrySet()) {
            boolean last = ++i == node.children.size();
            out.println(indent
                    + (last ? "\u2514\u2500\u2500 " : "\u251c\u2500\u2500 ")
                    + child.getKey()
                    + describe(child.getValue()));
            print(child.getValue(), indent + (last ? "    " : "\u2502   "), out);
        }
    }

    private static String describe(Node node) {
        Resource r = node.resource;
        if (r == null) {
            return node.children.isEmpty() ? "" : "/";
        }
        String name = r.title() != null ? "  \"" + r.title() + "\"" : "";
        return (r.collection() ? "/" : "") + "  (" + size(r.size()) + ", " + type(r) + ", " + modified(r) + ")" + name;
    }

    /** "demo://items/0001" is "demo://items" then "0001"; "file:///a/b" is "file://" then "a", "b". */
    static List<String> segments(String uri) {
        List<String> out = new ArrayList<>();
        int scheme = uri.indexOf("://");
        String rest;
        if (scheme < 0) {
            int colon = uri.indexOf(':');
            out.add(uri.substring(0, colon + 1));
            rest = uri.substring(colon + 1);
        } else {
            int slash = uri.indexOf('/', scheme + 3);
            out.add(slash < 0 ? uri : uri.substring(0, slash));
            rest = slash < 0 ? "" : uri.substring(slash + 1);
        }
        for (String s : rest.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
    }

    /** Resources (and templates, when given) as JSON, with the fields of the latest revision. */
    static void json(List<Resource> resources, List<ResourceTemplate> templates, PrintWriter out) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(text)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("resources");
            for (Resource r : resources) {
                WIRE.writeResource(g, r);
            }
            g.writeEndArray();
            if (templates != null) {
                g.writeArrayFieldStart("resourceTemplates");
                for (ResourceTemplate t : templates) {
                    WIRE.writeTemplate(g, t);
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println(text);
    }

    /** Templates as a table: TEMPLATE, NAME, TYPE. */
    static void templates(List<ResourceTemplate> templates, PrintWriter out) {
        int width = Math.max(
                8,
                templates.stream().mapToInt(t -> t.uriTemplate().length()).max().orElse(0));
        out.printf("%-" + width + "s  %s%n", "TEMPLATE", "NAME (TYPE)");
        for (ResourceTemplate t : templates) {
            out.printf(
                    "%-" + width + "s  %s%s%n",
                    t.uriTemplate(),
                    t.title() != null ? t.title() : t.name(),
                    t.mimeType() == null ? "" : " (" + t.mimeType() + ")");
        }
    }
}
