package dev.reservoir.server.spi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.ProtocolRevision;

/**
 * Told about every request the server answers, for tracing and metrics
 * ({@link dev.reservoir.server.McpServerBuilder#observer}). {@link #started} is called on the request's own thread
 * before it is dispatched, and the observation it returns is {@linkplain Observation#ended ended}
 * once, on the same thread, after the answer was sent (or the request was cancelled, timed out, or
 * became a subscription stream); so an observer may make its span current in between. Methods must
 * be quick and must not throw. Without an observer the server allocates nothing for this.
 */
public interface RequestObserver {

    /** A request begins. */
    Observation started(Request request);

    /** Called once when the server is built: live counts the observer may read at any time (gauges). */
    default void attached(Counts counts) {}

    /** The end of one request. */
    @FunctionalInterface
    interface Observation {
        void ended(Outcome outcome);
    }

    /**
     * A request as received.
     *
     * @param method the JSON-RPC method
     * @param id the request id as text ({@code 7}, {@code "abc"} without quotes)
     * @param params the params (read only: do not change them), or null; {@code _meta} carries
     *     {@code traceparent} and {@code tracestate} when the client propagates a trace
     * @param sessionId the transport's session id (HTTP's {@code Mcp-Session-Id}), or null
     * @param transport how the client is connected: {@code pipe} (stdio), {@code tcp} (HTTP), or
     *     null when the transport did not say
     */
    record Request(String method, String id, ObjectNode params, String sessionId, String transport) {
        /** The {@code uri} parameter of resources/read, subscribe, unsubscribe and metadata, or null. */
        public String resourceUri() {
            return params != null
                            && params.get("uri") != null
                            && params.get("uri").isTextual()
                    ? params.get("uri").textValue()
                    : null;
        }
    }

    /**
     * How a request ended.
     *
     * @param kind answered, failed with an error, cancelled by the client, or timed out
     * @param errorCode the JSON-RPC error code when it failed or timed out, else 0
     * @param errorMessage the error's message when it failed or timed out, else null
     * @param revision the protocol revision the request was served in, or null when it was refused
     *     before one was known
     */
    record Outcome(Kind kind, int errorCode, String errorMessage, ProtocolRevision revision) {
        /** What happened to the request. */
        public enum Kind {
            ANSWERED,
            FAILED,
            CANCELLED,
            TIMED_OUT
        }
    }

    /** Counts of what the server holds now. Thread-safe; each call looks at the present. */
    interface Counts {
        /** Stateful sessions open (connections that sent initialize). */
        int sessions();

        /** Resource subscriptions held, over all sessions and listen streams. */
        int subscriptions();
    }
}
