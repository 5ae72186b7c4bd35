package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonWritable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A result value already written as compact UTF-8 JSON, the first {@code length} bytes of
 * {@code json} (by {@link MessageCap}, which had to know its size): a generator that writes bytes
 * puts those bytes out as they are, any other copies it token by token, so the wire is the same as
 * if the value had been written afresh.
 */
record EncodedResult(byte[] json, int length) implements JsonWritable.Encoded {

    /** Raw values up to this long are copied into the generator's buffer (8,000 bytes by default). */
    private static final int IN_BUFFER = 4096;

    EncodedResult {
        java.util.Objects.checkFromIndexSize(0, length, json.length);
    }

    @Override
    public void writeTo(JsonGenerator generator) throws IOException {
        if (generator instanceof UTF8JsonGenerator) {
            if (length <= IN_BUFFER) {
                generator.writeRawValue(new RawBytes(json, length));
                return;
            }
            // Jackson copies a raw value that does not fit its buffer into an array of its exact
            // size (a list page of 10,000 resources: 1.2 MB more), so a long one goes to the
            // stream itself, after the separator the generator writes before any value.
            generator.writeRawValue(RawBytes.NOTHING);
            generator.flush();
            ((OutputStream) generator.getOutputTarget()).write(json, 0, length);
            return;
        }
        try (JsonParser parser = JsonRpcCodec.standard().mapper().createParser(json, 0, length)) {
            parser.nextToken();
            generator.copyCurrentStructure(parser);
        }
    }

    @Override
    public void writeEncodedTo(OutputStream out) throws IOException {
        out.write(json, 0, length);
    }
}
