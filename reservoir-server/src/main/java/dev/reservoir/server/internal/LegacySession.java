package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.LoggingLevel;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/** The state of the stateful era on one connection: what initialize negotiated, and subscriptions. */
final class LegacySession {

    /** What initialize settled. */
    record Negotiated(WireFormat wire, JsonNode clientCapabilities, Implementation clientInfo) {}

    private final AtomicReference<Negotiated> negotiated = new AtomicReference<>();
    private volatile boolean initializedNotified;
    /** The level the client asked for with logging/setLevel; null: send no log messages. */
    volatile LoggingLevel logLevel;

    final Set<String> subscriptions = ConcurrentHashMap.newKeySet();

    /** Records the handshake; false if initialize already happened on this connection. */
    boolean initialize(Negotiated value) {
        return negotiated.compareAndSet(null, value);
    }

    Negotiated negotiated() {
        return negotiated.get();
    }

    boolean initialized() {
        return negotiated.get() != null;
    }

    ProtocolRevision revision() {
        Negotiated n = negotiated.get();
        return n == null ? null : n.wire().revision();
    }

    void markInitializedNotified() {
        initializedNotified = true;
    }

    boolean initializedNotified() {
        return initializedNotified;
    }
}
