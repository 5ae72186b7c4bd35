package dev.reservoir.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.Sep2093;
import dev.reservoir.server.spi.CallContext;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link CallContext} for provider tests: it counts the cancellation callbacks registered and
 * not yet taken back, and {@link #cancel()} runs them as the server does when a client cancels.
 * Thread-safe.
 */
public final class RecordingContext implements CallContext {

    private final ReentrantLock lock = new ReentrantLock();
    private final List<Runnable> callbacks = new ArrayList<>();
    private final Instant deadline;
    private final ProtocolRevision revision;
    private final boolean sep2093;
    private boolean cancelled;

    /** No deadline, the latest stateful revision, SEP-2093 declared. */
    public RecordingContext() {
        this(null, ProtocolRevision.LATEST_STATEFUL, true);
    }

    public RecordingContext(Duration timeout, ProtocolRevision revision, boolean sep2093) {
        this.deadline = timeout == null ? null : Instant.now().plus(timeout);
        this.revision = revision;
        this.sep2093 = sep2093;
    }

    @Override
    public Optional<Instant> deadline() {
        return Optional.ofNullable(deadline);
    }

    @Override
    public boolean isCancelled() {
        lock.lock();
        try {
            return cancelled;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Registration onCancel(Runnable callback) {
        lock.lock();
        try {
            if (!cancelled) {
                callbacks.add(callback);
                return () -> remove(callback);
            }
        } finally {
            lock.unlock();
        }
        callback.run();
        return () -> {};
    }

    /** Cancels: every callback registered now runs once, on this thread. */
    public void cancel() {
        List<Runnable> toRun;
        lock.lock();
        try {
            cancelled = true;
            toRun = List.copyOf(callbacks);
            callbacks.clear();
        } finally {
            lock.unlock();
        }
        toRun.forEach(Runnable::run);
    }

    /** Callbacks registered and neither taken back nor run. */
    public int openRegistrations() {
        lock.lock();
        try {
            return callbacks.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public ProtocolRevision revision() {
        return revision;
    }

    @Override
    public boolean sep2093() {
        return sep2093;
    }

    @Override
    public JsonNode clientCapabilities() {
        ObjectNode capabilities = JsonNodeFactory.instance.objectNode();
        if (sep2093) {
            capabilities.putObject(Sep2093.capabilityGroup(revision)).putObject(Sep2093.EXTENSION_ID);
        }
        return capabilities;
    }

    private void remove(Runnable callback) {
        lock.lock();
        try {
            callbacks.remove(callback);
        } finally {
            lock.unlock();
        }
    }
}
