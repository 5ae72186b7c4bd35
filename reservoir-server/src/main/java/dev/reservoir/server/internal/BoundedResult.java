package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonWritable;
import java.io.IOException;

/**
 * A result that knows the most bytes it can take when written. Where the client caps a message's
 * size (stdio), one whose most fits is written straight to the client rather than into a buffer
 * first to be measured ({@link MessageCap}), so the client reads the first resources of a large
 * page while the server writes the rest.
 *
 * @param mostBytes never less than what {@code result} writes
 */
record BoundedResult(JsonWritable result, long mostBytes) implements JsonWritable {

    @Override
    public void writeTo(JsonGenerator generator) throws IOException {
        result.writeTo(generator);
    }
}
