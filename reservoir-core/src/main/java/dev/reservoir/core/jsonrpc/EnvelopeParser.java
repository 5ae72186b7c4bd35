package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * Reads a message object's members straight from the parser: the envelope ("jsonrpc", "id",
 * "method") as plain values, and only "params", "result" and "error" as JSON trees. A request was
 * first read whole into a tree and then looked up member by member: an object, its hash table and
 * a node for every member, for every request, about a third of what decoding one cost.
 *
 * <p>It takes only the common case: one JSON object, well-formed, with nothing after it. For
 * anything else (a batch, a scalar, broken or trailing JSON) it answers null and the caller reads
 * the frame as a tree, so every error is the one the tree gives, word for word.
 */
final class EnvelopeParser {

    private final JsonNodeFactory nodes;

    /** Reads the values this class does not build itself (fractions): as the tree reader would. */
    private final ObjectReader values;

    EnvelopeParser(JsonNodeFactory nodes, ObjectReader values) {
        this.nodes = nodes;
        this.values = values;
    }

    /** The message the parser's input holds, or null when the caller must read it as a tree. */
    Decoded read(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        MessageReader.Envelope e = new MessageReader.Envelope();
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            JsonToken t = p.nextToken();
            switch (name) {
                case "jsonrpc" -> e.version = t == JsonToken.VALUE_STRING && "2.0".equals(p.getText());
                case "id" -> {
                    e.hasId = true;
                    e.idNull = t == JsonToken.VALUE_NULL;
                    e.id = id(p, t);
                }
                case "method" -> {
                    e.hasMethod = true;
                    e.method = t == JsonToken.VALUE_STRING ? p.getText() : null;
                }
                case "params" -> {
                    e.hasParams = true;
                    e.params = t == JsonToken.START_OBJECT ? object(p) : null;
                }
                case "result" -> e.result = value(p, t);
                case "error" -> e.error = value(p, t);
                default -> {} // another member: read past it below
            }
            // A member not kept as a tree is skipped whole (the parser still checks it is
            // well-formed and has no duplicate keys); one read as a tree ends at its own end token.
            p.skipChildren();
        }
        if (p.nextToken() != null) {
            return null; // something after the object: the tree reader says what
        }
        return MessageReader.read(e);
    }

    /** What "id" holds, as {@link RequestId#fromJson} takes it: a string, or an integer within a long. */
    private static RequestId id(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_STRING) {
            return new RequestId.Str(p.getText());
        }
        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            return new RequestId.Num(p.getLongValue());
        }
        return null;
    }

    /** The value at the current token, as the tree reader builds it. */
    private JsonNode value(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> object(p);
            case START_ARRAY -> array(p);
            case VALUE_STRING -> nodes.textNode(p.getText());
            case VALUE_TRUE -> nodes.booleanNode(true);
            case VALUE_FALSE -> nodes.booleanNode(false);
            case VALUE_NULL -> nodes.nullNode();
            case VALUE_NUMBER_INT ->
                switch (p.getNumberType()) {
                    case INT -> nodes.numberNode(p.getIntValue());
                    case LONG -> nodes.numberNode(p.getLongValue());
                    default -> nodes.numberNode(p.getBigIntegerValue());
                };
            // Fractions (double or BigDecimal, by the mapper's settings) and anything rarer.
            default -> values.readTree(p);
        };
    }

    /** The object that starts at the current token; the parser is left on its end. */
    private ObjectNode object(JsonParser p) throws IOException {
        ObjectNode object = nodes.objectNode();
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            object.set(name, value(p, p.nextToken()));
        }
        return object;
    }

    /** The array that starts at the current token; the parser is left on its end. */
    private ArrayNode array(JsonParser p) throws IOException {
        ArrayNode array = nodes.arrayNode();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            array.add(value(p, t));
        }
        return array;
    }
}
