package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Objects;

/** A JSON-RPC request id as MCP allows it: a string or an integer, never null. */
public sealed interface RequestId {

    /** An integer id. */
    record Num(long value) implements RequestId {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** A string id. */
    record Str(String value) implements RequestId {
        public Str {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    static RequestId of(long value) {
        return new Num(value);
    }

    static RequestId of(String value) {
        return new Str(value);
    }

    /**
     * The id a JSON value holds: a string, or an integer that fits a long. Null for no value or
     * any other kind (a fraction, a boolean, null), which is not an id.
     */
    static RequestId fromJson(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            return new Str(node.textValue());
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return new Num(node.longValue());
        }
        return null;
    }

    /** The id as a JSON value (a number or a string). */
    default JsonNode toJson() {
        return switch (this) {
            case Num n -> LongNode.valueOf(n.value());
            case Str s -> TextNode.valueOf(s.value());
        };
    }
}
