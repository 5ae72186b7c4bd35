package dev.reservoir.client;

import dev.reservoir.client.common.TransportKind;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.util.List;
import java.util.Objects;

/**
 * The server the client is connected to, as learnt when connecting.
 *
 * @param revision the protocol revision spoken; {@link ProtocolRevision#isStateless()} tells the era
 * @param transport how the server is reached
 * @param serverInfo the server's name and version, or null when it did not say (a stateless server
 *     may put it only in result {@code _meta})
 * @param capabilities never null
 * @param instructions the server's instructions for a model, or null
 * @param supportedVersions the versions {@code server/discover} listed (stateless era), else the one negotiated
 */
public record ServerDescription(
        ProtocolRevision revision,
        TransportKind transport,
        Implementation serverInfo,
        ServerCapabilities capabilities,
        String instructions,
        List<String> supportedVersions) {

    public ServerDescription {
        Objects.requireNonNull(revision, "revision");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(capabilities, "capabilities");
        supportedVersions = List.copyOf(supportedVersions);
    }

    /** A copy with the server's name and version (learnt later, from a result's {@code _meta}). */
    public ServerDescription withServerInfo(Implementation info) {
        return new ServerDescription(revision, transport, info, capabilities, instructions, supportedVersions);
    }
}
