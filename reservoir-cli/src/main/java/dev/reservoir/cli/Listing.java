package dev.reservoir.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the client commands print resources: a table for people, JSON for scripts. Times are in the
 * local time zone ({@code TZ}), in one format across commands; on a terminal of known width the
 * table is fitted to it, shortening names, types and URIs (never sizes or times).
 */
final class Listing {

    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .build();
    private static final WireFormat WIRE = new WireFormat(ProtocolRevision.LATEST, true);
    /** Minutes in listings; {@link #SECONDS} where events come close together (watch). */
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private static final int SEPARATOR = 2;
    /** How far each shrinkable column may shrink to fit a terminal: NAME, TYPE, URI. */
    private static final int MIN_NAME = 14;

    private static final int MIN_TYPE = 10;
    private static final int MIN_URI = 20;

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

    /** A time as every command prints it for people: local time ({@code TZ}), to the minute. */
    static String time(Instant at) {
        return at == null ? "-" : MINUTES.withZone(ZoneId.systemDefault()).format(at);
    }

    /** The same, to the second (watch: events come close together). */
    static String timeToSecond(Instant at) {
        return SECONDS.withZone(ZoneId.systemDefault()).format(at);
    }

    static String modified(Resource r) {
        return time(r.annotations().lastModified());
    }

    static String type(Resource r) {
        return r.mimeType() == null ? "-" : r.mimeType();
    }

    /**
     * A table: NAME, SIZE, TYPE, MODIFIED, URI; columns as wide as their longest cell (names up to
     * 40 columns, types up to 30), narrowed to fit {@code columns} when that is known (not 0).
     */
    static void table(List<Resource> resources, int columns, PrintWriter out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"NAME", "SIZE", "TYPE", "MODIFIED", "URI"});
        for (Resource r : resources) {
            rows.add(new String[] {displayName(r), size(r.size()), type(r), modified(r), r.uri()});
        }
        int[] widths = new int[5];
        for (String[] row : rows) {
            for (int i = 0; i < 5; i++) {
                widths[i] = Math.max(widths[i], Text.width(row[i]));
            }
        }
        widths[0] = Math.min(widths[0], 40);
        widths[2] = Math.min(widths[2], 30);
        if (columns > 0) {
            fit(widths, columns);
        }
        for (String[] row : rows) {
            out.println(Text.padRight(Text.clip(row[0], widths[0]), widths[0])
                    + "  " + Text.padLeft(row[1], widths[1])
                    + "  " + Text.padRight(Text.clip(row[2], widths[2]), widths[2])
                    + "  " + Text.padRight(row[3], widths[3])
                    + "  " + Text.clipMiddle(row[4], widths[4]));
        }
    }

    /** Narrows TYPE, then NAME, then URI (down to their minimums) until the row fits. */
    private static void fit(int[] widths, int columns) {
        int over = total(widths) - columns;
        int[][] order = {{2, MIN_TYPE}, {0, MIN_NAME}, {4, MIN_URI}};
        for (int[] column : order) {
            if (over <= 0) {
                return;
            }
            int give = Math.max(0, Math.min(over, widths[column[0]] - column[1]));
            widths[column[0]] -= give;
            over -= give;
        }
    }

    private static int total(int[] widths) {
        int sum = SEPARATOR * (widths.length - 1);
        for (int w : widths) {
            sum += w;
        }
        return sum;
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

    /**
     * One resource's metadata as a JSON object (uri, name, title, mimeType, size, annotations...), as
     * the latest revision writes it; no name when the server gave none (the client puts the URI there).
     */
    static ObjectNode resourceNode(Resource r) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(text)) {
            WIRE.writeResource(g, r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            ObjectNode node = (ObjectNode) JSON.readTree(text.toString());
            if (node.path("name").asText().equals(r.uri())) {
                node.remove("name");
            }
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Templates as a table: TEMPLATE, NAME, TYPE. */
    static void templates(List<ResourceTemplate> templates, PrintWriter out) {
        int width = Math.max(
                8,
                templates.stream()
                        .mapToInt(t -> Text.width(t.uriTemplate()))
                        .max()
                        .orElse(0));
        out.println(Text.padRight("TEMPLATE", width) + "  NAME (TYPE)");
        for (ResourceTemplate t : templates) {
            out.println(Text.padRight(t.uriTemplate(), width) + "  " + (t.title() != null ? t.title() : t.name())
                    + (t.mimeType() == null ? "" : " (" + t.mimeType() + ")"));
        }
    }
}
