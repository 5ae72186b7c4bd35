package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Why a connection failed, said in words rather than exception class names. */
@Timeout(60)
class ConnectErrorsTest {

    @Test
    void aClosedPortIsConnectionRefused() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        assertThatThrownBy(() -> McpClient.builder()
                        .http("http://127.0.0.1:" + port + "/mcp")
                        .connect())
                .isInstanceOf(McpClientException.class)
                .isNotInstanceOf(McpTimeoutException.class)
                .hasMessage("could not reach http://127.0.0.1:" + port + "/mcp: connection refused");
    }

    @Test
    void aNameThatDoesNotResolveIsAnUnknownHost() {
        assertThatThrownBy(() -> McpClient.builder()
                        .http("http://nonexistent.invalid/mcp")
                        .connectTimeout(Duration.ofSeconds(20))
                        .connect())
                .isInstanceOf(McpClientException.class)
                .hasMessageEndingWith(": unknown host nonexistent.invalid");
    }

    @Test
    void aServerThatAcceptsButNeverAnswersIsATimeoutWithinTheConnectTimeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> McpClient.builder()
                            .http("http://127.0.0.1:" + silent.getLocalPort() + "/mcp")
                            .connectTimeout(Duration.ofMillis(500))
                            .connect())
                    .isInstanceOf(McpTimeoutException.class)
                    .hasMessageContaining("within the connect timeout of 500 ms");
        }
    }

    @Test
    void aStdioServerThatNeverAnswersIsATimeoutWithinTheConnectTimeout() {
        assertThatThrownBy(() -> McpClient.builder()
                        .stdio("sleep", "30")
                        .probeTimeout(Duration.ofMillis(200))
                        .connectTimeout(Duration.ofMillis(800))
                        .connect())
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("within 800 ms");
    }

    @Test
    void aUrlWithoutAHostIsRefusedAtOnce() {
        assertThatThrownBy(() -> McpClient.builder().server("http:///"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'http:///' names no host, as in http://127.0.0.1:8080/mcp");
        assertThatThrownBy(() -> McpClient.builder().server("http://"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'http://' is not a URL");
    }
}
