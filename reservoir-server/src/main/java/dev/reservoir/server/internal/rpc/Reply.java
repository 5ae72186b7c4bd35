package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonWritable;
import java.util.Objects;

/** What a handler made of a request: an answer, an error, or a stream that keeps the request open. */
public sealed interface Reply {

    /** The request is answered with this result (written later, by the transport's writer). */
    record Answer(JsonWritable result) implements Reply {
        public Answer {
            Objects.requireNonNull(result, "result");
        }
    }

    /** The request failed with this error. */
    record Failure(JsonRpcError error) implements Reply {
        public Failure {
            Objects.requireNonNull(error, "error");
        }
    }

    /**
     * The request stays open without a response (a listen stream): the handler took it over with
     * {@link InFlight#detach} and sends on it until it is cancelled or the connection closes.
     */
    record Stream() implements Reply {}

    /** The one {@link Stream}. */
    Reply STREAM = new Stream();
}
