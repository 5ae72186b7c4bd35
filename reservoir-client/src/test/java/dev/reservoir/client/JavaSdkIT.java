package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.support.Interop;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.demo.BenchData;
import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A server built on the official MCP Java SDK (reservoir-peer-javasdk), over stdio and Streamable HTTP. */
@Timeout(120)
class JavaSdkIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final int TEXTS = 250;
    private static Interop.ServerProcess http;
    private static int port;

    @BeforeAll
    static void startHttp() {
        port = Interop.freePort();
        http = new Interop.ServerProcess(
                List.of(
                        Interop.java(),
                        "-jar",
                        Interop.javaSdkJar().toString(),
                        "http",
                        Integer.toString(port),
                        Integer.toString(TEXTS)),
                Map.of(),
                port);
    }

    @AfterAll
    static void stopHttp() {
        if (http != null) {
            http.close();
        }
    }

    static Stream<String> transports() {
        return Stream.of("stdio", "http");
    }

    private static McpClient connect(String transport) {
        McpClientBuilder builder = McpClient.builder()
                .requestTimeout(Duration.ofSeconds(30))
                .connectTimeout(Duration.ofSeconds(30))
                .spillThreshold(256 * 1024);
        return transport.equals("stdio")
                ? builder.stdio(Interop.javaSdkStdio(TEXTS)).connect()
                : builder.http("http://127.0.0.1:" + port + "/mcp").connect();
    }

    @ParameterizedTest
    @MethodSource("transports")
    void listsAndReadsTheBenchmarkSet(String transport) throws Exception {
        try (McpClient client = connect(transport)) {
            assertThat(client.server().revision()).isEqualTo(ProtocolRevision.V2025_11_25);
            assertThat(client.server().serverInfo().name()).isEqualTo("java-sdk-peer");
            List<Resource> all = client.resources().toList();
            assertThat(all).hasSize(TEXTS + 3);
            assertThat(all).extracting(Resource::uri).contains("bench://text/0", "bench://blob/1MiB");
            assertThat(client.read("bench://text/5").text()).isEqualTo(BenchData.text(5, 0));
            try (ReadResourceResult blob = client.read("bench://blob/1MiB")) {
                assertThat(blob.blob().inMemory()).isFalse();
                byte[] expected = CallsTest.benchBlob(1 << 20);
                try (InputStream in = blob.blob().openStream()) {
                    assertThat(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()))
                            .isEqualTo(MessageDigest.getInstance("SHA-256").digest(expected));
                }
            }
            assertThat(client.read("test://template/77/data").text()).contains("\"id\":\"77\"");
            assertThatThrownBy(() -> client.read("bench://text/99999")).isInstanceOf(ResourceNotFoundException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("transports")
    void hearsUpdatesOfASubscribedResource(String transport) throws Exception {
        try (McpClient client = connect(transport)) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe("bench://text/7", recorder)) {
                assertThat(sub.uris()).containsExactly("bench://text/7");
                assertThat(client.read("bench://touch/7").text()).isEqualTo("touched bench://text/7");
                assertThat(recorder.next(WAIT)).isEqualTo("updated bench://text/7");
                assertThat(client.read("bench://text/7").text()).isEqualTo(BenchData.text(7, 1));
            }
        }
    }
}
