package dev.reservoir.client.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.internal.io.Json;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.RequestId;
import java.io.IOException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads server messages from a streaming parser. When a response's {@code id} comes before its
 * {@code result} (as Reservoir and most servers write it), the result goes straight to the waiting
 * call's decoder; otherwise it is read as a tree first and decoded from that.
 */
final class MessageReader {

    private MessageReader() {}

    /**
     * Reads one JSON value (a message, or a batch of them) and hands each message to the sink.
     *
     * @param decoders the decoder of the call waiting for an id; null for nobody (the result is skipped)
     * @return false when the input held no value at all
     * @throws IOException when the input is not JSON, or a message is not a JSON-RPC message
     */
    static boolean read(JsonParser p, Function<RequestId, ResultDecoder<?>> decoders, Consumer<Inbound> sink)
            throws IOException {
        JsonToken token = p.nextToken();
        if (token == null) {
            return false;
        }
        if (token == JsonToken.START_ARRAY) {
            while (p.nextToken() == JsonToken.START_OBJECT) {
                if (!readObject(p, decoders, sink)) {
                    return true;
                }
            }
            return true;
        }
        if (token != JsonToken.START_OBJECT) {
            throw new IOException("a message must be a JSON object, not " + token);
        }
        readObject(p, decoders, sink);
        return true;
    }

    /** Reads one message object; false when its result could not be decoded (the parser is then unusable). */
    private static boolean readObject(
            JsonParser p, Function<RequestId, ResultDecoder<?>> decoders, Consumer<Inbound> sink) throws IOException {
        RequestId id = null;
        String method = null;
        ObjectNode params = null;
        JsonNode error = null;
        boolean hasResult = false;
        boolean decoded = false;
        Object result = null;
        JsonNode resultTree = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "id" -> id = id(p, value);
                case "method" -> method = value == JsonToken.VALUE_STRING ? p.getText() : null;
                case "params" -> {
                    JsonNode tree = Json.MAPPER.readTree(p);
                    params = tree instanceof ObjectNode object ? object : null;
                }
                case "error" -> error = Json.MAPPER.readTree(p);
                case "result" -> {
                    hasResult = true;
                    if (id != null) {
                        decoded = true;
                        ResultDecoder<?> decoder = decoderOrSkip(decoders, id);
                        try {
                            result = decoder.decode(p);
                        } catch (IOException | RuntimeException e) {
                            sink.accept(new Inbound.Response(id, null, null, e));
                            return false;
                        }
                    } else {
                        resultTree = Json.MAPPER.readTree(p);
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (method != null) {
            sink.accept(
                    id == null ? new Inbound.Notification(method, params) : new Inbound.Request(id, method, params));
            return true;
        }
        if (id == null) {
            if (error != null) {
                throw new IOException("the server sent an error about no request: " + error);
            }
            throw new IOException("a message without id or method");
        }
        if (error != null) {
            sink.accept(new Inbound.Response(id, null, error(error), null));
        } else if (hasResult) {
            if (!decoded) {
                try (JsonParser tree = resultTree.traverse(Json.MAPPER)) {
                    tree.nextToken();
                    result = decoderOrSkip(decoders, id).decode(tree);
                } catch (IOException | RuntimeException e) {
                    sink.accept(new Inbound.Response(id, null, null, e));
                    return true;
                }
            }
            sink.accept(new Inbound.Response(id, result, null, null));
        } else {
            throw new IOException("a response without result or error (id " + id + ")");
        }
        return true;
    }

    private static ResultDecoder<?> decoderOrSkip(Function<RequestId, ResultDecoder<?>> decoders, RequestId id) {
        ResultDecoder<?> decoder = decoders.apply(id);
        return decoder == null ? ResultDecoder.SKIP : decoder;
    }

    private static RequestId id(JsonParser p, JsonToken value) throws IOException {
        return switch (value) {
            case VALUE_STRING -> RequestId.of(p.getText());
            case VALUE_NUMBER_INT -> RequestId.of(p.getLongValue());
            default -> {
                p.skipChildren();
                yield null;
            }
        };
    }

    private static JsonRpcError error(JsonNode error) {
        int code = error.path("code").canConvertToInt() ? error.path("code").intValue() : 0;
        String message =
                error.path("message").isTextual() ? error.path("message").textValue() : "(no message)";
        return new JsonRpcError(code, message, error.get("data"));
    }
}
