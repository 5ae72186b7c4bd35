package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import java.util.Optional;

/** The one seam between the JSON-RPC engine ({@link RpcConnection}) and the protocol on top of it. */
public interface RpcHandler {

    /**
     * Whether the request runs on the reader's thread, in arrival order, before the next message
     * is read (quick changes of state a client may pipeline), instead of on a thread of its own.
     */
    boolean runsInline(JsonRpcRequest request);

    /**
     * Whether the request is answered at once, without blocking (see
     * {@link dev.reservoir.server.transport.ServerConnection#answersAtOnce}); false unless known.
     */
    default boolean answersAtOnce(JsonRpcRequest request) {
        return false;
    }

    /** Answers a request; never throws (a failure is a {@link Reply.Failure}). */
    Reply handle(JsonRpcRequest request, InFlight call);

    /** A notification from the client; {@code connection} is the one it came on (to cancel a request). */
    void notification(JsonRpcNotification notification, RpcConnection connection);

    /** The error a batch gets when the protocol does not allow batches now, or empty when it does. */
    Optional<JsonRpcError> batchRefusal();

    /** The engine fails a request itself ({@code error}: a timeout), just before the error is sent. */
    void failed(InFlight call, JsonRpcError error);

    /**
     * A request ended: answered (its answer written), failed ({@code error}, else null),
     * cancelled or timed out ({@link InFlight#state()}).
     */
    void ended(InFlight call, JsonRpcError error);
}
