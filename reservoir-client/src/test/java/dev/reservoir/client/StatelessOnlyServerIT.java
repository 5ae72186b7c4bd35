package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.support.Interop;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The era probe against real servers that start slowly: a stateless-only server on the official
 * TypeScript SDK 2.x (it refuses {@code initialize} with -32022, as the Python SDK's 2026-07-28
 * servers do), and the session-era reference server on SDK 1.x. Each is started through
 * {@code sleep} so that it comes up only after the probe timeout: its slow start must not decide
 * its era.
 */
@Timeout(120)
class StatelessOnlyServerIT {

    private static final Duration PROBE = Duration.ofMillis(500);
    private static final Duration CONNECT = Duration.ofSeconds(60);

    @Test
    void aStatelessOnlyServerThatStartsAfterTheProbeTimeoutIsSpokenToIn20260728() {
        try (McpClient client = McpClient.builder()
                .stdio(Interop.slowly(3, Interop.statelessOnlyStdio()))
                .probeTimeout(PROBE)
                .connectTimeout(CONNECT)
                .connect()) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2026_07_28);
            assertThat(client.server().serverInfo().name()).isEqualTo("modern-only");
            assertThat(client.read("test://hello").text()).isEqualTo("hello from 2026-07-28");
        }
    }

    @Test
    void aStatelessOnlyServerRefusesAPinnedHandshakeRevisionNamingItsOwn() {
        assertThatThrownBy(() -> McpClient.builder()
                        .stdio(Interop.statelessOnlyStdio())
                        .revision(ProtocolRevision.V2025_11_25)
                        .connectTimeout(CONNECT)
                        .connect())
                .isInstanceOf(McpClientException.class)
                .hasMessageContaining("2026-07-28");
    }

    @Test
    void aSessionEraServerThatStartsAfterTheProbeTimeoutStillGetsInitialize() {
        try (McpClient client = McpClient.builder()
                .stdio(Interop.slowly(3, Interop.serverEverythingStdio()))
                .probeTimeout(PROBE)
                .connectTimeout(CONNECT)
                .connect()) {
            assertThat(client.server().revision().isStateless()).isFalse();
            assertThat(client.resources().findAny()).isPresent();
        }
    }
}
