package dev.reservoir.transport.http.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.RequestedRevision;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The 2026-07-28 request metadata headers: {@code MCP-Protocol-Version} must equal the body's
 * {@code _meta} version, {@code Mcp-Method} the body's method, and {@code Mcp-Name} the body's
 * {@code params.name} or {@code params.uri} (after Base64 sentinel decoding). A failure is
 * HeaderMismatch (-32020), answered with 400.
 */
final class HeaderChecks {

    private static final String SENTINEL_START = "=?base64?";
    private static final String SENTINEL_END = "?=";

    private HeaderChecks() {}

    /** Whether {@code _meta} lacks what every 2026-07-28 request must carry (then 400, not 200). */
    static boolean metaIncomplete(JsonRpcRequest request) {
        JsonNode meta = meta(request);
        return !meta.path(MetaKeys.PROTOCOL_VERSION).isTextual()
                || !meta.path(MetaKeys.CLIENT_CAPABILITIES).isObject();
    }

    /**
     * Whether the request is served statelessly: its {@code _meta} names a version that is not one
     * of the session era (a 2026-07-28 version, or one nobody knows, which the engine refuses). The
     * engine's dispatcher reads the era by the same rule ({@link ProtocolRevision#requested}).
     */
    static boolean namesStatelessVersion(JsonRpcRequest request) {
        return ProtocolRevision.requested(request.params()).stateless();
    }

    /**
     * Checks the headers of a stateless request against its body.
     *
     * @return the HeaderMismatch error, or empty when they agree
     */
    static Optional<JsonRpcError> verify(
            JsonRpcRequest request, String protocolHeader, String methodHeader, String nameHeader) {
        return verify(request, ProtocolRevision.requested(request.params()), protocolHeader, methodHeader, nameHeader);
    }

    /** {@link #verify(JsonRpcRequest, String, String, String)} with the era already read from the body. */
    static Optional<JsonRpcError> verify(
            JsonRpcRequest request,
            RequestedRevision requested,
            String protocolHeader,
            String methodHeader,
            String nameHeader) {
        Optional<String> version = requested.named();
        if (version.isPresent()) {
            if (protocolHeader == null) {
                return mismatch("the " + Http.PROTOCOL_VERSION + " header is required");
            }
            if (!protocolHeader.trim().equals(version.get())) {
                return mismatch(Http.PROTOCOL_VERSION + " header value '" + protocolHeader.trim()
                        + "' does not match body value '" + version.get() + "'");
            }
        }
        if (methodHeader == null) {
            return mismatch("the " + Http.METHOD + " header is required");
        }
        if (!methodHeader.trim().equals(request.method())) {
            return mismatch(Http.METHOD + " header value '" + methodHeader.trim() + "' does not match body value '"
                    + request.method() + "'");
        }
        String field =
                McpMethod.fromWire(request.method()).map(McpMethod::nameField).orElse(null);
        JsonNode bodyName = field == null || request.params() == null
                ? null
                : request.params().get(field);
        if (bodyName == null || !bodyName.isTextual()) {
            return Optional.empty();
        }
        if (nameHeader == null) {
            return mismatch("the " + Http.NAME + " header is required for " + request.method());
        }
        Optional<String> decoded = decode(nameHeader.trim());
        if (decoded.isEmpty()) {
            return mismatch(Http.NAME + " header value is not valid (bad characters or Base64)");
        }
        if (!decoded.get().equals(bodyName.textValue())) {
            return mismatch(Http.NAME + " header value '" + decoded.get() + "' does not match body value '"
                    + bodyName.textValue() + "'");
        }
        return Optional.empty();
    }

    /**
     * Decodes a header value: {@code =?base64?...?=} is Base64 of UTF-8, anything else is literal
     * visible ASCII (and space or tab). Empty when the value is not valid.
     */
    static Optional<String> decode(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 || c > 0x7e) && c != '\t') {
                return Optional.empty();
            }
        }
        if (value.length() >= SENTINEL_START.length() + SENTINEL_END.length()
                && value.startsWith(SENTINEL_START)
                && value.endsWith(SENTINEL_END)) {
            String encoded = value.substring(SENTINEL_START.length(), value.length() - SENTINEL_END.length());
            if (encoded.length() % 4 != 0) {
                return Optional.empty(); // padding is required
            }
            try {
                byte[] bytes = Base64.getDecoder().decode(encoded);
                var decoder = StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
                return Optional.of(
                        decoder.decode(java.nio.ByteBuffer.wrap(bytes)).toString());
            } catch (IllegalArgumentException | java.nio.charset.CharacterCodingException e) {
                return Optional.empty();
            }
        }
        return Optional.of(value);
    }

    private static JsonNode meta(JsonRpcRequest request) {
        ObjectNode params = request.params();
        return params == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : params.path("_meta");
    }

    private static Optional<JsonRpcError> mismatch(String detail) {
        return Optional.of(Errors.headerMismatch(detail));
    }
}
