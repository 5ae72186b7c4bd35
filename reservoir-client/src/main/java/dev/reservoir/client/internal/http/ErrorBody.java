package dev.reservoir.client.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.client.internal.Inbound;
import dev.reservoir.client.internal.io.Json;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.RequestId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The body of an HTTP error answer: a JSON-RPC error response (with the request's id, or none), or
 * some text. At most 64 KiB is read.
 *
 * @param response the error as a response to a request, when it had an id
 * @param error the JSON-RPC error, when the body held one
 * @param text the body as text, when it held no JSON-RPC error
 */
record ErrorBody(Inbound.Response response, JsonRpcError error, String text) {

    static ErrorBody read(InputStream body, String contentType) {
        byte[] bytes;
        try {
            bytes = body.readNBytes(64 * 1024);
        } catch (IOException e) {
            return new ErrorBody(null, null, null);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (!contentType.contains("json") && !text.stripLeading().startsWith("{")) {
            return new ErrorBody(null, null, Http.snippet(text));
        }
        JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(bytes);
        } catch (IOException e) {
            return new ErrorBody(null, null, Http.snippet(text));
        }
        JsonNode e = tree == null ? null : tree.get("error");
        if (e == null || !e.isObject() || !e.path("code").canConvertToInt()) {
            return new ErrorBody(null, null, Http.snippet(text));
        }
        JsonRpcError error =
                new JsonRpcError(e.path("code").intValue(), e.path("message").asText("(no message)"), e.get("data"));
        RequestId requestId = RequestId.fromJson(tree.get("id"));
        return new ErrorBody(
                requestId == null ? null : new Inbound.Response(requestId, null, error, null), error, null);
    }
}
