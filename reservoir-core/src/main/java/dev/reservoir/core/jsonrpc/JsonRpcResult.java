package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A successful response. The result is written lazily by the codec, so a large result (a streamed
 * resource) is never held in memory as a whole.
 */
public record JsonRpcResult(RequestId id, JsonWritable result) implements JsonRpcResponse {
    public JsonRpcResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(result, "result");
    }

    /** A result holding an already-built JSON tree. */
    public static JsonRpcResult of(RequestId id, JsonNode result) {
        return new JsonRpcResult(id, JsonWritable.of(result));
    }
}
