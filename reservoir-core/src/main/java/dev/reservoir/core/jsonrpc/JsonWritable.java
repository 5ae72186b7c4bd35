package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A JSON value that writes itself to a generator. Results are built this way so that the
 * serializer streams large content (base64 of a blob, a long text) straight to the transport.
 */
@FunctionalInterface
public interface JsonWritable {

    /** Writes exactly one JSON value. May be called more than once only if the value allows it. */
    void writeTo(JsonGenerator generator) throws IOException;

    /** Wraps a JSON tree. */
    static JsonWritable of(JsonNode node) {
        return new Tree(node);
    }

    /** A value that is a JSON tree already (every value the codec decodes is one). */
    record Tree(JsonNode node) implements JsonWritable {
        public Tree {
            Objects.requireNonNull(node, "node");
        }

        @Override
        public void writeTo(JsonGenerator generator) throws IOException {
            generator.writeTree(node);
        }
    }

    /**
     * A value already written as compact UTF-8 JSON. The codec copies its bytes as they are into a
     * message it writes to a stream; a generator still gets the value through {@link #writeTo}.
     */
    interface Encoded extends JsonWritable {
        /** Writes the value's bytes, exactly what {@link #writeTo} writes to a generator of bytes. */
        void writeEncodedTo(OutputStream out) throws IOException;
    }
}
