package dev.reservoir.client.internal;

import dev.reservoir.client.common.TransportKind;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.io.IOException;

/**
 * Moves messages between the client and one server. What arrives goes to the {@link Rpc} given to
 * {@link #start}; responses are matched to calls there. Implementations are thread-safe.
 */
public interface ClientTransport extends AutoCloseable {

    TransportKind kind();

    /** Starts reading from the server. */
    void start(Rpc rpc) throws IOException;

    /** Sends a request; its answer arrives through the Rpc (or the call fails). */
    void send(Call<?> call) throws IOException;

    /** Sends a notification or a response. */
    void send(JsonRpcMessage message) throws IOException;

    /**
     * The client gave up on a call: tell the server as the transport and era want it (a
     * {@code notifications/cancelled}, or closing the request's own stream in the stateless HTTP era).
     */
    void cancel(Call<?> call, String reason);

    /** The session era's revision was negotiated (HTTP sends it in a header, and may open a GET stream). */
    default void negotiated(ProtocolRevision revision) {}

    /** Ends the connection (and the server process, for stdio). */
    @Override
    void close();
}
