package dev.reservoir.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.Sep2093;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * What differs between protocol eras on the client's side, decided in one place: the request
 * {@code _meta} of the stateless era, the capabilities each era declares, which errors prove
 * the stateless era, what a not-found error looks like, and how cache hints are read.
 *
 * @param revision the revision spoken
 * @param clientInfo this client's name and version
 * @param sep2093 whether this client opts into SEP-2093
 */
public record Protocol(ProtocolRevision revision, Implementation clientInfo, boolean sep2093) {

    private static final Set<String> NOT_FOUND_METHODS = Set.of(
            McpMethod.RESOURCES_READ.wire(),
            McpMethod.RESOURCES_METADATA.wire(),
            McpMethod.RESOURCES_SUBSCRIBE.wire(),
            McpMethod.RESOURCES_LIST.wire(),
            McpMethod.SUBSCRIPTIONS_LISTEN.wire());

    /** The request params for this revision: the stateless era adds version, capabilities and client info to {@code _meta}. */
    public ObjectNode params(ObjectNode body) {
        ObjectNode params = body == null ? JsonNodeFactory.instance.objectNode() : body.deepCopy();
        if (revision.isStateless()) {
            addStatelessMeta(params, revision, clientInfo, sep2093);
        }
        return params;
    }

    /** Whether params carry the stateless era's version in {@code _meta}. */
    public static boolean isStateless(ObjectNode params) {
        return params != null && params.path("_meta").has(MetaKeys.PROTOCOL_VERSION);
    }

    /** The version a stateless request names, or null. */
    public static String statelessVersion(ObjectNode params) {
        JsonNode v = params == null ? null : params.path("_meta").get(MetaKeys.PROTOCOL_VERSION);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    static void addStatelessMeta(
            ObjectNode params, ProtocolRevision revision, Implementation clientInfo, boolean sep2093) {
        ObjectNode meta = params.has("_meta") && params.get("_meta").isObject()
                ? (ObjectNode) params.get("_meta")
                : params.putObject("_meta");
        meta.put(MetaKeys.PROTOCOL_VERSION, revision.id());
        meta.set(MetaKeys.CLIENT_CAPABILITIES, capabilities(revision, sep2093));
        ObjectNode info = meta.putObject(MetaKeys.CLIENT_INFO);
        info.put("name", clientInfo.name()).put("version", clientInfo.version());
    }

    /** The client capabilities this revision declares: only SEP-2093 when opted in. */
    public static ObjectNode capabilities(ProtocolRevision revision, boolean sep2093) {
        ObjectNode caps = JsonNodeFactory.instance.objectNode();
        if (sep2093) {
            caps.putObject(Sep2093.capabilityGroup(revision)).putObject(Sep2093.EXTENSION_ID);
        }
        return caps;
    }

    /**
     * A recognized stateless-era error: it proves the server speaks the stateless era, so the client must
     * not fall back to {@code initialize} (2026-07-28 versioning page).
     */
    public static boolean isStatelessEraError(JsonRpcError error) {
        return error != null
                && (error.code() == ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION
                        || error.code() == ErrorCodes.HEADER_MISMATCH
                        || error.code() == ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY);
    }

    /**
     * The exception for an error answer. Not found is one type whatever the server used: -32002,
     * -32602 with {@code data.uri} (2026-07-28, SEP-2093), or -32602 saying "not found" (servers
     * that put the URI only in the message).
     */
    public static RuntimeException error(JsonRpcError error, String method, String uri) {
        if (uri != null && NOT_FOUND_METHODS.contains(method)) {
            boolean notFound = error.code() == ErrorCodes.RESOURCE_NOT_FOUND
                    || (error.code() == ErrorCodes.INVALID_PARAMS
                            && (error.data() != null && error.data().path("uri").isTextual()
                                    || error.message().toLowerCase(Locale.ROOT).contains("not found")));
            if (notFound) {
                String which = error.data() != null && error.data().path("uri").isTextual()
                        ? error.data().path("uri").textValue()
                        : uri;
                return new ResourceNotFoundException(which);
            }
        }
        return new McpException(error);
    }

    /** The cache hint of a result ({@code ttlMs}, {@code cacheScope}), or null when it has none. */
    public static CacheHint cacheHint(JsonNode result) {
        JsonNode ttl = result == null ? null : result.get("ttlMs");
        if (ttl == null || !ttl.isNumber()) {
            return null;
        }
        long millis = Math.max(0, ttl.asLong()); // negative means 0, as the caching page says
        CacheScope scope = CacheScope.fromWire(result.path("cacheScope").asText(null));
        return CacheHint.of(Duration.ofMillis(millis), scope == null ? CacheScope.PRIVATE : scope);
    }

    /** Reads a hint from the two fields when a decoder saw them separately. */
    public static CacheHint cacheHint(Long ttlMs, String scope) {
        if (ttlMs == null) {
            return null;
        }
        CacheScope s = CacheScope.fromWire(scope);
        return CacheHint.of(Duration.ofMillis(Math.max(0, ttlMs)), s == null ? CacheScope.PRIVATE : s);
    }
}
