package dev.reservoir.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.internal.Call;
import dev.reservoir.client.internal.ClientTransport;
import dev.reservoir.client.internal.Protocol;
import dev.reservoir.client.internal.ResultDecoder;
import dev.reservoir.client.internal.Rpc;
import dev.reservoir.client.internal.ServerErrorException;
import dev.reservoir.client.internal.ServerProcess;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.protocol.McpMethods;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every view of one connection shares: the engine, the era, the server's description, the
 * cache, the subscriptions, and the one thread listeners are called on.
 *
 * @param origin the cache's name for this server; {@code authContext} its name for the credentials used
 */
final class Connection {

    private static final Logger log = LoggerFactory.getLogger(Connection.class);

    private final Rpc rpc;
    private final Protocol protocol;
    private final ServerDescription description;
    private final ResourceCache cache;
    private final String origin;
    private final String authContext;
    private final long spillThreshold;
    private final Duration timeout;
    private final ServerProcess process;
    private final Subscriptions subscriptions;
    private final ExecutorService listeners = Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("mcp-client-listener").factory());
    private final AtomicBoolean closed = new AtomicBoolean();

    Connection(
            Rpc rpc,
            Protocol protocol,
            ServerDescription description,
            ResourceCache cache,
            String origin,
            String authContext,
            long spillThreshold,
            Duration timeout,
            ServerProcess process) {
        this.rpc = rpc;
        this.protocol = protocol;
        this.description = description;
        this.cache = cache;
        this.origin = origin;
        this.authContext = authContext;
        this.spillThreshold = spillThreshold;
        this.timeout = timeout;
        this.process = process;
        this.subscriptions = new Subscriptions(this);
        rpc.onNotification(this::onNotification);
        rpc.onClosed(subscriptions::closeAll);
    }

    Rpc rpc() {
        return rpc;
    }

    ClientTransport transport() {
        return rpc.transport();
    }

    Protocol protocol() {
        return protocol;
    }

    ServerDescription description() {
        return description;
    }

    ResourceCache cache() {
        return cache;
    }

    String origin() {
        return origin;
    }

    String authContext() {
        return authContext;
    }

    long spillThreshold() {
        return spillThreshold;
    }

    Duration timeout() {
        return timeout;
    }

    Subscriptions subscriptions() {
        return subscriptions;
    }

    boolean isClosed() {
        return closed.get() || rpc.isClosed();
    }

    /**
     * One call: the era's params, a deadline, and errors mapped to the public exceptions.
     *
     * @param uri the resource the call is about, to name it in a not-found error; or null
     */
    <T> T call(String method, ObjectNode body, ResultDecoder<T> decoder, String uri, Duration deadline) {
        if (closed.get()) {
            throw new McpClientException("the client is closed");
        }
        Call<T> call = rpc.start(method, protocol.params(body), decoder);
        try {
            return rpc.await(call, deadline);
        } catch (ServerErrorException e) {
            throw Protocol.error(e.error(), method, uri);
        } catch (McpTimeoutException e) {
            throw e;
        } catch (McpClientException e) {
            if (process != null && rpc.isClosed()) {
                throw new McpClientException(e.getMessage() + " (" + process.describeExit() + ")", e);
            }
            throw e;
        }
    }

    /** A call whose result is a tree; a result that is not complete (it asks for input) is refused. */
    JsonNode callTree(String method, ObjectNode body, String uri, Duration deadline) {
        JsonNode result = call(method, body, ResultDecoder.TREE, uri, deadline);
        JsonNode type = result == null ? null : result.get("resultType");
        if (type != null && type.isTextual() && !type.textValue().equals("complete")) {
            throw new McpClientException("the server answered " + method + " with resultType \"" + type.textValue()
                    + "\" (it needs input from the client), which this client does not handle");
        }
        return result;
    }

    /**
     * The server ended the session (HTTP 404): start a new one, as the transport
     * spec asks, with the same revision; drop what the cache holds from this server; subscribe
     * again. Called by the transport, which then retries the request that met the 404.
     */
    void renewSession(Handshake handshake) {
        log.info("The server ended the session; starting a new one");
        handshake.reinitialize(protocol.revision());
        if (cache != null) {
            cache.invalidateOrigin(origin);
        }
        subscriptions.renew(timeout);
    }

    /** Runs a listener call on the listeners' thread, in order. */
    void notify(Runnable call) {
        try {
            listeners.execute(() -> {
                try {
                    call.run();
                } catch (RuntimeException e) {
                    log.warn("A resource listener failed", e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Closed: nobody listens any more.
        }
    }

    private void onNotification(JsonRpcNotification n) {
        ObjectNode params = n.params();
        switch (n.method()) {
            case McpMethods.NOTIFICATION_RESOURCE_UPDATED -> {
                String uri = params == null ? null : params.path("uri").asText(null);
                if (uri != null) {
                    if (cache != null) {
                        cache.invalidateUri(origin, uri);
                    }
                    subscriptions.updated(uri, params);
                }
            }
            case McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED -> {
                if (cache != null) {
                    cache.invalidateLists(origin);
                }
                subscriptions.listChanged(params);
            }
            case McpMethods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED -> {
                if (params != null) {
                    subscriptions.acknowledged(params);
                }
            }
            default -> log.debug("Notification {} from the server", n.method());
        }
    }

    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        subscriptions.closeAll(new McpClientException("the client closed the connection"));
        rpc.transport().close();
        listeners.shutdown();
        try {
            listeners.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
