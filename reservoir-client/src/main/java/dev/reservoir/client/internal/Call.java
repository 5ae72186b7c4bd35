package dev.reservoir.client.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.RequestId;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One request in flight: its id, how its result is decoded, and how to abort its own stream. */
public final class Call<T> {

    final JsonRpcRequest request;
    final ResultDecoder<T> decoder;
    final CompletableFuture<T> future = new CompletableFuture<>();
    private volatile Runnable abort;

    Call(JsonRpcRequest request, ResultDecoder<T> decoder) {
        this.request = request;
        this.decoder = decoder;
    }

    public RequestId id() {
        return request.id();
    }

    public String method() {
        return request.method();
    }

    public JsonRpcRequest request() {
        return request;
    }

    /** Completes with the call's result, or fails with why it has none. */
    public CompletableFuture<T> future() {
        return future;
    }

    /** Whether the call has its answer (or failed). */
    public boolean isDone() {
        return future.isDone();
    }

    /**
     * Waits until the call has its answer (or failed), up to this long; unlike {@link Rpc#await}
     * it never gives the call up.
     *
     * @return whether the call is done
     */
    public boolean awaitDone(Duration wait) {
        return awaitAny(wait, future);
    }

    /** Waits until either call is done, up to this long; gives neither up. */
    public static boolean awaitEither(Call<?> a, Call<?> b, Duration wait) {
        return awaitAny(wait, a.future, b.future);
    }

    private static boolean awaitAny(Duration wait, CompletableFuture<?>... futures) {
        try {
            CompletableFuture.anyOf(futures).get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.reservoir.client.common.McpClientException("interrupted while connecting", e);
        } catch (ExecutionException | TimeoutException e) {
            // done with an error, or not done: the futures tell
        }
        for (CompletableFuture<?> f : futures) {
            if (f.isDone()) {
                return true;
            }
        }
        return false;
    }

    /** The error the server answered with, when the call ended that way. */
    public Optional<JsonRpcError> serverError() {
        if (!future.isCompletedExceptionally()) {
            return Optional.empty();
        }
        try {
            future.join();
            return Optional.empty();
        } catch (RuntimeException e) {
            return e.getCause() instanceof ServerErrorException s ? Optional.of(s.error()) : Optional.empty();
        }
    }

    /** The transport's way to end this request's own stream (an HTTP response), or null. */
    public void onAbort(Runnable action) {
        this.abort = action;
        if (future.isDone()) {
            action.run();
        }
    }

    /** Ends the request's own stream, if the transport gave one. */
    public void abortStream() {
        Runnable action = abort;
        if (action != null) {
            action.run();
        }
    }

    /** Fails the call (the transport could not deliver it, or its stream broke). */
    public void fail(Throwable cause) {
        future.completeExceptionally(cause);
    }

    /** Whether the request carries the stateless era's {@code _meta} (2026-07-28). */
    public boolean stateless() {
        return Protocol.isStateless(request.params());
    }

    /** The request params, or null. */
    public ObjectNode params() {
        return request.params();
    }
}
