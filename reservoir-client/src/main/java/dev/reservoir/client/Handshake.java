package dev.reservoir.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.internal.Call;
import dev.reservoir.client.internal.Deadline;
import dev.reservoir.client.internal.Protocol;
import dev.reservoir.client.internal.ResultDecoder;
import dev.reservoir.client.internal.Rpc;
import dev.reservoir.client.internal.ServerErrorException;
import dev.reservoir.client.internal.http.HttpStatusException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.McpMethod;
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
 * {@code server/discover} (a stateless-era request); a result, or a recognized stateless-era
 * error, means a stateless-era server; any other error, a server that is up but ignores the probe
 * (stdio), or an HTTP 4xx without a stateless-era error body means a session-era one, and the
 * client falls back to {@code initialize}. A recognized stateless-era error to {@code initialize}
 * (a server of the stateless era only) means
 * a retry with a version the server lists, never a failure. Over HTTP, an initialize refused with
 * 400, 404 or 405 means the 2024-11-05 HTTP+SSE transport ({@link HttpSseServer}). Everything,
 * retries included, happens within one connect deadline.
 */
final class Handshake {

    private static final Logger log = LoggerFactory.getLogger(Handshake.class);

    /**
     * Once a stdio server answers the ping, it has read the probe before it (stdin keeps order);
     * a server that answers the probe at all does so about as fast. This long is the most its answer
     * may trail the ping's before the server counts as one that ignores the probe.
     */
    private static final Duration PROBE_GRACE = Duration.ofSeconds(1);

    /** What the handshake settled. */
    public record Outcome(Protocol protocol, ServerDescription description) {}

    /** Over HTTP: the server does not speak Streamable HTTP; try the HTTP+SSE transport. */
    public static final class HttpSseServer extends McpClientException {
        HttpSseServer(HttpStatusException cause) {
            super("the server refused initialize over Streamable HTTP: " + cause.getMessage(), cause);
        }
    }

    private final Rpc rpc;
    private final Implementation clientInfo;
    private final boolean sep2093;
    private final Duration timeout;
    private Deadline deadline;

    public Handshake(Rpc rpc, Implementation clientInfo, boolean sep2093, Duration timeout) {
        this.rpc = rpc;
        this.clientInfo = clientInfo;
        this.sep2093 = sep2093;
        this.timeout = timeout;
    }

    /**
     * Connects, within the connect timeout given to the constructor.
     *
     * @param pinned the revision to speak without probing, or null to detect the era
     * @param probeTimeout how long a stdio server may leave the probe unanswered before the client
     *     checks (with a ping) whether it is still starting or ignores the probe
     */
    public Outcome run(ProtocolRevision pinned, Duration probeTimeout) {
        deadline = Deadline.after(timeout);
        try {
            return open(pinned, probeTimeout);
        } catch (McpTimeoutException e) {
            if (e.timeout().equals(timeout)) {
                throw e;
            }
            // A step timed out with what was left: say how long the whole connect may take.
            throw new McpTimeoutException(
                    e.method() + " got no answer within the connect timeout of " + timeout.toMillis() + " ms",
                    e.method(),
                    timeout);
        }
    }

    private Outcome open(ProtocolRevision pinned, Duration probeTimeout) {
        if (pinned != null) {
            return pinned.isStateless() ? discover(pinned) : initialize(pinned, false);
        }
        if (rpc.transport().kind() != TransportKind.STREAMABLE_HTTP) {
            return probeStdio(probeTimeout);
        }
        // Over HTTP a silent server is no sign of the session era (a session-era server answers
        // 4xx): the probe gets the whole connect deadline.
        try {
            return discover(ProtocolRevision.LATEST);
        } catch (ServerErrorException e) {
            return afterStatelessEraError(e.error(), e, true);
        } catch (HttpStatusException e) {
            if (Protocol.isStatelessEraError(e.error())) {
                return afterStatelessEraError(e.error(), e, true);
            }
            if (e.status() >= 400 && e.status() < 500) {
                log.debug("The server/discover probe got HTTP {}; trying initialize", e.status());
                return initialize(ProtocolRevision.LATEST_STATEFUL, true);
            }
            throw e;
        }
    }

    /**
     * The stdio probe. A server that has not answered {@code server/discover} within the probe
     * timeout is either still starting (npx downloading, a JVM warming up) or a session-era one that
     * ignores unknown requests; silence alone cannot tell them apart, so the era is not decided
     * by it. The client sends a {@code ping} (which every session-era revision answers before
     * {@code initialize}) and keeps waiting for both: while neither is answered the server is
     * still starting. Once the ping is answered the server is up; if the probe still gets no
     * answer soon after, the server ignores it and is of the session era.
     */
    private Outcome probeStdio(Duration probeTimeout) {
        Protocol stateless = new Protocol(ProtocolRevision.LATEST, clientInfo, sep2093);
        Call<JsonNode> probe = rpc.start(McpMethod.SERVER_DISCOVER.wire(), stateless.params(null), ResultDecoder.TREE);
        probe.awaitDone(deadline.atMost(probeTimeout));
        if (!probe.isDone()) {
            Call<JsonNode> ping = rpc.start(McpMethod.PING.wire(), null, ResultDecoder.TREE);
            Call.awaitEither(probe, ping, deadline.remaining());
            if (!probe.isDone() && !ping.isDone()) {
                rpc.giveUp(probe, "connect timeout");
                rpc.giveUp(ping, "connect timeout");
                throw new McpTimeoutException(
                        "the server answered neither server/discover nor ping within " + timeout.toMillis()
                                + " ms (still starting? pin a protocol revision if it answers only initialize)",
                        McpMethod.SERVER_DISCOVER.wire(),
                        timeout);
            }
            if (!probe.isDone()) {
                boolean statelessPing =
                        ping.serverError().filter(Protocol::isStatelessEraError).isPresent();
                probe.awaitDone(statelessPing ? deadline.remaining() : deadline.atMost(PROBE_GRACE));
            }
            rpc.giveUp(ping, "not needed");
            if (!probe.isDone()) {
                log.debug("The server answers ping but not server/discover; trying initialize");
                rpc.giveUp(probe, "the server ignores it");
                return initialize(ProtocolRevision.LATEST_STATEFUL, true);
            }
        }
        try {
            return discovered(probe, stateless.revision());
        } catch (ServerErrorException e) {
            return afterStatelessEraError(e.error(), e, true);
        }
    }

    /**
     * A stateless-era server refused a request: retry with a version it supports, or fail; never
     * initialize blindly.
     */
    private Outcome afterStatelessEraError(JsonRpcError error, RuntimeException cause, boolean mayRetry) {
        if (!Protocol.isStatelessEraError(error)) {
            log.debug(
                    "server/discover failed with {} {}; the server is of the session era, trying initialize",
                    error.code(),
                    error.message());
            return initialize(ProtocolRevision.LATEST_STATEFUL, true);
        }
        if (error.code() != ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION || !mayRetry) {
            throw new McpClientException("the server refused the connection: " + error.message(), cause);
        }
        List<String> supported = new ArrayList<>();
        if (error.data() != null) {
            error.data().path("supported").forEach(v -> supported.add(v.asText()));
        }
        return retry(common(supported));
    }

    private static ProtocolRevision common(List<String> supported) {
        Optional<ProtocolRevision> common = ProtocolRevision.newestFirst().stream()
                .filter(r -> supported.contains(r.id()))
                .findFirst();
        return common.orElseThrow(() -> new McpClientException("the server speaks " + supported
                + ", no version this client speaks (" + ProtocolRevision.newestFirst() + ")"));
    }

    /** The second and last attempt, with a version the server named. */
    private Outcome retry(ProtocolRevision revision) {
        return revision.isStateless() ? discover(revision) : initialize(revision, false);
    }

    private Outcome discover(ProtocolRevision revision) {
        Protocol protocol = new Protocol(revision, clientInfo, sep2093);
        Call<JsonNode> call = rpc.start(McpMethod.SERVER_DISCOVER.wire(), protocol.params(null), ResultDecoder.TREE);
        return discovered(call, revision);
    }

    private Outcome discovered(Call<JsonNode> call, ProtocolRevision revision) {
        JsonNode result = rpc.await(call, deadline.remaining());
        List<String> versions = new ArrayList<>();
        result.path("supportedVersions").forEach(v -> versions.add(v.asText()));
        if (!versions.isEmpty() && !versions.contains(revision.id())) {
            return retry(common(versions));
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
        return new Outcome(protocol(revision), description);
    }

    private Protocol protocol(ProtocolRevision revision) {
        return new Protocol(revision, clientInfo, sep2093);
    }

    /**
     * Starts a new session of the revision already spoken (the server ended the old one). Fails
     * when the server now settles on another revision.
     */
    public Outcome reinitialize(ProtocolRevision revision) {
        deadline = Deadline.after(timeout);
        Outcome outcome = initialize(revision, false);
        if (outcome.protocol().revision() != revision) {
            throw new McpClientException("the server's new session speaks "
                    + outcome.protocol().revision().id() + ", not " + revision.id() + " as before");
        }
        return outcome;
    }

    /**
     * The handshake. A recognized stateless-era error (a server of the stateless era only, possibly
     * one that started after the probe timed out) leads to one retry with a version it lists.
     */
    private Outcome initialize(ProtocolRevision requested, boolean mayRetry) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("protocolVersion", requested.id());
        params.set("capabilities", Protocol.capabilities(requested, sep2093));
        params.putObject("clientInfo").put("name", clientInfo.name()).put("version", clientInfo.version());
        JsonNode result;
        try {
            result =
                    rpc.await(rpc.start(McpMethod.INITIALIZE.wire(), params, ResultDecoder.TREE), deadline.remaining());
        } catch (HttpStatusException e) {
            if (Protocol.isStatelessEraError(e.error())) {
                return afterStatelessEraError(e.error(), e, mayRetry);
            }
            if (e.status() == 400 || e.status() == 404 || e.status() == 405) {
                throw new HttpSseServer(e);
            }
            throw e;
        } catch (ServerErrorException e) {
            if (Protocol.isStatelessEraError(e.error()) && mayRetry) {
                log.debug(
                        "initialize got the stateless-era error {}; retrying with a version the server lists",
                        e.error());
                return afterStatelessEraError(e.error(), e, true);
            }
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
        return new Outcome(protocol(revision), description);
    }
}
