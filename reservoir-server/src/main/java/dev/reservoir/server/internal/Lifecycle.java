package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.ModelReader;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.util.List;

/** initialize and ping (session era) and server/discover (stateless era). */
final class Lifecycle {

    private final ServerSettings settings;
    private final Features features;

    Lifecycle(ServerSettings settings, Features features) {
        this.settings = settings;
        this.features = features;
    }

    /** Negotiates: echoes the client's revision if we speak it, else offers our latest session-era one. */
    JsonWritable initialize(RequestContext ctx, ObjectNode params) {
        String requested = Params.requiredString(params, "protocolVersion");
        ObjectNode capabilities = Params.optionalObject(params, "capabilities");
        ObjectNode clientInfo = Params.optionalObject(params, "clientInfo");
        ProtocolRevision latest = settings.latestStateful();
        if (latest == null) {
            throw McpException.invalidParams("Invalid params: this server does not use initialize; it speaks "
                    + supportedList() + " with the version in each request's params._meta");
        }
        ProtocolRevision revision = ProtocolRevision.parse(requested)
                .filter(r -> !r.isStateless() && settings.revisions().contains(r))
                .orElse(latest);
        WireFormat wire = WireFormat.forClient(revision, capabilities);
        Implementation client = ModelReader.implementation(clientInfo);
        if (!ctx.session().initialize(new Session.Negotiated(wire, capabilities, client))) {
            throw new McpException(Errors.alreadyInitialized());
        }
        Implementation serverInfo = settings.serverInfo();
        String instructions = settings.instructions();
        RequestContext negotiated =
                new RequestContext(wire, capabilities, ctx.serverInfo(), ctx.session(), ctx.inFlight());
        return negotiated.result(null, g -> {
            g.writeStringField("protocolVersion", revision.id());
            Capabilities.write(g, wire, features);
            g.writeFieldName("serverInfo");
            wire.writeImplementation(g, serverInfo);
            if (instructions != null) {
                g.writeStringField("instructions", instructions);
            }
        });
    }

    /** logging/setLevel: log messages at this level and above go to the session from now on. */
    JsonWritable setLevel(RequestContext ctx, ObjectNode params) {
        String name = Params.requiredString(params, "level");
        LoggingLevel level = LoggingLevel.fromWire(name);
        if (level == null) {
            throw McpException.invalidParams("Invalid params: 'level' must be one of debug, info, notice, warning, "
                    + "error, critical, alert, emergency");
        }
        ctx.session().setLogLevel(level);
        return ctx.empty();
    }

    JsonWritable ping(RequestContext ctx) {
        return ctx.empty();
    }

    JsonWritable discover(RequestContext ctx) {
        List<String> versions = settings.supportedVersions();
        String instructions = settings.instructions();
        return ctx.result(settings.discoverCacheHint(), g -> {
            g.writeArrayFieldStart("supportedVersions");
            for (String version : versions) {
                g.writeString(version);
            }
            g.writeEndArray();
            Capabilities.write(g, ctx.wire(), features);
            if (instructions != null) {
                g.writeStringField("instructions", instructions);
            }
        });
    }

    private String supportedList() {
        return String.join(", ", settings.supportedVersions());
    }
}
