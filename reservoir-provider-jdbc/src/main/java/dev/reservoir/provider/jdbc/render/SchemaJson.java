package dev.reservoir.provider.jdbc.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.provider.jdbc.catalog.Column;
import dev.reservoir.provider.jdbc.catalog.Constraints;
import dev.reservoir.provider.jdbc.catalog.TableDetail;
import dev.reservoir.provider.jdbc.catalog.TableStats;
import java.util.List;

/**
 * A table's schema and stats as JSON: names exactly as the database spells them, absent fields
 * for what is unknown, empty lists kept (so a reader can tell "none" from "not shown").
 */
public final class SchemaJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SchemaJson() {}

    /** The schema resource's JSON form. */
    public static String schema(TableDetail table) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", table.ref().name().schema());
        root.put("name", table.ref().name().name());
        root.put("kind", table.ref().kind().label());
        putIfSet(root, "comment", table.ref().comment());
        ArrayNode columns = root.putArray("columns");
        for (Column c : table.columns()) {
            ObjectNode column = columns.addObject()
                    .put("name", c.name())
                    .put("type", c.type())
                    .put("nullable", c.nullable());
            putIfSet(column, "default", c.defaultValue());
            putIfSet(column, "generated", c.generated());
            putIfSet(column, "comment", c.comment());
        }
        if (table.primaryKey() != null) {
            key(root.putObject("primaryKey"), table.primaryKey());
        }
        ArrayNode uniques = root.putArray("uniqueConstraints");
        table.uniques().forEach(u -> key(uniques.addObject(), u));
        ArrayNode foreign = root.putArray("foreignKeys");
        table.foreignKeys().forEach(fk -> foreignKey(foreign.addObject(), fk));
        ArrayNode checks = root.putArray("checks");
        table.checks().forEach(ch -> checks.addObject().put("name", ch.name()).put("expression", ch.expression()));
        ArrayNode indexes = root.putArray("indexes");
        for (Constraints.Index index : table.indexes()) {
            ObjectNode node = indexes.addObject().put("name", index.name()).put("unique", index.unique());
            strings(node.putArray("columns"), index.columns());
            putIfSet(node, "definition", index.definition());
        }
        putIfSet(root, "viewDefinition", table.viewDefinition());
        return root.toPrettyString() + "\n";
    }

    private static void foreignKey(ObjectNode node, Constraints.ForeignKey fk) {
        putIfSet(node, "name", fk.name());
        strings(node.putArray("columns"), fk.columns());
        ObjectNode ref = node.putObject("references")
                .put("schema", fk.target().schema())
                .put("table", fk.target().name());
        strings(ref.putArray("columns"), fk.targetColumns());
        putIfSet(node, "onUpdate", fk.onUpdate());
        putIfSet(node, "onDelete", fk.onDelete());
    }

    private static void key(ObjectNode node, Constraints.Key key) {
        putIfSet(node, "name", key.name());
        strings(node.putArray("columns"), key.columns());
    }

    /** The stats resource's JSON. */
    public static String stats(String schema, String name, String kind, TableStats stats) {
        ObjectNode root = MAPPER.createObjectNode()
                .put("schema", schema)
                .put("name", name)
                .put("kind", kind);
        if (stats.rowEstimate() != null) {
            root.put("rowEstimate", stats.rowEstimate());
        }
        putIfSet(root, "rowEstimateSource", stats.rowEstimateSource());
        if (stats.tableBytes() != null) {
            root.put("tableBytes", stats.tableBytes());
        }
        if (stats.totalBytes() != null) {
            root.put("totalBytes", stats.totalBytes());
        }
        putIfSet(
                root,
                "lastAnalyzed",
                stats.lastAnalyzed() == null ? null : stats.lastAnalyzed().toString());
        putIfSet(
                root,
                "lastVacuumed",
                stats.lastVacuumed() == null ? null : stats.lastVacuumed().toString());
        if (stats.deadRows() != null) {
            root.put("deadRows", stats.deadRows());
        }
        return root.toPrettyString() + "\n";
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
