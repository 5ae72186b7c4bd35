package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.internal.rpc.CancelHooks;
import dev.reservoir.server.internal.rpc.InFlight;
import dev.reservoir.server.spi.CallContext;
import java.time.Instant;
import java.util.Optional;

/**
 * Where provider calls meet the request line: the {@link CallContext} a provider gets is made here
 * from the request being answered ({@link RequestContext}, {@link InFlight}). The only class the SPI's request context depends on.
 */
final class ProviderCalls {

    private ProviderCalls() {}

    /** The context of provider calls made while answering this request. */
    static CallContext of(RequestContext ctx) {
        JsonNode capabilities =
                ctx.clientCapabilities() == null ? JsonNodeFactory.instance.objectNode() : ctx.clientCapabilities();
        return new Context(ctx.inFlight(), ctx.revision(), ctx.wire().sep2093(), capabilities);
    }

    /**
     * Runs {@code release} if the request is cancelled or times out (its answer is then never
     * sent); at once if that already happened. Unlike a provider's callback it does not spare the
     * request's thread its interrupt.
     */
    static void releaseIfDropped(RequestContext ctx, Runnable release) {
        ctx.inFlight().releaseIfDropped(release);
    }

    private record Context(InFlight call, ProtocolRevision revision, boolean sep2093, JsonNode clientCapabilities)
            implements CallContext {

        /** As a wall-clock instant when a provider asks (most never do: the clocks cost a small read 1%). */
        @Override
        public Optional<Instant> deadline() {
            long nanos = call.deadline();
            return nanos == 0 ? Optional.empty() : Optional.of(Instant.now().plusNanos(nanos - System.nanoTime()));
        }

        @Override
        public boolean isCancelled() {
            return call.dropped();
        }

        @Override
        public Registration onCancel(Runnable callback) {
            CancelHooks.Removal removal = call.cancelHooks().add(callback, true);
            return removal::remove;
        }
    }
}
