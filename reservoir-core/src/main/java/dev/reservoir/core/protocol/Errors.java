package dev.reservoir.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import java.util.Collection;

/**
 * The MCP errors the server and its transports send for conditions they detect themselves; the
 * JSON-RPC engine's own are on {@link JsonRpcError}, and a thrown exception is mapped in one place
 * in the server. Every message says what was wrong.
 */
public final class Errors {

    private Errors() {}

    /**
     * A version the server does not speak: -32022 with {@code data: {supported, requested}}.
     *
     * @param header the HTTP header that named it, or null when the request's {@code _meta} did
     */
    public static JsonRpcError unsupportedVersion(
            String requested, Collection<ProtocolRevision> supported, String header) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        ProtocolRevision.idsNewestFirst(supported).forEach(data.putArray("supported")::add);
        data.put("requested", requested);
        String where = header == null ? "" : " (" + header + " header)";
        return new JsonRpcError(
                ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version: " + requested + where, data);
    }

    /** A method this server does not answer (unknown, or an opt-in part that is off). */
    public static JsonRpcError methodNotFound(String method) {
        return JsonRpcError.methodNotFound(method);
    }

    /** A method the server knows, but not in the revision the request speaks. */
    public static JsonRpcError methodNotInRevision(McpMethod method, ProtocolRevision revision) {
        return new JsonRpcError(
                ErrorCodes.METHOD_NOT_FOUND,
                "Method not found: " + method + " is not part of protocol revision " + revision,
                null);
    }

    /** A session-era request before initialize. */
    public static JsonRpcError notInitialized() {
        return JsonRpcError.invalidRequest(
                "Invalid request: the server is not initialized; send initialize first, or put '"
                        + MetaKeys.PROTOCOL_VERSION + "' in params._meta (protocol 2026-07-28)");
    }

    /** A second initialize on one connection. */
    public static JsonRpcError alreadyInitialized() {
        return JsonRpcError.invalidRequest("Invalid request: this connection is already initialized");
    }

    /** A batch the protocol does not allow now ({@code why} says which rule). */
    public static JsonRpcError batchRefused(String why) {
        return JsonRpcError.invalidRequest("Invalid request: " + why);
    }

    /** The server has no room for the request now ({@code why} says what is full); the client may retry. */
    public static JsonRpcError serverBusy(String why) {
        return new JsonRpcError(ErrorCodes.INTERNAL_ERROR, "Server busy: " + why, null);
    }

    /** A subscription over the client's or the server's budget (-31002); {@code data} has scope, limit, held, requested. */
    public static JsonRpcError tooManySubscriptions(String why, JsonNode data) {
        return new JsonRpcError(ErrorCodes.SUBSCRIPTION_LIMIT, "Too many subscriptions: " + why, data);
    }

    /** Content larger than a limit (-31000); {@code data} has uri, size (when known) and limit. */
    public static JsonRpcError contentTooLarge(String message, JsonNode data) {
        return new JsonRpcError(ErrorCodes.CONTENT_TOO_LARGE, message, data);
    }

    /** A provider that could not answer (unavailable, timed out, failed); its message is meant for the client. */
    public static JsonRpcError providerFailed(String message, String uri) {
        return new JsonRpcError(
                ErrorCodes.INTERNAL_ERROR,
                message,
                uri == null ? null : JsonNodeFactory.instance.objectNode().put("uri", uri));
    }

    /** What an HTTP refusal with this status says in its JSON-RPC body. */
    public static JsonRpcError httpRefusal(int status, String message) {
        return status >= 500
                ? new JsonRpcError(ErrorCodes.INTERNAL_ERROR, message, null)
                : JsonRpcError.invalidRequest(message);
    }

    /** A stateless-era HTTP request whose headers disagree with its body (-32020). */
    public static JsonRpcError headerMismatch(String detail) {
        return new JsonRpcError(ErrorCodes.HEADER_MISMATCH, "Header mismatch: " + detail, null);
    }
}
