package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.server.transport.MessageSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Gathers the responses to one batch and sends them as one array, in the order of the batch,
 * when the last request is done (cancelled requests add nothing; a batch of notifications only
 * gets no response at all).
 */
final class BatchCollector {

    private final MessageSink replies;
    private final SizeCap cap;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<JsonRpcMessage> responses = new ArrayList<>();
    private int outstanding;
    private boolean started;
    private boolean done;

    /** Collects for {@code replies}; {@code cap} fits the whole batch answer to its size limit, or is null. */
    BatchCollector(MessageSink replies, SizeCap cap) {
        this.replies = replies;
        this.cap = cap;
    }

    /**
     * The error for a batch longer than {@code max}, or null. A batch is refused whole, before any
     * of it runs: each of its requests holds a thread, and its answer, until the last one is done.
     */
    static JsonRpcErrorResponse refusal(Decoded.Batch batch, int max) {
        int length = batch.items().size();
        return length <= max ? null : new JsonRpcErrorResponse(null, JsonRpcError.batchTooLong(length, max));
    }

    /** The sink for the next request of the batch; its response keeps that request's place. */
    Slot slot() {
        lock.lock();
        try {
            outstanding++;
            responses.add(null);
            return new Slot(responses.size() - 1);
        } finally {
            lock.unlock();
        }
    }

    /** An error for an invalid item of the batch, in its place. */
    void add(JsonRpcMessage response) {
        lock.lock();
        try {
            responses.add(response);
        } finally {
            lock.unlock();
        }
    }

    /** Every request of the batch has been started; the batch completes when they finish. */
    void allStarted() {
        lock.lock();
        try {
            started = true;
        } finally {
            lock.unlock();
        }
        maybeFlush();
    }

    private void maybeFlush() {
        List<JsonRpcMessage> toSend;
        lock.lock();
        try {
            if (!started || outstanding > 0 || done) {
                return;
            }
            done = true;
            toSend = responses.stream().filter(Objects::nonNull).toList();
        } finally {
            lock.unlock();
        }
        try {
            if (!toSend.isEmpty()) {
                // Read answers open their content only now, one at a time as the array is written.
                replies.sendBatch(cap == null ? toSend : cap.fitBatch(toSend));
            }
        } catch (Exception e) {
            // The client is gone, or a content broke half-way (logged where it broke).
        }
        replies.finish();
    }

    /** The reply channel of one request in the batch. */
    final class Slot implements MessageSink {
        private final int index;

        private Slot(int index) {
            this.index = index;
        }

        @Override
        public void send(JsonRpcMessage message) {
            lock.lock();
            try {
                responses.set(index, message);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) {
            throw new IllegalStateException("a request inside a batch has one response");
        }

        @Override
        public int contentWriteBytes() {
            return replies.contentWriteBytes();
        }

        /** This request is done (answered, cancelled or timed out). */
        @Override
        public void finish() {
            lock.lock();
            try {
                outstanding--;
            } finally {
                lock.unlock();
            }
            maybeFlush();
        }
    }
}
