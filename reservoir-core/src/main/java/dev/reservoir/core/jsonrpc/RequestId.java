package dev.reservoir.core.jsonrpc;

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
}
