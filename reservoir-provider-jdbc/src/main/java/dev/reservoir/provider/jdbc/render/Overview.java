package dev.reservoir.provider.jdbc.render;

import dev.reservoir.provider.jdbc.catalog.OverviewTable;
import dev.reservoir.provider.jdbc.catalog.TableKind;
import dev.reservoir.provider.jdbc.catalog.TableName;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The overview of a whole database as compact Markdown, sized for a model's context: one heading
 * per schema, two lines per table (name, kind, row estimate, comment; then every column with its
 * type and PK / NOT NULL / → reference marks). Tables come whole or not at all; when the budget
 * runs out, a last line says how many were left out and where to list them.
 */
public final class Overview {

    /** Where the URIs of the database's resources start, and how a table's URI is written. */
    public record Links(String base, Function<TableName, String> tableUri, Function<String, String> schemaUri) {}

    private static final int TRAILER_ROOM = 300;

    private Overview() {}

    /**
     * The overview text, at most {@code budget} UTF-8 bytes (a budget too small for even the
     * heading still gets the heading and the trailer).
     */
    public static String render(
            String title, List<String> schemas, List<OverviewTable> tables, Links links, long budget) {
        StringBuilder out = new StringBuilder();
        long tableCount = tables.stream()
                .filter(t -> !t.ref().kind().name().contains("VIEW"))
                .count();
        out.append("# ")
                .append(title)
                .append('\n')
                .append(tableCount)
                .append(tableCount == 1 ? " table" : " tables")
                .append(" and ")
                .append(tables.size() - tableCount)
                .append(tables.size() - tableCount == 1 ? " view" : " views")
                .append(" in ")
                .append(schemas.size() == 1 ? "schema " : "schemas ")
                .append(String.join(", ", schemas))
                .append(". Each table's ")
                .append(links.base())
                .append("SCHEMA/TABLE/schema has every detail (keys, indexes,")
                .append(" comments), /rows a sample of its rows and /stats its size.\n");
        long used = utf8(out);
        String schema = null;
        int shown = 0;
        for (OverviewTable table : tables) {
            StringBuilder chunk = new StringBuilder();
            if (!table.ref().name().schema().equals(schema)) {
                chunk.append("\n## ").append(table.ref().name().schema()).append('\n');
            }
            table(chunk, table, links);
            long size = utf8(chunk);
            if (used + size + TRAILER_ROOM > budget) {
                trailer(out, tables, shown, budget, links);
                return out.toString();
            }
            out.append(chunk);
            used += size;
            schema = table.ref().name().schema();
            shown++;
        }
        return out.toString();
    }

    private static void table(StringBuilder out, OverviewTable table, Links links) {
        TableName name = table.ref().name();
        out.append("- ")
                .append(name.name())
                .append(" (")
                .append(table.ref().kind().label());
        if (table.rowEstimate() != null && table.ref().kind() != TableKind.VIEW) {
            out.append(", ~")
                    .append(String.format(Locale.ROOT, "%,d", table.rowEstimate()))
                    .append(" rows");
        }
        out.append(')');
        String uri = links.tableUri().apply(name);
        if (!uri.endsWith("/" + name.name()) || !name.schema().matches("[A-Za-z0-9_.~-]+")) {
            out.append(" ").append(uri); // the name needs encoding: give the URI rather than let it be guessed
        }
        if (table.ref().comment() != null) {
            out.append(": ").append(table.ref().comment().replace('\n', ' '));
        }
        out.append("\n  ");
        for (int i = 0; i < table.columns().size(); i++) {
            OverviewTable.Col col = table.columns().get(i);
            out.append(i == 0 ? "" : ", ").append(col.name()).append(' ').append(col.type());
            if (col.primaryKey()) {
                out.append(" PK");
            } else if (col.notNull()) {
                out.append(" NOT NULL");
            }
            if (col.references() != null) {
                out.append(" → ").append(col.references());
            }
        }
        out.append('\n');
    }

    private static void trailer(StringBuilder out, List<OverviewTable> tables, int shown, long budget, Links links) {
        OverviewTable next = tables.get(shown);
        out.append("\n… ")
                .append(tables.size() - shown)
                .append(" more tables and views are not shown here (this")
                .append(" overview stops at ")
                .append(budget)
                .append(" bytes), from ")
                .append(next.ref().name())
                .append(" on; resources/list with ")
                .append(links.schemaUri().apply(next.ref().name().schema()))
                .append(" lists a schema's tables.\n");
    }

    private static long utf8(CharSequence text) {
        return text.toString().getBytes(StandardCharsets.UTF_8).length;
    }
}
