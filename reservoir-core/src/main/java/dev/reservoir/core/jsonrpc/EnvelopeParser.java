package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a message object's members straight from the parser: the envelope ("jsonrpc", "id",
 * "method") as plain values, and only "params", "result" and "error" as JSON trees. A request was
 * first read whole into a tree and then looked up member by member: an object, its hash table and
 * a node for every member, for every request. Without them, and with the duplicate check below,
 * decoding a read request went from 475 to 360 ns in a loop.
 *
 * <p>It takes only the common case: one JSON object, well-formed, with no key twice in an object
 * and nothing after it. For anything else (a batch, a scalar, broken JSON, a duplicate key,
 * trailing content) it answers null and the caller reads the frame as a tree, so every error is
 * the one the tree gives, word for word.
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
        // Duplicate keys are found here (the tree reader then refuses the frame in its words): the
        // parser's own check keeps a hash set for every object of three members or more, which
        // cost a tenth of decoding a read. Every object is still looked at, skipped ones too.
        p.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        MessageReader.Envelope e = new MessageReader.Envelope();
        int seen = 0;
        List<String> others = null;
        try {
            for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                JsonToken t = p.nextToken();
                int member =
                        switch (name) {
                            case "jsonrpc" -> 1;
                            case "id" -> 2;
                            case "method" -> 4;
                            case "params" -> 8;
                            case "result" -> 16;
                            case "error" -> 32;
                            default -> 0;
                        };
                if ((seen & member) != 0) {
                    return null;
                }
                seen |= member;
                switch (member) {
                    case 1 -> e.version = t == JsonToken.VALUE_STRING && "2.0".equals(p.getText());
                    case 2 -> {
                        e.hasId = true;
                        e.idNull = t == JsonToken.VALUE_NULL;
                        e.id = id(p, t);
                    }
                    case 4 -> {
                        e.hasMethod = true;
                        e.method = t == JsonToken.VALUE_STRING ? p.getText() : null;
                    }
                    case 8 -> {
                        e.hasParams = true;
                        e.params = t == JsonToken.START_OBJECT ? params(p) : null;
                    }
                    case 16 -> e.result = value(p, t);
                    case 32 -> e.error = value(p, t);
                    default -> {
                        if (others == null) {
                            others = new ArrayList<>(2);
                        } else if (others.contains(name)) {
                            return null;
                        }
                        others.add(name);
                    }
                }
                JsonToken at = p.currentToken();
                if (at == JsonToken.START_OBJECT || at == JsonToken.START_ARRAY) {
                    value(p, at); // a value not kept: read through it for its duplicate keys
                }
            }
        } catch (Duplicate d) {
            return null;
        }
        if (p.nextToken() != null) {
            return null; // something after the object: the tree reader says what
        }
        return MessageReader.read(e);
    }

    /** A key seen twice in one object. Thrown often by a client that sends them: no stack trace. */
    private static final class Duplicate extends RuntimeException {
        private static final Duplicate INSTANCE = new Duplicate();

        private Duplicate() {
            super(null, null, false, false);
        }
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
            if (object.replace(name, value(p, p.nextToken())) != null) {
                throw Duplicate.INSTANCE;
            }
        }
        return object;
    }

    /** The request's params, as {@link #object} reads them, with its {@code _meta} read by {@link #meta}. */
    private ObjectNode params(JsonParser p) throws IOException {
        ObjectNode object = nodes.objectNode();
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            JsonToken t = p.nextToken();
            JsonNode value = t == JsonToken.START_OBJECT && name.equals("_meta") ? meta(p) : value(p, t);
            if (object.replace(name, value) != null) {
                throw Duplicate.INSTANCE;
            }
        }
        return object;
    }

    /**
     * The names a 2026-07-28 request's {@code _meta} has, in the order clients write them. Jackson
     * reads a name longer than a few bytes by hashing it and looking it up; offered the name it
     * expects, it compares the bytes instead. Read as any name, these two took 0.15-0.3 us of
     * decoding such a request's 1.3-1.6 us (reservoir-bench/PROFILE.md, forty-fifth pass).
     */
    private static final SerializableString[] META_NAMES = {
        WireNames.META_PROTOCOL_VERSION, WireNames.META_CLIENT_CAPABILITIES
    };

    /**
     * The {@code _meta} object that starts at the current token, as {@link #object} reads it: its
     * first names are compared with {@link #META_NAMES} as they come, and any other name (or these
     * in another order, or escaped) is read as usual.
     */
    private ObjectNode meta(JsonParser p) throws IOException {
        ObjectNode object = nodes.objectNode();
        int guess = 0;
        while (true) {
            String name;
            if (guess < META_NAMES.length) {
                SerializableString expected = META_NAMES[guess++];
                if (p.nextFieldName(expected)) {
                    name = expected.getValue();
                } else if (p.currentToken() == JsonToken.FIELD_NAME) {
                    name = p.currentName();
                } else {
                    return object; // its end
                }
            } else {
                name = p.nextFieldName();
                if (name == null) {
                    return object;
                }
            }
            if (object.replace(name, value(p, p.nextToken())) != null) {
                throw Duplicate.INSTANCE;
            }
        }
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
