package dev.reservoir.server.internal;

import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.server.transport.MessageSink;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Gathers the responses to one batch and sends them as one array when the last request is done
 * (cancelled requests add nothing; a batch of notifications only gets no response at all).
 */
final class BatchCollector implements MessageSink {

    private final MessageSink replies;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<JsonRpcMessage> responses = new ArrayList<>();
    private final List<InFlight> adopted = new ArrayList<>();
    private int outstanding;
    private boolean started;
    private boolean done;

    BatchCollector(MessageSink replies) {
        this.replies = replies;
    }

    void expectOne() {
        lock.lock();
        try {
            outstanding++;
        } finally {
            lock.unlock();
        }
    }

    /** Keeps a finished request whose open streams must be closed once the batch is written. */
    void adopt(InFlight call) {
        lock.lock();
        try {
            adopted.add(call);
        } finally {
            lock.unlock();
        }
    }

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

    @Override
    public void send(JsonRpcMessage message) {
        add(message);
    }

    @Override
    public void sendBatch(List<? extends JsonRpcMessage> messages) {
        messages.forEach(this::add);
    }

    /** One request of the batch is done (answered, cancelled or timed out). */
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

    private void maybeFlush() {
        List<JsonRpcMessage> toSend;
        lock.lock();
        try {
            if (!started || outstanding > 0 || done) {
                return;
            }
            done = true;
            toSend = List.copyOf(responses);
        } finally {
            lock.unlock();
        }
        try {
            if (!toSend.isEmpty()) {
                replies.sendBatch(toSend);
            }
        } catch (Exception e) {
            // The client is gone; nothing to do.
        } finally {
            adopted.forEach(InFlight::closeHeld);
        }
        replies.finish();
    }
}
