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
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.Reply;
import java.util.EnumMap;
import java.util.Map;

/**
 * Decides which era and revision a request belongs to, then calls its handler. A request whose
 * {@code params._meta} names a protocol version is served statelessly (2026-07-28); any other
 * belongs to the connection's stateful session, which {@code initialize} opens.
 */
final class Dispatcher {

    private final ServerImpl server;
    private final Lifecycle lifecycle;
    private final ResourceMethods resources;
    private final SubscriptionMethods subscriptions;
    private final ToolMethods tools;
    private final SkillMethods skills;
    private final Map<McpMethod, Handler> handlers;

    Dispatcher(ServerImpl server) {
        this.server = server;
        this.lifecycle = new Lifecycle(server);
        this.resources = new ResourceMethods(server);
        this.subscriptions = new SubscriptionMethods(server);
        this.tools = new ToolMethods(server, resources);
        this.skills = new SkillMethods(server, resources);
        this.handlers = handlers(server.features(), lifecycle, resources, subscriptions, tools, skills);
    }

    /** Answers one request: a handler gets the request's context and its params. */
    @FunctionalInterface
    interface Handler {
        Reply handle(RequestContext ctx, ObjectNode params);
    }

    /** A handler that always answers (every method but a listen stream). */
    @FunctionalInterface
    interface Answering {
        JsonWritable answer(RequestContext ctx, ObjectNode params);
    }

    private static Handler answers(Answering handler) {
        return (ctx, params) -> new Reply.Answer(handler.answer(ctx, params));
    }

    /** The handler of each method this server answers (opt-in methods only when they are on). */
    private static Map<McpMethod, Handler> handlers(
            Features features,
            Lifecycle lifecycle,
            ResourceMethods resources,
            SubscriptionMethods subscriptions,
            ToolMethods tools,
            SkillMethods skills) {
        Map<McpMethod, Handler> table = new EnumMap<>(McpMethod.class);
        table.put(McpMethod.INITIALIZE, answers(lifecycle::initialize));
        table.put(McpMethod.PING, answers((ctx, params) -> lifecycle.ping(ctx)));
        table.put(McpMethod.LOGGING_SET_LEVEL, answers(lifecycle::setLevel));
        table.put(McpMethod.SERVER_DISCOVER, answers((ctx, params) -> lifecycle.discover(ctx)));
        table.put(McpMethod.RESOURCES_LIST, answers(resources::list));
        table.put(McpMethod.RESOURCES_TEMPLATES_LIST, answers(resources::templates));
        table.put(McpMethod.RESOURCES_READ, answers(resources::read));
        table.put(McpMethod.RESOURCES_METADATA, answers(resources::metadata));
        table.put(McpMethod.COMPLETION_COMPLETE, answers(resources::complete));
        table.put(McpMethod.RESOURCES_SUBSCRIBE, answers(subscriptions::subscribe));
        table.put(McpMethod.RESOURCES_UNSUBSCRIBE, answers(subscriptions::unsubscribe));
        table.put(McpMethod.SUBSCRIPTIONS_LISTEN, subscriptions::listen);
        table.put(McpMethod.TOOLS_LIST, answers(tools::list));
        table.put(McpMethod.TOOLS_CALL, answers(tools::call));
        table.put(McpMethod.SKILLS_LIST, answers(skills::list));
        table.put(McpMethod.SKILLS_GET, answers(skills::get));
        table.put(McpMethod.RESOURCES_DIRECTORY_READ, answers(skills::directoryRead));
        table.keySet().removeIf(method -> !features.serves(method));
        return table;
    }

    Reply dispatch(JsonRpcRequest request, InFlight inFlight, ConnectionImpl connection) {
        McpMethod method = McpMethod.fromWire(request.method()).orElse(null);
        Handler handler = method == null ? null : handlers.get(method);
        if (handler == null) {
            throw new McpException(JsonRpcError.methodNotFound(request.method()));
        }
        RequestContext ctx = context(request, method, inFlight, connection);
        inFlight.wire = ctx.wire();
        if (!method.existsIn(ctx.revision())) {
            throw new McpException(new JsonRpcError(
                    ErrorCodes.METHOD_NOT_FOUND,
                    "Method not found: " + method + " is not part of protocol revision " + ctx.revision(),
                    null));
        }
        return handler.handle(ctx, request.params());
    }

    private RequestContext context(
            JsonRpcRequest request, McpMethod method, InFlight inFlight, ConnectionImpl connection) {
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
        } else if (method == McpMethod.SERVER_DISCOVER || method == McpMethod.SUBSCRIPTIONS_LISTEN) {
            throw McpException.invalidParams("Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION + "' is required");
        }
        return stateful(method, inFlight, connection);
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

    private RequestContext stateful(McpMethod method, InFlight inFlight, ConnectionImpl connection) {
        LegacySession.Negotiated negotiated = connection.negotiated();
        if (negotiated != null) {
            return new RequestContext(negotiated.wire(), negotiated.clientCapabilities(), inFlight, connection);
        }
        ProtocolRevision latest = server.settings().latestStateful();
        if (latest == null) {
            throw McpException.invalidParams("Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION
                    + "' is required; this server speaks " + String.join(", ", lifecycle.supportedVersions()));
        }
        if (method == McpMethod.INITIALIZE || method == McpMethod.PING) {
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
