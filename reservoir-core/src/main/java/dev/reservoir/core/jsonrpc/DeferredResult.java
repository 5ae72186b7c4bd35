package dev.reservoir.core.jsonrpc;

/**
 * A result that takes what it needs to be written (open streams, a place in a server's budget)
 * only when its turn to be written comes, and that may turn out to be an error at that moment (the
 * content is gone, the server is too busy). The codec calls {@link #open()}, then either writes the
 * result or the error instead, then {@link #close()}; nothing is held before or after.
 */
public interface DeferredResult extends JsonWritable {

    /** Called just before the response is written: null to write this result, or the error to send instead. */
    JsonRpcError open();

    /** Called once after {@link #open()}, however the write went: releases what it took. */
    void close();
}
