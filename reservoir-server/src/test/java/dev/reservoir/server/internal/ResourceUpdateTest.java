package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One change's notification per session format: made once per format, each format its own. */
class ResourceUpdateTest {

    @Test
    void eachFormatGetsItsOwnNotificationMadeOnceWhicheverComesFirst() {
        AtomicInteger lookups = new AtomicInteger();
        ResourceUpdate update = new ResourceUpdate("mem://a", () -> {
            lookups.incrementAndGet();
            return "A";
        });
        WireFormat old = WireFormat.of(ProtocolRevision.V2024_11_05); // no title in its notification
        WireFormat titled = WireFormat.of(ProtocolRevision.V2025_11_25);

        JsonRpcNotification first = update.forSession(old);
        assertThat(first.params().has("title")).isFalse();
        // The first format's fast path must not answer for another format, before or after.
        JsonRpcNotification second = update.forSession(titled);
        assertThat(second.params().path("title").asText()).isEqualTo("A");
        assertThat(second.params().path("uri").asText()).isEqualTo("mem://a");
        for (int i = 0; i < 3; i++) {
            assertThat(update.forSession(old)).isSameAs(first);
            assertThat(update.forSession(titled)).isSameAs(second);
            // An equal format that is not the shared instance gets the same notification.
            assertThat(update.forSession(new WireFormat(ProtocolRevision.V2024_11_05, false)))
                    .isSameAs(first);
            assertThat(update.forSession(new WireFormat(ProtocolRevision.V2025_11_25, false)))
                    .isSameAs(second);
        }
        assertThat(lookups).hasValue(1);
    }
}
