package dev.reservoir.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.internal.Call;
import dev.reservoir.client.internal.Protocol;
import dev.reservoir.client.internal.ResultDecoder;
import dev.reservoir.client.internal.ServerErrorException;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.McpMethod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection's subscriptions, in either era. Session era: one {@code resources/subscribe}
 * per URI however many subscriptions want it (counted, and unsubscribed when the last one closes);
 * list changes reach every subscription that asked. Stateless era: one {@code subscriptions/listen}
 * request per subscription, its notifications matched by {@code _meta.subscriptionId}.
 */
final class Subscriptions {

    private static final Logger log = LoggerFactory.getLogger(Subscriptions.class);

    private final Connection conn;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Integer> sessionEraRefs = new HashMap<>();
    private final List<Sub> open = new CopyOnWriteArrayList<>();
    private final Map<RequestId, Sub> byListenId = new ConcurrentHashMap<>();

    Subscriptions(Connection conn) {
        this.conn = conn;
    }

    Subscription subscribe(Collection<String> uris, boolean listChanged, ResourceListener listener, Duration timeout) {
        List<String> wanted = List.copyOf(new LinkedHashSet<>(uris));
        return conn.protocol().revision().isStateless()
                ? listen(wanted, listChanged, listener, timeout)
                : sessionEra(wanted, listChanged, listener, timeout);
    }

    private Subscription sessionEra(
            List<String> uris, boolean listChanged, ResourceListener listener, Duration timeout) {
        ServerCapabilities caps = conn.description().capabilities();
        List<String> acked = new ArrayList<>();
        if (caps.subscribe()) {
            try {
                for (String uri : uris) {
                    retain(uri, timeout);
                    acked.add(uri);
                }
            } catch (RuntimeException e) {
                acked.forEach(uri -> release(uri, timeout));
                throw e;
            }
        } else if (!uris.isEmpty()) {
            log.debug("The server does not offer resources/subscribe; no updates for {}", uris);
        }
        Sub sub = new Sub(listener, null);
        sub.acknowledge(acked, listChanged && caps.listChanged());
        open.add(sub);
        return sub;
    }

    private void retain(String uri, Duration timeout) {
        lock.lock();
        try {
            int count = sessionEraRefs.getOrDefault(uri, 0);
            if (count == 0) {
                subscribeOnServer(uri, timeout);
            }
            sessionEraRefs.put(uri, count + 1);
        } finally {
            lock.unlock();
        }
    }

    private void subscribeOnServer(String uri, Duration timeout) {
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("uri", uri);
        conn.call(McpMethod.RESOURCES_SUBSCRIBE.wire(), params, ResultDecoder.TREE, uri, timeout);
    }

    private void release(String uri, Duration timeout) {
        lock.lock();
        try {
            int count = sessionEraRefs.getOrDefault(uri, 0);
            if (count <= 1) {
                sessionEraRefs.remove(uri);
                if (count == 1 && !conn.isClosed()) {
                    try {
                        ObjectNode params =
                                JsonNodeFactory.instance.objectNode().put("uri", uri);
                        conn.call(McpMethod.RESOURCES_UNSUBSCRIBE.wire(), params, ResultDecoder.TREE, uri, timeout);
                    } catch (RuntimeException e) {
                        log.debug("Unsubscribing from {} failed: {}", uri, e.toString());
                    }
                }
            } else {
                sessionEraRefs.put(uri, count - 1);
            }
        } finally {
            lock.unlock();
        }
    }

    private Subscription listen(List<String> uris, boolean listChanged, ResourceListener listener, Duration timeout) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        ObjectNode filter = body.putObject("notifications");
        if (listChanged) {
            filter.put("resourcesListChanged", true);
        }
        if (!uris.isEmpty()) {
            uris.forEach(filter.putArray("resourceSubscriptions")::add);
        }
        Sub[] created = new Sub[1];
        Call<JsonNode> call = conn.rpc()
                .start(McpMethod.SUBSCRIPTIONS_LISTEN.wire(), conn.protocol().params(body), ResultDecoder.TREE, c -> {
                    // Registered before sending: the acknowledgement and the first notifications can
                    // arrive before start() returns.
                    created[0] = new Sub(listener, c);
                    byListenId.put(c.id(), created[0]);
                    open.add(created[0]);
                });
        Sub sub = created[0];
        try {
            CompletableFuture.anyOf(sub.ack, call.future()).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            sub.forget();
            conn.rpc().giveUp(call, "no acknowledgement within " + timeout.toMillis() + " ms");
            throw new McpTimeoutException(McpMethod.SUBSCRIPTIONS_LISTEN.wire(), timeout);
        } catch (InterruptedException e) {
            sub.forget();
            conn.rpc().giveUp(call, "the caller was interrupted");
            Thread.currentThread().interrupt();
            throw new McpClientException("subscribing was interrupted", e);
        } catch (ExecutionException e) {
            sub.forget();
            Throwable cause = e.getCause();
            if (cause instanceof ServerErrorException s) {
                throw Protocol.error(
                        s.error(), McpMethod.SUBSCRIPTIONS_LISTEN.wire(), uris.isEmpty() ? null : uris.getFirst());
            }
            throw new McpClientException("the server refused the subscription: " + cause.getMessage(), cause);
        }
        if (!sub.ack.isDone()) {
            sub.forget();
            throw new McpClientException("the server ended the listen stream before acknowledging it");
        }
        call.future()
                .whenComplete((result, failure) -> sub.ended(
                        failure != null ? failure : new McpClientException("the server ended the listen stream")));
        return sub;
    }

    /** A notification's subscription id ({@code _meta}), or null when it has none. */
    static RequestId subscriptionId(ObjectNode params) {
        return params == null
                ? null
                : RequestId.fromJson(params.path("_meta").get(dev.reservoir.core.protocol.MetaKeys.SUBSCRIPTION_ID));
    }

    void acknowledged(ObjectNode params) {
        Sub sub = byListenId.get(subscriptionId(params));
        if (sub == null) {
            return;
        }
        JsonNode filter = params.path("notifications");
        List<String> uris = new ArrayList<>();
        filter.path("resourceSubscriptions").forEach(u -> uris.add(u.asText()));
        sub.acknowledge(uris, filter.path("resourcesListChanged").asBoolean(false));
    }

    void updated(String uri, ObjectNode params) {
        RequestId id = subscriptionId(params);
        for (Sub sub : open) {
            if ((id == null || id.equals(sub.id())) && sub.uris().contains(uri)) {
                sub.deliver(() -> sub.listener.updated(uri));
            }
        }
    }

    void listChanged(ObjectNode params) {
        RequestId id = subscriptionId(params);
        for (Sub sub : open) {
            if ((id == null || id.equals(sub.id())) && sub.listChanged()) {
                sub.deliver(sub.listener::listChanged);
            }
        }
    }

    /** Whether an open subscription covers this URI (so the server will say when it changes). */
    boolean watches(String uri) {
        for (Sub sub : open) {
            if (sub.uris().contains(uri)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The server ended the session and a new one was started: subscribes again to every URI the
     * open subscriptions hold, then tells their listeners that what they watch may have changed
     * meanwhile ({@code updated} for each URI, {@code listChanged} where asked), since the
     * notifications of the gap are lost. Reads the URIs without the lock: a caller in the middle of
     * a subscribe may hold it while its own request waits for this renewal (that request is retried
     * in the new session by itself).
     */
    void renew(Duration timeout) {
        java.util.Set<String> uris = new LinkedHashSet<>();
        for (Sub sub : open) {
            uris.addAll(sub.uris());
        }
        for (String uri : uris) {
            try {
                subscribeOnServer(uri, timeout);
            } catch (RuntimeException e) {
                log.warn("Could not subscribe again to {} in the new session: {}", uri, e.toString());
            }
        }
        for (Sub sub : open) {
            for (String uri : sub.uris()) {
                sub.deliver(() -> sub.listener.updated(uri));
            }
            if (sub.listChanged()) {
                sub.deliver(sub.listener::listChanged);
            }
        }
    }

    /** The connection ended: every subscription hears it. */
    void closeAll(Throwable cause) {
        for (Sub sub : open) {
            sub.ended(cause);
        }
    }

    final class Sub implements Subscription {
        private final ResourceListener listener;
        private final Call<JsonNode> listen;
        private final CompletableFuture<Void> ack = new CompletableFuture<>();
        private final AtomicBoolean isOpen = new AtomicBoolean(true);
        private volatile List<String> uris = List.of();
        private volatile boolean listChanged;
        private volatile boolean closedByCaller;

        Sub(ResourceListener listener, Call<JsonNode> listen) {
            this.listener = listener;
            this.listen = listen;
        }

        RequestId id() {
            return listen == null ? null : listen.id();
        }

        void acknowledge(List<String> acked, boolean lists) {
            this.uris = List.copyOf(acked);
            this.listChanged = lists;
            ack.complete(null);
        }

        void deliver(Runnable call) {
            if (isOpen.get()) {
                // Queued in order on the listeners' thread; what arrived before the server ended the
                // subscription is still delivered, nothing after the caller closed it.
                conn.notify(() -> {
                    if (!closedByCaller) {
                        call.run();
                    }
                });
            }
        }

        void ended(Throwable cause) {
            if (isOpen.compareAndSet(true, false)) {
                forget();
                conn.notify(() -> listener.closed(cause));
            }
        }

        @Override
        public List<String> uris() {
            return uris;
        }

        @Override
        public boolean listChanged() {
            return listChanged;
        }

        @Override
        public boolean isOpen() {
            return isOpen.get();
        }

        @Override
        public void close() {
            closedByCaller = true;
            if (!isOpen.compareAndSet(true, false)) {
                return;
            }
            forget();
            if (listen != null) {
                conn.rpc().giveUp(listen, "the client closed the subscription");
            } else {
                uris.forEach(uri -> release(uri, conn.timeout()));
            }
        }

        void forget() {
            open.remove(this);
            if (listen != null) {
                byListenId.remove(listen.id(), this);
            }
        }
    }
}
