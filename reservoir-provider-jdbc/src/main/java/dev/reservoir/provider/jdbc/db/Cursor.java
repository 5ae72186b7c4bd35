package dev.reservoir.provider.jdbc.db;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.reservoir.provider.jdbc.sql.DbException;

/**
 * A listing position: the last entry returned, as a JSON array ({@code ["t","public","orders",2]}).
 * Positions are keys, not offsets, so pages neither repeat nor skip while tables come and go.
 *
 * @param phase "h" (the database's own entries, by index), "t" (schemas and their tables), "c" (children)
 * @param index the header index, or the part of a table (-1 for the schema itself, 0 the table, 1-3 its parts)
 * @param schema the schema of the last entry, or null
 * @param name the table (or child name) of the last entry, or null
 */
record Cursor(String phase, int index, String schema, String name) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    String encode() {
        ArrayNode array = MAPPER.createArrayNode().add(phase).add(index);
        array.add(schema);
        array.add(name);
        return array.toString();
    }

    static Cursor decode(String text) {
        try {
            JsonNode array = MAPPER.readTree(text);
            if (array != null && array.isArray() && array.size() == 4) {
                return new Cursor(
                        array.get(0).asText(),
                        array.get(1).asInt(),
                        array.get(2).isNull() ? null : array.get(2).asText(),
                        array.get(3).isNull() ? null : array.get(3).asText());
            }
        } catch (JsonProcessingException e) {
            // said below
        }
        throw new DbException.BadRequest("the listing cursor is not one this database gave out");
    }
}
