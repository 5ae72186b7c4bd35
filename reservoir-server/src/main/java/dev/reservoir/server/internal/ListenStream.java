package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.MetaKeys;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One {@code subscriptions/listen} stream (2026-07-28): the acknowledgement first, then every
 * notification the filter asked for, each tagged with the listen request's id.
 */
final class ListenStream implements Subscriber {

    private static final Object LIST_KEY = new Object();

    private final RequestId id;
    private final boolean listChanged;
    /** The URIs, as the request gave them until {@link #start}, then as the hub keeps them. */
    private final String[] uris;

    private final NotificationOutbox outbox;
    private final SubscriptionHub hub;
    /** Orders start and stop, which a cancellation may run at the same time. */
    private final ReentrantLock lock = new ReentrantLock();

    private boolean stopped;

    ListenStream(RequestId id, boolean listChanged, List<String> uris, NotificationOutbox outbox, SubscriptionHub hub) {
        this.id = id;
        this.listChanged = listChanged;
        this.uris = uris.toArray(String[]::new);
        this.outbox = outbox;
        this.hub = hub;
    }

    /** Sends the acknowledgement, then starts delivering. */
    void start() {
        ObjectNode params = params(id);
        ObjectNode filter = params.putObject("notifications");
        if (listChanged) {
            filter.put("resourcesListChanged", true);
        }
        if (uris.length > 0) {
            var array = filter.putArray("resourceSubscriptions");
            for (String uri : uris) {
                array.add(uri);
            }
        }
        // The acknowledgement goes first on the stream, but only once the subscriptions are in
        // place: a change the client makes after seeing it must not be missed.
        outbox.hold();
        outbox.offer(new Object(), new JsonRpcNotification(McpMethods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED, params));
        lock.lock();
        try {
            if (stopped) {
                return; // cancelled while starting: nothing may stay subscribed
            }
            for (int i = 0; i < uris.length; i++) {
                // Keep the hub's copy: the request's own strings (and its JSON) can then be freed.
                uris[i] = hub.subscribe(uris[i], this);
            }
            if (listChanged) {
                hub.subscribeList(this);
            }
        } finally {
            lock.unlock();
        }
        outbox.release();
    }

    void stop() {
        lock.lock();
        try {
            stopped = true;
            for (String uri : uris) {
                hub.unsubscribe(uri, this);
            }
            hub.unsubscribeList(this);
        } finally {
            lock.unlock();
        }
        outbox.close();
    }

    @Override
    public void updated(ResourceUpdate update) {
        outbox.offer(update.uri(), update.forListen(id));
    }

    @Override
    public void listChanged() {
        outbox.offer(LIST_KEY, new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, params(id)));
    }

    /** A notification's params on a listen stream: tagged with the listen request's id in {@code _meta}. */
    static ObjectNode params(RequestId id) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        ObjectNode meta = params.putObject("_meta");
        meta.set(MetaKeys.SUBSCRIPTION_ID, id.toJson());
        return params;
    }
}
