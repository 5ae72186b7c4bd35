package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.RequestedRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.InFlight;
import java.util.function.Consumer;

/**
 * Decides which era and revision a request belongs to ({@link ProtocolRevision#requested}, the rule
 * the HTTP transport applies too) and what its handler knows about it. A request whose
 * {@code params._meta} names a stateless-era version is served statelessly (2026-07-28), with the
 * capabilities in its own {@code _meta}; any other belongs to the connection's {@link Session}
 * (session era), which {@code initialize} opens.
 */
final class RequestContexts {

    private final ServerSettings settings;
    private final Session session;

    RequestContexts(ServerSettings settings, Session session) {
        this.settings = settings;
        this.session = session;
    }

    /**
     * The context of a request, or an McpException saying why it has none.
     *
     * @param logLevel told the level a stateless request's {@code _meta} asks log messages at
     */
    RequestContext of(JsonRpcRequest request, McpMethod method, InFlight inFlight, Consumer<LoggingLevel> logLevel) {
        RequestedRevision requested = ProtocolRevision.requested(request.params());
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (requested instanceof RequestedRevision.Session(ProtocolRevision revision)) {
            if (revision != null) {
                spoken(revision); // a session-era revision named in _meta: the request belongs to the session
            } else if (method == McpMethod.SERVER_DISCOVER || method == McpMethod.SUBSCRIPTIONS_LISTEN) {
                throw McpException.invalidParams(
                        "Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION + "' is required");
            }
            return session(method, inFlight);
        }
        if (requested instanceof RequestedRevision.Stateless(ProtocolRevision revision)) {
            return stateless(spoken(revision), (ObjectNode) request.params().get("_meta"), inFlight, logLevel);
        }
        if (requested instanceof RequestedRevision.Unknown(String version)) {
            throw unsupported(version);
        }
        if (requested instanceof RequestedRevision.NotText) {
            throw McpException.invalidParams(
                    "Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION + "' must be a string");
        }
        throw new IllegalStateException("unknown requested revision " + requested);
    }

    private ProtocolRevision spoken(ProtocolRevision revision) {
        if (!settings.revisions().contains(revision)) {
            throw unsupported(revision.id());
        }
        return revision;
    }

    private McpException unsupported(String version) {
        return new McpException(Errors.unsupportedVersion(version, settings.revisions(), null));
    }

    private RequestContext stateless(
            ProtocolRevision revision, ObjectNode meta, InFlight inFlight, Consumer<LoggingLevel> logLevel) {
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
            LoggingLevel asked = level.isTextual() ? LoggingLevel.fromWire(level.textValue()) : null;
            if (asked == null) {
                throw McpException.invalidParams(
                        "Invalid params: '_meta." + MetaKeys.LOG_LEVEL + "' must be a logging level");
            }
            logLevel.accept(asked);
        }
        return new RequestContext(wire, capabilities, settings.serverInfo(), session, inFlight);
    }

    private RequestContext session(McpMethod method, InFlight inFlight) {
        Session.Negotiated negotiated = session.negotiated();
        if (negotiated != null) {
            return new RequestContext(
                    negotiated.wire(), negotiated.clientCapabilities(), settings.serverInfo(), session, inFlight);
        }
        ProtocolRevision latest = settings.latestStateful();
        if (latest == null) {
            throw McpException.invalidParams("Invalid params: '_meta." + MetaKeys.PROTOCOL_VERSION
                    + "' is required; this server speaks " + String.join(", ", settings.supportedVersions()));
        }
        if (method == McpMethod.INITIALIZE || method == McpMethod.PING) {
            return new RequestContext(WireFormat.of(latest), null, settings.serverInfo(), session, inFlight);
        }
        throw new McpException(Errors.notInitialized());
    }
}
