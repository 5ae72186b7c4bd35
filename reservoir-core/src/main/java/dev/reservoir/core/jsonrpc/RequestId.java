package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Objects;

/** A JSON-RPC request id as MCP allows it: a string or an integer, never null. */
public sealed interface RequestId {

    // equals and hashCode are written out: a record's own are made on first use through
    // invokedynamic (ObjectMethods), which no class archive holds, and an id is hashed on the way
    // to a server's first answer (the table of requests in flight): about 5 ms of it.

    /** An integer id. */
    record Num(long value) implements RequestId {
        @Override
        public boolean equals(Object o) {
            return o instanceof Num other && other.value == value;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(value);
        }

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
        public boolean equals(Object o) {
            return o instanceof Str other && other.value.equals(value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
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
        // Not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        return this instanceof Num n ? LongNode.valueOf(n.value()) : TextNode.valueOf(((Str) this).value());
    }
}
