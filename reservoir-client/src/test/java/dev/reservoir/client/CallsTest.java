package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.support.InProcessServer;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Deadlines, cancellation and large content, against Reservoir's server over pipes. */
@Timeout(60)
class CallsTest {

    private final CountDownLatch slowStarted = new CountDownLatch(1);
    private final CountDownLatch slowInterrupted = new CountDownLatch(1);
    private InProcessServer server;

    @BeforeEach
    void start() {
        server = InProcessServer.bench(
                10,
                b -> b.template(ResourceTemplate.builder("slow://{n}", "slow").build(), request -> {
                    slowStarted.countDown();
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        slowInterrupted.countDown(); // the server cancelled the read: our client told it to
                        Thread.currentThread().interrupt();
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), "slow").build(), ContentBody.text("late"));
                }));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(
            value = ProtocolRevision.class,
            names = {"V2026_07_28", "V2025_11_25"})
    void aCallPastItsDeadlineIsCancelledOnTheServer(ProtocolRevision revision) throws Exception {
        try (McpClient client = server.client().revision(revision).connect()) {
            McpClient impatient = client.withTimeout(Duration.ofMillis(300));
            assertThatThrownBy(() -> impatient.read("slow://1"))
                    .isInstanceOf(McpTimeoutException.class)
                    .hasMessageContaining("resources/read");
            assertThat(slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(slowInterrupted.await(5, TimeUnit.SECONDS))
                    .as("notifications/cancelled reached the server")
                    .isTrue();
            // The connection is still good.
            assertThat(client.read("bench://text/3").text()).startsWith("bench text 3 v0");
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = ProtocolRevision.class,
            names = {"V2026_07_28", "V2025_11_25"})
    void aLargeBlobIsDecodedToAFileNotHeldInMemory(ProtocolRevision revision) throws Exception {
        try (McpClient client =
                server.client().revision(revision).spillThreshold(64 * 1024).connect()) {
            try (ReadResourceResult result = client.read("bench://blob/1MiB")) {
                BlobResourceContents blob = result.blob();
                assertThat(blob.inMemory()).isFalse();
                assertThat(blob.size()).isEqualTo(1L << 20);
                try (InputStream in = blob.openStream()) {
                    assertThat(in.readAllBytes()).isEqualTo(benchBlob(1 << 20));
                }
            }
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            ReadResourceResult streamed = client.readTo("bench://blob/1MiB", sink);
            assertThat(streamed.first()).isInstanceOf(StreamedResourceContents.class);
            assertThat(((StreamedResourceContents) streamed.first()).size()).isEqualTo(1L << 20);
            assertThat(sink.toByteArray()).isEqualTo(benchBlob(1 << 20));
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = ProtocolRevision.class,
            names = {"V2026_07_28", "V2025_11_25"})
    void closingTheClientFailsCallsInFlight(ProtocolRevision revision) throws Exception {
        McpClient client = server.client().revision(revision).connect();
        Thread closer = Thread.ofVirtual().start(() -> {
            try {
                slowStarted.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            client.close();
        });
        assertThatThrownBy(() -> client.read("slow://2"))
                .isInstanceOf(McpClientException.class)
                .hasMessageContaining("closed");
        closer.join(5000);
        assertThatThrownBy(() -> client.read("bench://text/1")).isInstanceOf(McpClientException.class);
    }

    /** The bench dataset's blob: the 64 KiB SplittableRandom gives for the size as seed, repeated. */
    static byte[] benchBlob(int size) {
        byte[] block = new byte[Math.min(size, 64 * 1024)];
        new SplittableRandom(size).nextBytes(block);
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = block[i % block.length];
        }
        return bytes;
    }
}
