package dev.reservoir.server.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What a provider call knows of the request it serves: its deadline, its cancellation, and the
 * client's protocol revision and capabilities. The server makes one per call; it is thread-safe
 * and never null ({@link #NONE} outside a request).
 *
 * <p>A provider that registers a callback with {@link #onCancel} stops its own work when the
 * request is cancelled or times out (a JDBC {@code Statement.cancel()}, a flag a tree walk looks
 * at), and the server then does not interrupt the request's thread while the callback is
 * registered: an interrupt closes the socket of a JDBC connection or an NIO channel a thread is
 * blocked in. A provider that registers nothing is interrupted, as before.
 */
public interface CallContext {

    /** Takes a callback back; closing twice is harmless. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** When the request times out, or empty when it has no deadline (outside a request, a quick session change). */
    Optional<Instant> deadline();

    /** Whether the request was cancelled by the client or timed out: nothing of this call will reach the client. */
    boolean isCancelled();

    /**
     * Runs {@code callback} once, on another thread, when the request is cancelled or times out while
     * the registration is open; at once, on this thread, when that already happened. The callback
     * must be quick and must not throw.
     */
    Registration onCancel(Runnable callback);

    /** The protocol revision the client speaks in this request. */
    ProtocolRevision revision();

    /** Whether the client opted into SEP-2093 (full metadata on read, collections): it knows what several contents items mean. */
    boolean sep2093();

    /** The capabilities the client declared (an empty object when it declared none); never null. */
    JsonNode clientCapabilities();

    /** The time left before the deadline, at most {@code atMost} (and {@code atMost} when there is no deadline); never negative. */
    default Duration remaining(Duration atMost) {
        Optional<Instant> deadline = deadline();
        if (deadline.isEmpty()) {
            return atMost;
        }
        Duration left = Duration.between(Instant.now(), deadline.get());
        return left.isNegative() ? Duration.ZERO : left.compareTo(atMost) < 0 ? left : atMost;
    }

    /** A context outside any request: no deadline, never cancelled, the latest stateful revision, no capabilities. */
    CallContext NONE = new CallContext() {
        @Override
        public Optional<Instant> deadline() {
            return Optional.empty();
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public Registration onCancel(Runnable callback) {
            return () -> {};
        }

        @Override
        public ProtocolRevision revision() {
            return ProtocolRevision.LATEST_STATEFUL;
        }

        @Override
        public boolean sep2093() {
            return false;
        }

        @Override
        public JsonNode clientCapabilities() {
            return JsonNodeFactory.instance.objectNode();
        }

        @Override
        public String toString() {
            return "CallContext.NONE";
        }
    };
}
