package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.util.EnumSet;

/**
 * Decides which era and revision a request belongs to, then calls its handler. A request whose
 * {@code params._meta} names a protocol version is served statelessly (2026-07-28); any other
 * belongs to the connection's stateful session, which {@code initialize} opens.
 */
final class Dispatcher {

    /** Returned by handlers whose request stays open without a response (subscriptions/listen). */
    static final JsonWritable DETACHED = g -> {
        throw new IllegalStateException("a detached request has no result");
    };

    private final ServerImpl server;
    private final Lifecycle lifecycle;
    private final ResourceMethods resources;
    private final SubscriptionMethods subscriptions;
    private final ToolMethods tools;
    private final SkillMethods skills;

    Dispatcher(ServerImpl server) {
        this.server = server;
        this.lifecycle = new Lifecycle(server);
        this.resources = new ResourceMethods(server);
        this.subscriptions = new SubscriptionMethods(server);
        this.tools = new ToolMethods(server, resources);
        this.skills = new SkillMethods(server, resources);
    }

    JsonWritable dispatch(JsonRpcRequest request, InFlight inFlight, ConnectionImpl connection) {
        String method = request.method();
        if (!isKnown(method) || !server.features().serves(method)) {
            throw new McpException(JsonRpcError.methodNotFound(method));
        }
        RequestContext ctx = context(request, inFlight, connection);
        inFlight.wire = ctx.wire();
        if (!ctx.revision().hasMethod(method)) {
            throw new McpException(new JsonRpcError(
                    ErrorCodes.METHOD_NOT_FOUND,
                    "Method not found: " + method + " is not part of protocol revision " + ctx.revision(),
                    null));
        }
        ObjectNode params = request.params();
        return switch (method) {
            case McpMethods.INITIALIZE -> lifecycle.initialize(ctx, params);
            case McpMethods.PING -> lifecycle.ping(ctx);
            case McpMethods.LOGGING_SET_LEVEL -> lifecycle.setLevel(ctx, params);
            case McpMethods.SERVER_DISCOVER -> lifecycle.discover(ctx);
            case McpMethods.RESOURCES_LIST -> resources.list(ctx, params);
            case McpMethods.RESOURCES_TEMPLATES_LIST -> resources.templates(ctx, params);
            case McpMethods.RESOURCES_READ -> resources.read(ctx, params);
            case McpMethods.RESOURCES_METADATA -> resources.metadata(ctx, params);
            case McpMethods.COMPLETION_COMPLETE -> resources.complete(ctx, params);
            case McpMethods.RESOURCES_SUBSCRIBE -> subscriptions.subscribe(ctx, params);
            case McpMethods.RESOURCES_UNSUBSCRIBE -> subscriptions.unsubscribe(ctx, params);
            case McpMethods.SUBSCRIPTIONS_LISTEN -> subscriptions.listen(ctx, params);
            case McpMethods.TOOLS_LIST -> tools.list(ctx, params);
            case McpMethods.TOOLS_CALL -> tools.call(ctx, params);
            case McpMethods.SKILLS_LIST -> skills.list(ctx, params);
            case McpMethods.SKILLS_GET -> skills.get(ctx, params);
            case McpMethods.RESOURCES_DIRECTORY_READ -> skills.directoryRead(ctx, params);
            default -> throw new McpException(JsonRpcError.methodNotFound(method));
        };
    }

    private static boolean isKnown(String method) {
        for (ProtocolRevision revision : EnumSet.allOf(ProtocolRevision.class)) {
            if (revision.hasMethod(method)) {
                return true;
            }
        }
        return false;
    }

    private RequestContext context(JsonRpcRequest request, InFlight inFlight, ConnectionImpl connection) {
        ObjectNode params = request.params();
        ObjectNode meta = params != null && params.get("_meta") instanceof ObjectNode m ? m : null;
        JsonNode version = meta == null ? null : meta.get(MetaKeys.PROTOCOL_VERSION);
        if (version != null) {
            if (!version.isTextual()) {
                throw McpException.invalidParams(
                        "Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION + "' must be a string");
            }
            ProtocolRevision revision = ProtocolRevision.parse(version.textValue())
                    .filter(server.settings().revisions()::contains)
                    .orElseThrow(() -> unsupportedVersion(version.textValue()));
            if (revision.isStateless()) {
                return stateless(revision, meta, inFlight, connection);
            }
            // A stateful revision named in _meta: the request belongs to this connection's session.
        } else if (request.method().equals(McpMethods.SERVER_DISCOVER)
                || request.method().equals(McpMethods.SUBSCRIPTIONS_LISTEN)) {
            throw McpException.invalidParams("Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION + "' is required");
        }
        return stateful(request.method(), inFlight, connection);
    }

    private RequestContext stateless(
            ProtocolRevision revision, ObjectNode meta, InFlight inFlight, ConnectionImpl connection) {
        JsonNode capabilities = meta.get(MetaKeys.CLIENT_CAPABILITIES);
        if (capabilities == null || capabilities.isNull()) {
            throw McpException.invalidParams(
                    "Invalid params: '_meta." + MetaKeys.CLIENT_CAPABILITIES + "' is required");
        }
        if (!capabilities.isObject()) {
            throw McpException.invalidParams(
                    "Invalid params: '_meta." + MetaKeys.CLIENT_CAPABILITIES + "' must be an object");
        }
        WireFormat wire = WireFormat.forClient(revision, capabilities);
        JsonNode level = meta.get(MetaKeys.LOG_LEVEL);
        if (level != null && !level.isNull()) {
            inFlight.logLevel = level.isTextual() ? LoggingLevel.fromWire(level.textValue()) : null;
            if (inFlight.logLevel == null) {
                throw McpException.invalidParams(
                        "Invalid params: '_meta." + MetaKeys.LOG_LEVEL + "' must be a logging level");
            }
        }
        return new RequestContext(wire, capabilities, inFlight, connection);
    }

    private RequestContext stateful(String method, InFlight inFlight, ConnectionImpl connection) {
        LegacySession.Negotiated negotiated = connection.negotiated();
        if (negotiated != null) {
            return new RequestContext(negotiated.wire(), negotiated.clientCapabilities(), inFlight, connection);
        }
        ProtocolRevision latest = server.settings().latestStateful();
        if (latest == null) {
            throw McpException.invalidParams("Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION
                    + "' is required; this server speaks " + String.join(", ", lifecycle.supportedVersions()));
        }
        if (method.equals(McpMethods.INITIALIZE) || method.equals(McpMethods.PING)) {
            return new RequestContext(WireFormat.of(latest), null, inFlight, connection);
        }
        throw new McpException(new JsonRpcError(
                ErrorCodes.INVALID_REQUEST,
                "Invalid request: the server is not initialized; send initialize first, or put '"
                        + MetaKeys.PROTOCOL_VERSION + "' in params._meta (protocol 2026-07-28)",
                null));
    }

    private McpException unsupportedVersion(String requested) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        lifecycle.supportedVersions().forEach(data.putArray("supported")::add);
        data.put("requested", requested);
        return new McpException(new JsonRpcError(
                ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version: " + requested, data));
    }
}
