package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.MetaKeys;
import java.util.List;
import java.util.function.Supplier;

/**
 * One {@code subscriptions/listen} stream (2026-07-28): the acknowledgement first, then every
 * notification the filter asked for, each tagged with the listen request's id.
 */
final class ListenStream implements Subscriber {

    private static final Object LIST_KEY = new Object();

    private final RequestId id;
    private final boolean listChanged;
    private final List<String> uris;
    private final NotificationOutbox outbox;
    private final SubscriptionHub hub;

    ListenStream(RequestId id, boolean listChanged, List<String> uris, NotificationOutbox outbox, SubscriptionHub hub) {
        this.id = id;
        this.listChanged = listChanged;
        this.uris = List.copyOf(uris);
        this.outbox = outbox;
        this.hub = hub;
    }

    /** Sends the acknowledgement, then starts delivering. */
    void start() {
        ObjectNode params = params();
        ObjectNode filter = params.putObject("notifications");
        if (listChanged) {
            filter.put("resourcesListChanged", true);
        }
        if (!uris.isEmpty()) {
            var array = filter.putArray("resourceSubscriptions");
            uris.forEach(array::add);
        }
        // The acknowledgement goes first on the stream, but only once the subscriptions are in
        // place: a change the client makes after seeing it must not be missed.
        outbox.hold();
        outbox.offer(new Object(), new JsonRpcNotification(McpMethods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED, params));
        uris.forEach(uri -> hub.subscribe(uri, this));
        if (listChanged) {
            hub.subscribeList(this);
        }
        outbox.release();
    }

    void stop() {
        uris.forEach(uri -> hub.unsubscribe(uri, this));
        hub.unsubscribeList(this);
        outbox.close();
    }

    @Override
    public void updated(String uri, Supplier<String> title) {
        ObjectNode params = params();
        params.put("uri", uri);
        outbox.offer(uri, new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, params));
    }

    @Override
    public void listChanged() {
        outbox.offer(LIST_KEY, new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, params()));
    }

    private ObjectNode params() {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        ObjectNode meta = params.putObject("_meta");
        meta.set(MetaKeys.SUBSCRIPTION_ID, id.toJson());
        return params;
    }
}
