package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.WireFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One change of one resource, as it goes out to every subscriber: the notification is made once
 * per form (one per wire format for sessions, one per listen request id for listen streams) and
 * the same object handed to every subscriber that speaks that form, so ten thousand subscribers
 * cost one notification, and a transport can write the same bytes to all. Thread-safe.
 */
final class ResourceUpdate {

    private final String uri;
    private final Supplier<String> title;
    private final Map<WireFormat, JsonRpcNotification> bySession = new ConcurrentHashMap<>(4);
    private final Map<RequestId, JsonRpcNotification> byListen = new ConcurrentHashMap<>(4);
    /** The first notification {@link #forSession} made, with its format's instance. */
    private volatile Made lastMade;

    /** A format and its notification (immutable, so it can be read without a lock). */
    private record Made(WireFormat wire, JsonRpcNotification notification) {}

    /**
     * @param title the resource's title, looked up at most once and only if a format asks for it
     */
    ResourceUpdate(String uri, Supplier<String> title) {
        this.uri = uri;
        this.title = title;
    }

    String uri() {
        return uri;
    }

    /** The session era's notification in a session's wire format. */
    JsonRpcNotification forSession(WireFormat wire) {
        // Sessions share their format's one instance (WireFormat.forClient), and nearly all speak
        // the same: the first one made is found by the instance alone, without a look at the
        // session's format or a hash of it (each one more memory access per subscriber).
        Made last = lastMade;
        if (last != null && last.wire == wire) {
            return last.notification;
        }
        // Looked up first: the lambda captures this, so computeIfAbsent alone makes one per subscriber.
        JsonRpcNotification made = bySession.get(wire);
        if (made == null) {
            made = bySession.computeIfAbsent(wire, w -> w.updatedNotification(uri, title));
        }
        if (last == null) { // the first format asked for keeps the fast path (others alternating would churn it)
            lastMade = new Made(wire, made);
        }
        return made;
    }

    /** A listen stream's notification, tagged with the listen request's id. */
    JsonRpcNotification forListen(RequestId id) {
        JsonRpcNotification made = byListen.get(id);
        if (made != null) {
            return made;
        }
        return byListen.computeIfAbsent(id, i -> {
            ObjectNode params = ListenStream.params(i);
            params.put("uri", uri);
            return new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, params);
        });
    }
}
