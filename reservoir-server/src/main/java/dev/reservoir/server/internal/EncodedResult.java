package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonWritable;
import java.io.IOException;

/**
 * A result value already written as compact UTF-8 JSON (by {@link MessageCap}, which had to know
 * its size): a generator that writes bytes puts those bytes out as they are, any other copies it
 * token by token, so the wire is the same as if the value had been written afresh.
 */
record EncodedResult(byte[] json) implements JsonWritable {

    @Override
    public void writeTo(JsonGenerator generator) throws IOException {
        if (generator instanceof UTF8JsonGenerator) {
            generator.writeRawValue(new RawBytes(json, json.length));
            return;
        }
        try (JsonParser parser = JsonRpcCodec.standard().mapper().createParser(json)) {
            parser.nextToken();
            generator.copyCurrentStructure(parser);
        }
    }
}
