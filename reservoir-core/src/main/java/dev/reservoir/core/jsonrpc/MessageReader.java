package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Turns one parsed JSON value into a message, or into the error that says why it is not one. */
final class MessageReader {

    private MessageReader() {}

    static Decoded read(JsonNode node) {
        if (!node.isObject()) {
            return JsonRpcCodec.invalid(
                    null, JsonRpcError.invalidRequest("Invalid request: a message must be a JSON object"));
        }
        JsonNode idNode = node.get("id");
        RequestId id = RequestId.fromJson(idNode);
        JsonNode methodNode = node.get("method");
        String method = methodNode != null && methodNode.isTextual() ? methodNode.textValue() : null;
        boolean notification = idNode == null && method != null;
        String problem = checkEnvelope(node, idNode, id, methodNode);
        if (problem != null) {
            return new Decoded.Invalid(
                    new JsonRpcErrorResponse(id, JsonRpcError.invalidRequest("Invalid request: " + problem)),
                    method,
                    notification);
        }
        if (methodNode != null) {
            JsonNode params = node.get("params");
            if (params != null && !params.isObject()) {
                return new Decoded.Invalid(
                        new JsonRpcErrorResponse(
                                id, JsonRpcError.invalidParams("Invalid params: params must be an object")),
                        method,
                        notification);
            }
            ObjectNode paramsObject = (ObjectNode) params;
            return new Decoded.Single(
                    id == null
                            ? new JsonRpcNotification(method, paramsObject)
                            : new JsonRpcRequest(id, method, paramsObject));
        }
        JsonNode error = node.get("error");
        if (error != null) {
            return new Decoded.Single(new JsonRpcErrorResponse(id, readError(error)));
        }
        return new Decoded.Single(new JsonRpcResult(id, JsonWritable.of(node.get("result"))));
    }

    /** Returns null when the envelope is valid, else what is wrong with it. */
    private static String checkEnvelope(JsonNode node, JsonNode idNode, RequestId id, JsonNode methodNode) {
        JsonNode version = node.get("jsonrpc");
        if (version == null || !version.isTextual() || !"2.0".equals(version.textValue())) {
            return "\"jsonrpc\" must be \"2.0\"";
        }
        if (idNode != null && id == null) {
            return idNode.isNull() ? "\"id\" must not be null" : "\"id\" must be a string or an integer";
        }
        boolean hasResult = node.has("result");
        boolean hasError = node.has("error");
        if (methodNode != null) {
            if (!methodNode.isTextual()) {
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
        if (hasResult && id == null) {
            return "a result response needs an \"id\"";
        }
        if (hasError && !validError(node.get("error"))) {
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
