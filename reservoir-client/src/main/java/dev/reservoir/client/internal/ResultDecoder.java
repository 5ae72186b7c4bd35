package dev.reservoir.client.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.client.internal.io.Json;
import java.io.IOException;

/**
 * Turns a result value into what the call returns, reading from the parser as the bytes arrive
 * (so a large result need not be held as a tree). Runs on the transport's reading thread.
 */
@FunctionalInterface
public interface ResultDecoder<T> {

    /** Reads one value; the parser's current token is its first token. */
    T decode(JsonParser parser) throws IOException;

    /** The result as a JSON tree. */
    ResultDecoder<JsonNode> TREE = parser -> Json.MAPPER.readTree(parser);

    /** Skips the value (a response nobody waits for any more) without holding it. */
    ResultDecoder<Object> SKIP = parser -> {
        parser.skipChildren();
        return null;
    };
}
