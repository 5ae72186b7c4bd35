package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.spi.CallContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where provider calls meet the request line: the {@link CallContext} a provider gets is made here
 * from the request being answered ({@link RequestContext}, {@link InFlight}), and a request's
 * cancellation callbacks live here. The only class the SPI's request context depends on.
 */
final class ProviderCalls {

    private ProviderCalls() {}

    /** The context of provider calls made while answering this request. */
    static CallContext of(RequestContext ctx) {
        InFlight call = ctx.inFlight();
        long nanos = call.deadline;
        Instant deadline = nanos == 0 ? null : Instant.now().plusNanos(nanos - System.nanoTime());
        JsonNode capabilities =
                ctx.clientCapabilities() == null ? JsonNodeFactory.instance.objectNode() : ctx.clientCapabilities();
        return new Context(call, ctx.revision(), ctx.wire().sep2093(), capabilities, deadline);
    }

    /**
     * Runs {@code release} if the request is cancelled or times out (its answer is then never
     * sent); at once if that already happened. Unlike a provider's callback it does not spare the
     * request's thread its interrupt.
     */
    static void releaseIfDropped(RequestContext ctx, Runnable release) {
        ctx.inFlight().cancellation.add(release, false);
    }

    private record Context(
            InFlight call, ProtocolRevision revision, boolean sep2093, JsonNode clientCapabilities, Instant at)
            implements CallContext {

        @Override
        public Optional<Instant> deadline() {
            return Optional.ofNullable(at);
        }

        @Override
        public boolean isCancelled() {
            InFlight.State state = call.state();
            return state == InFlight.State.CANCELLED || state == InFlight.State.TIMED_OUT;
        }

        @Override
        public Registration onCancel(Runnable callback) {
            return call.cancellation.add(callback, true);
        }
    }

    /**
     * The callbacks of one request for its cancellation or timeout. Each runs once: those
     * registered before it happened on a virtual thread of their own (the canceller may be the
     * transport's reader), those registered after at once. Thread-safe.
     */
    static final class Cancellation {

        private record Hook(Runnable run, boolean stopsWork) {}

        private final ReentrantLock lock = new ReentrantLock();
        private final List<Hook> hooks = new ArrayList<>();
        private boolean fired;

        CallContext.Registration add(Runnable run, boolean stopsWork) {
            Hook hook = new Hook(run, stopsWork);
            lock.lock();
            try {
                if (!fired) {
                    hooks.add(hook);
                    return () -> remove(hook);
                }
            } finally {
                lock.unlock();
            }
            runQuietly(run);
            return () -> {};
        }

        /**
         * Runs the callbacks (once). True when one of them stops the provider's work itself: the
         * request's thread must then not be interrupted.
         */
        boolean fire() {
            List<Hook> toRun;
            lock.lock();
            try {
                if (fired) {
                    return false;
                }
                fired = true;
                toRun = List.copyOf(hooks);
                hooks.clear();
            } finally {
                lock.unlock();
            }
            if (toRun.isEmpty()) {
                return false;
            }
            Thread.ofVirtual().name("reservoir-cancel").start(() -> toRun.forEach(h -> runQuietly(h.run())));
            return toRun.stream().anyMatch(Hook::stopsWork);
        }

        private void remove(Hook hook) {
            lock.lock();
            try {
                hooks.remove(hook);
            } finally {
                lock.unlock();
            }
        }

        private static void runQuietly(Runnable run) {
            try {
                run.run();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(ProviderCalls.class).debug("A cancellation callback failed", e);
            }
        }
    }
}
