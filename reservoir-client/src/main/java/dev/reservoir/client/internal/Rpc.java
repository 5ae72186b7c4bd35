package dev.reservoir.client.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.Cancellation;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON-RPC engine of one connection: ids, calls in flight, their timeouts and cancellation, and
 * what arrives from the server (responses to calls, notifications to the client, pings answered).
 * Independent of the transport and the era. Thread-safe.
 */
public final class Rpc {

    private static final Logger log = LoggerFactory.getLogger(Rpc.class);

    private final ClientTransport transport;
    private final Map<RequestId, Call<?>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile Consumer<JsonRpcNotification> notifications = n -> {};
    private volatile Throwable closed;
    private volatile Consumer<Throwable> onClosed = cause -> {};

    public Rpc(ClientTransport transport) {
        this.transport = transport;
    }

    public ClientTransport transport() {
        return transport;
    }

    /** Where notifications go (set once the client is ready for them). */
    public void onNotification(Consumer<JsonRpcNotification> handler) {
        this.notifications = handler;
    }

    /** What to do when the connection ends (subscriptions hear of it). */
    public void onClosed(Consumer<Throwable> handler) {
        this.onClosed = handler;
    }

    /** The decoder of the call waiting for this id, or null when none waits (its result is skipped). */
    public ResultDecoder<?> decoderFor(RequestId id) {
        Call<?> call = pending.get(id);
        return call == null ? null : call.decoder;
    }

    /** Starts a call: registers it, then sends it. */
    public <T> Call<T> start(String method, ObjectNode params, ResultDecoder<T> decoder) {
        return start(method, params, decoder, null);
    }

    /**
     * Starts a call, letting the caller see it before it is sent (a listen stream's notifications
     * can arrive before {@code start} returns).
     */
    public <T> Call<T> start(String method, ObjectNode params, ResultDecoder<T> decoder, Consumer<Call<T>> beforeSend) {
        Throwable gone = closed;
        if (gone != null) {
            throw new McpClientException("the connection is closed", gone);
        }
        RequestId id = RequestId.of(ids.incrementAndGet());
        Call<T> call = new Call<>(new JsonRpcRequest(id, method, params), decoder);
        pending.put(id, call);
        if (beforeSend != null) {
            beforeSend.accept(call);
        }
        try {
            transport.send(call);
        } catch (IOException | RuntimeException e) {
            pending.remove(id);
            throw e instanceof McpClientException m
                    ? m
                    : new McpClientException("could not send " + method + ": " + e.getMessage(), e);
        }
        return call;
    }

    /**
     * Waits for a call's answer. On timeout or interrupt the client gives up: the server is told
     * (see {@link ClientTransport#cancel}) and the call is forgotten.
     *
     * @throws ServerErrorException when the server answered with an error
     */
    public <T> T await(Call<T> call, Duration timeout) {
        try {
            return call.future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            giveUp(call, "timed out after " + timeout.toMillis() + " ms");
            throw new McpTimeoutException(call.method(), timeout);
        } catch (InterruptedException e) {
            giveUp(call, "the caller was interrupted");
            Thread.currentThread().interrupt();
            throw new McpClientException(call.method() + " was interrupted (the request was cancelled)", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ServerErrorException s) {
                throw new ServerErrorException(s.error()); // a fresh one, with this thread's stack
            }
            if (cause instanceof McpClientException m) {
                // The base type gets this thread's stack; subtypes (timeouts, HTTP statuses) stay as they are.
                throw m.getClass() == McpClientException.class ? new McpClientException(m.getMessage(), m) : m;
            }
            throw new McpClientException(call.method() + " failed: " + cause, cause);
        }
    }

    /** The client gives up on a call: forgets it and tells the server, as the transport does it. */
    public void giveUp(Call<?> call, String reason) {
        if (pending.remove(call.id(), call)) {
            call.future.completeExceptionally(new McpClientException(call.method() + " cancelled: " + reason));
            try {
                transport.cancel(call, reason);
            } catch (RuntimeException e) {
                log.debug("Could not tell the server that {} was cancelled", call.id(), e);
            }
        }
    }

    /** Sends a notification. */
    public void notify(String method, ObjectNode params) {
        try {
            transport.send(new JsonRpcNotification(method, params));
        } catch (IOException e) {
            throw new McpClientException("could not send " + method + ": " + e.getMessage(), e);
        }
    }

    /** A message from the server (transports call this on their reading thread). */
    public void accept(Inbound message) {
        switch (message) {
            case Inbound.Response r -> respond(r);
            case Inbound.Notification n -> notification(n);
            case Inbound.Request r -> answer(r);
        }
    }

    /** The transport's stream for a call broke or was refused: the call fails with this cause. */
    public void fail(Call<?> call, Throwable cause) {
        if (pending.remove(call.id(), call)) {
            call.fail(cause);
        }
    }

    /** The connection ended: every call in flight fails, and new ones are refused. */
    public void closed(Throwable cause) {
        boolean first = closed == null;
        if (first) {
            closed = cause;
        }
        for (Call<?> call : List.copyOf(pending.values())) {
            fail(
                    call,
                    new McpClientException(
                            "the connection closed before " + call.method() + " was answered: " + cause.getMessage(),
                            cause));
        }
        if (first) {
            try {
                onClosed.accept(cause);
            } catch (RuntimeException e) {
                log.debug("A close handler failed", e);
            }
        }
    }

    /** Whether the connection has ended. */
    public boolean isClosed() {
        return closed != null;
    }

    /** Why the connection ended, or null while it is open. */
    public Throwable closedCause() {
        return closed;
    }

    private void respond(Inbound.Response response) {
        Call<?> call = pending.remove(response.id());
        if (call == null) {
            log.debug("A response to {}, which no call waits for (given up, or never sent)", response.id());
            return;
        }
        if (response.error() != null) {
            call.future.completeExceptionally(new ServerErrorException(response.error()));
        } else if (response.failure() != null) {
            call.future.completeExceptionally(new McpClientException(
                    "could not read the answer to " + call.method() + ": "
                            + response.failure().getMessage(),
                    response.failure()));
        } else {
            complete(call, response.result());
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> void complete(Call<T> call, Object result) {
        call.future.complete((T) result);
    }

    private void notification(Inbound.Notification n) {
        if (n.method().equals(McpMethods.NOTIFICATION_CANCELLED) && n.params() != null) {
            // The server ended one of our requests (a listen stream at shutdown, on stdio).
            RequestId requestId = Cancellation.requestId(n.params());
            Call<?> call = requestId == null ? null : pending.get(requestId);
            if (call != null) {
                fail(
                        call,
                        new McpClientException("the server cancelled " + call.method() + ": "
                                + n.params().path("reason").asText("no reason given")));
            }
        }
        try {
            notifications.accept(new JsonRpcNotification(n.method(), n.params()));
        } catch (RuntimeException e) {
            log.warn("A notification handler failed for {}", n.method(), e);
        }
    }

    /** Requests from the server: ping is answered; this client serves nothing else. */
    private void answer(Inbound.Request request) {
        try {
            if (request.method().equals(McpMethod.PING.wire())) {
                transport.send(JsonRpcResult.of(request.id(), JsonNodeFactory.instance.objectNode()));
            } else {
                transport.send(new JsonRpcErrorResponse(request.id(), JsonRpcError.methodNotFound(request.method())));
            }
        } catch (IOException | RuntimeException e) {
            log.debug("Could not answer the server's {} request", request.method(), e);
        }
    }
}
