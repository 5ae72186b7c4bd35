package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Turns one message's top-level members into a message, or into the error that says why it is not
 * one. The members come from a parsed JSON object ({@link #read(JsonNode)}) or straight from the
 * parser ({@link EnvelopeParser}); both fill in an {@link Envelope}, so both judge alike.
 */
final class MessageReader {

    private MessageReader() {}

    /**
     * The members of a message object that decide what it is. A member that is absent is null (or
     * false); one that is present but of a kind its checks refuse needs only to be known present.
     */
    static final class Envelope {
        /** "jsonrpc" is the string "2.0". */
        boolean version;

        /** "id" is present (null, a string, a number or anything else). */
        boolean hasId;

        /** "id" is the JSON null. */
        boolean idNull;

        /** The id, when "id" is a string or an integer that fits a long. */
        RequestId id;

        /** "method" is present. */
        boolean hasMethod;

        /** "method", when it is a string. */
        String method;

        /** "params" is present. */
        boolean hasParams;

        /** "params", when it is an object. */
        ObjectNode params;

        /** "result", when present (the JSON null included). */
        JsonNode result;

        /** "error", when present (the JSON null included). */
        JsonNode error;
    }

    static Decoded read(JsonNode node) {
        if (!node.isObject()) {
            return JsonRpcCodec.invalid(
                    null, JsonRpcError.invalidRequest("Invalid request: a message must be a JSON object"));
        }
        Envelope e = new Envelope();
        JsonNode version = node.get("jsonrpc");
        e.version = version != null && version.isTextual() && "2.0".equals(version.textValue());
        JsonNode idNode = node.get("id");
        e.hasId = idNode != null;
        e.idNull = idNode != null && idNode.isNull();
        e.id = RequestId.fromJson(idNode);
        JsonNode methodNode = node.get("method");
        e.hasMethod = methodNode != null;
        e.method = methodNode != null && methodNode.isTextual() ? methodNode.textValue() : null;
        JsonNode params = node.get("params");
        e.hasParams = params != null;
        e.params = params instanceof ObjectNode object ? object : null;
        e.result = node.get("result");
        e.error = node.get("error");
        return read(e);
    }

    static Decoded read(Envelope e) {
        RequestId id = e.id;
        String method = e.method;
        boolean notification = !e.hasId && method != null;
        String problem = checkEnvelope(e);
        if (problem != null) {
            return new Decoded.Invalid(
                    new JsonRpcErrorResponse(id, JsonRpcError.invalidRequest("Invalid request: " + problem)),
                    method,
                    notification);
        }
        if (e.hasMethod) {
            if (e.hasParams && e.params == null) {
                return new Decoded.Invalid(
                        new JsonRpcErrorResponse(
                                id, JsonRpcError.invalidParams("Invalid params: params must be an object")),
                        method,
                        notification);
            }
            return new Decoded.Single(
                    id == null ? new JsonRpcNotification(method, e.params) : new JsonRpcRequest(id, method, e.params));
        }
        if (e.error != null) {
            return new Decoded.Single(new JsonRpcErrorResponse(id, readError(e.error)));
        }
        return new Decoded.Single(new JsonRpcResult(id, JsonWritable.of(e.result)));
    }

    /** Returns null when the envelope is valid, else what is wrong with it. */
    private static String checkEnvelope(Envelope e) {
        if (!e.version) {
            return "\"jsonrpc\" must be \"2.0\"";
        }
        if (e.hasId && e.id == null) {
            return e.idNull ? "\"id\" must not be null" : "\"id\" must be a string or an integer";
        }
        boolean hasResult = e.result != null;
        boolean hasError = e.error != null;
        if (e.hasMethod) {
            if (e.method == null) {
                return "\"method\" must be a string";
            }
            if (hasResult || hasError) {
                return "a request cannot carry \"result\" or \"error\"";
            }
            return null;
        }
        if (hasResult == hasError) {
            return hasResult
                    ? "a response carries \"result\" or \"error\", not both"
                    : "the message has no \"method\", \"result\" or \"error\"";
        }
        if (hasResult && e.id == null) {
            return "a result response needs an \"id\"";
        }
        if (hasError && !validError(e.error)) {
            return "\"error\" must be an object with an integer \"code\" and a string \"message\"";
        }
        return null;
    }

    private static boolean validError(JsonNode error) {
        return error.isObject()
                && error.path("code").isIntegralNumber()
                && error.path("code").canConvertToInt()
                && error.path("message").isTextual();
    }

    private static JsonRpcError readError(JsonNode error) {
        JsonNode data = error.get("data");
        return new JsonRpcError(
                error.get("code").intValue(), error.get("message").textValue(), data);
    }
}
