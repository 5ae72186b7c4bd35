package dev.reservoir.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClientException;
import dev.reservoir.client.McpTimeoutException;
import dev.reservoir.client.ServerCapabilities;
import dev.reservoir.client.ServerDescription;
import dev.reservoir.client.internal.http.HttpStatusException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ModelReader;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the server's era and opens the conversation, per the 2026-07-28 versioning page: probe with
 * {@code server/discover} (a modern request); a result, or a recognized modern error, means a
 * modern server; any other error, a timeout (stdio), or an HTTP 4xx without a modern error body
 * means a legacy one, and the client falls back to {@code initialize}. Over HTTP, an initialize
 * refused with 400, 404 or 405 means the 2024-11-05 HTTP+SSE transport ({@link LegacyHttp}).
 */
public final class Handshake {

    private static final Logger log = LoggerFactory.getLogger(Handshake.class);

    /** What the handshake settled. */
    public record Outcome(Protocol protocol, ServerDescription description) {}

    /** Over HTTP: the server does not speak Streamable HTTP; try the HTTP+SSE transport. */
    public static final class LegacyHttp extends McpClientException {
        LegacyHttp(HttpStatusException cause) {
            super("the server refused initialize over Streamable HTTP: " + cause.getMessage(), cause);
        }
    }

    private final Rpc rpc;
    private final Implementation clientInfo;
    private final boolean sep2093;
    private final Duration timeout;

    public Handshake(Rpc rpc, Implementation clientInfo, boolean sep2093, Duration timeout) {
        this.rpc = rpc;
        this.clientInfo = clientInfo;
        this.sep2093 = sep2093;
        this.timeout = timeout;
    }

    /**
     * Connects.
     *
     * @param pinned the revision to speak without probing, or null to detect the era
     * @param probeTimeout how long the probe may go unanswered before the server counts as legacy
     */
    public Outcome run(ProtocolRevision pinned, Duration probeTimeout) {
        if (pinned != null) {
            return pinned.isStateless() ? discover(pinned, timeout) : initialize(pinned);
        }
        // Over HTTP a silent server is not a legacy sign (a legacy one answers 4xx), so the probe gets
        // the whole connect timeout there; on stdio, silence is how some legacy servers say no.
        boolean http = rpc.transport().kind() == dev.reservoir.client.TransportKind.STREAMABLE_HTTP;
        try {
            return discover(ProtocolRevision.LATEST, http ? timeout : probeTimeout);
        } catch (ServerErrorException e) {
            return afterModernError(e.error(), e);
        } catch (HttpStatusException e) {
            if (Protocol.isModernError(e.error())) {
                return afterModernError(e.error(), e);
            }
            if (e.status() >= 400 && e.status() < 500) {
                log.debug("The modern probe got HTTP {}; trying initialize", e.status());
                return initialize(ProtocolRevision.LATEST_STATEFUL);
            }
            throw e;
        } catch (McpTimeoutException e) {
            if (http) {
                throw e;
            }
            log.debug("No answer to server/discover within {}; trying initialize", probeTimeout);
            return initialize(ProtocolRevision.LATEST_STATEFUL);
        }
    }

    /** A modern server refused the probe: retry with a version it supports, or fail; never initialize blindly. */
    private Outcome afterModernError(JsonRpcError error, RuntimeException cause) {
        if (!Protocol.isModernError(error)) {
            log.debug(
                    "server/discover failed with {} {}; the server is legacy, trying initialize",
                    error.code(),
                    error.message());
            return initialize(ProtocolRevision.LATEST_STATEFUL);
        }
        if (error.code() != ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION) {
            throw new McpClientException("the server refused the connection probe: " + error.message(), cause);
        }
        List<String> supported = new ArrayList<>();
        if (error.data() != null) {
            error.data().path("supported").forEach(v -> supported.add(v.asText()));
        }
        Optional<ProtocolRevision> common = ProtocolRevision.newestFirst().stream()
                .filter(r -> supported.contains(r.id()))
                .findFirst();
        if (common.isEmpty()) {
            throw new McpClientException("the server speaks " + supported + ", no version this client speaks ("
                    + ProtocolRevision.newestFirst() + ")");
        }
        return common.get().isStateless() ? discover(common.get(), timeout) : initialize(common.get());
    }

    private Outcome discover(ProtocolRevision revision, Duration wait) {
        Protocol protocol = new Protocol(revision, clientInfo, sep2093);
        Call<JsonNode> call = rpc.start(McpMethods.SERVER_DISCOVER, protocol.params(null), ResultDecoder.TREE);
        JsonNode result = rpc.await(call, wait);
        List<String> versions = new ArrayList<>();
        result.path("supportedVersions").forEach(v -> versions.add(v.asText()));
        if (!versions.isEmpty() && !versions.contains(revision.id())) {
            Optional<ProtocolRevision> common = ProtocolRevision.newestFirst().stream()
                    .filter(r -> versions.contains(r.id()))
                    .findFirst();
            if (common.isEmpty()) {
                throw new McpClientException("the server speaks " + versions + ", no version this client speaks");
            }
            return common.get().isStateless() ? discover(common.get(), timeout) : initialize(common.get());
        }
        Implementation serverInfo =
                ModelReader.implementation(result.path("_meta").get(MetaKeys.SERVER_INFO));
        ServerDescription description = new ServerDescription(
                revision,
                rpc.transport().kind(),
                serverInfo,
                ServerCapabilities.of(result.get("capabilities"), sep2093),
                result.path("instructions").asText(null),
                versions.isEmpty() ? List.of(revision.id()) : versions);
        rpc.transport().negotiated(revision);
        return new Outcome(protocol, description);
    }

    /**
     * Starts a new session of the revision already spoken (the server ended the old one). Fails
     * when the server now settles on another revision.
     */
    public Outcome reinitialize(ProtocolRevision revision) {
        Outcome outcome = initialize(revision);
        if (outcome.protocol().revision() != revision) {
            throw new McpClientException("the server's new session speaks "
                    + outcome.protocol().revision().id() + ", not " + revision.id() + " as before");
        }
        return outcome;
    }

    private Outcome initialize(ProtocolRevision requested) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("protocolVersion", requested.id());
        params.set("capabilities", Protocol.capabilities(requested, sep2093));
        params.putObject("clientInfo").put("name", clientInfo.name()).put("version", clientInfo.version());
        JsonNode result;
        try {
            result = rpc.await(rpc.start(McpMethods.INITIALIZE, params, ResultDecoder.TREE), timeout);
        } catch (HttpStatusException e) {
            if (e.status() == 400 || e.status() == 404 || e.status() == 405) {
                throw new LegacyHttp(e);
            }
            throw e;
        } catch (ServerErrorException e) {
            throw new McpClientException(
                    "the server refused initialize: " + e.error().message()
                            + (e.error().data() == null ? "" : " " + e.error().data()),
                    e);
        }
        String chosen = result.path("protocolVersion").asText("");
        ProtocolRevision revision = ProtocolRevision.parse(chosen)
                .filter(r -> !r.isStateless())
                .orElseThrow(() -> new McpClientException("the server chose protocol version \"" + chosen
                        + "\", which this client does not speak; it speaks " + ProtocolRevision.newestFirst()));
        rpc.notify(McpMethods.NOTIFICATION_INITIALIZED, null);
        ServerDescription description = new ServerDescription(
                revision,
                rpc.transport().kind(),
                ModelReader.implementation(result.get("serverInfo")),
                ServerCapabilities.of(result.get("capabilities"), sep2093),
                result.path("instructions").asText(null),
                List.of(revision.id()));
        rpc.transport().negotiated(revision);
        return new Outcome(new Protocol(revision, clientInfo, sep2093), description);
    }
}
