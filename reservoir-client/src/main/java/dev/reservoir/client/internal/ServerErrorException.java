package dev.reservoir.client.internal;

import dev.reservoir.core.jsonrpc.JsonRpcError;

/** The server answered a call with a JSON-RPC error; the client maps it to a public exception. */
public final class ServerErrorException extends RuntimeException {

    private final JsonRpcError error;

    public ServerErrorException(JsonRpcError error) {
        super(error.code() + ": " + error.message(), null, false, false);
        this.error = error;
    }

    public JsonRpcError error() {
        return error;
    }
}
