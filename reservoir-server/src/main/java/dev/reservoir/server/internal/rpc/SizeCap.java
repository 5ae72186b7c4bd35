package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import java.util.List;

/** Fits answers to the message size a client that reads messages whole accepts (on sinks that cap sizes). */
public interface SizeCap {

    /** The message, or what is sent instead when it does not fit. */
    JsonRpcMessage fit(JsonRpcMessage message);

    /** The answers of one batch, fitted as one message. */
    List<JsonRpcMessage> fitBatch(List<? extends JsonRpcMessage> messages);
}
