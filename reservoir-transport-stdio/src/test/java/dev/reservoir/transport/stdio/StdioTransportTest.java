package dev.reservoir.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.testkit.Eventually;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stdio transport over pipes: framing, limits, end of input, and a client that stops reading. */
@Timeout(60)
class StdioTransportTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String INIT =
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n";

    private final McpServer server = McpServer.builder()
            .resource(
                    Resource.builder("test://text", "text")
                            .mimeType("text/plain")
                            .build(),
                    ContentBody.text("hello"))
            .resource(Resource.builder("test://big", "big").build(), ContentBody.text("z".repeat(64 * 1024)))
            .build();

    @AfterEach
    void close() {
        server.close();
    }

    private record Running(OutputStream toServer, BufferedReader fromServer, CompletableFuture<Void> done) {
        JsonNode next() throws IOException {
            String line = fromServer.readLine();
            assertThat(line).as("server output").isNotNull();
            return MAPPER.readTree(line);
        }

        void send(String text) throws IOException {
            toServer.write(text.getBytes(StandardCharsets.UTF_8));
            toServer.flush();
        }
    }

    private Running start(StdioTransport transport) {
        CompletableFuture<Void> done = CompletableFuture.runAsync(() -> {
            try {
                server.serve(transport);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return new Running(null, null, done);
    }

    private Running pipes(int maxMessageBytes) throws IOException {
        // NIO pipes, not Piped*Stream: those fail once the thread that last wrote has ended.
        Pipe toServerPipe = Pipe.open();
        Pipe fromServerPipe = Pipe.open();
        InputStream serverIn = Channels.newInputStream(toServerPipe.source());
        OutputStream toServer = Channels.newOutputStream(toServerPipe.sink());
        InputStream clientIn = Channels.newInputStream(fromServerPipe.source());
        OutputStream serverOut = Channels.newOutputStream(fromServerPipe.sink());
        StdioTransport transport = StdioTransport.of(serverIn, serverOut)
                .withMaxMessageBytes(maxMessageBytes)
                .withShutdownGrace(Duration.ofSeconds(2));
        Running started = start(transport);
        return new Running(
                toServer, new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8)), started.done());
    }

    @Test
    void answersOneMessagePerLineAndExitsWhenInputCloses() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        assertThat(r.next().at("/result/protocolVersion").asText()).isEqualTo("2025-06-18");
        r.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\r\n\n   \n");
        r.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://text\"}}\n");
        assertThat(r.next().at("/result/contents/0/text").asText()).isEqualTo("hello");
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
        assertThat(r.fromServer().readLine()).as("nothing after the answers").isNull();
    }

    @Test
    void anOverlongMessageGetsAClearErrorAndTheConnectionGoesOn() throws Exception {
        Running r = pipes(4096);
        r.send(INIT);
        r.next();
        r.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"pad\":\"" + "p".repeat(10_000)
                + "\"}}\n");
        JsonNode error = r.next();
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(error.at("/error/message").asText()).contains("4096 bytes");
        r.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
        assertThat(r.next().get("id").asInt()).isEqualTo(3);
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
    }

    @Test
    void answersInProgressStillGoOutAfterInputCloses() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://big\"}}\n");
        r.toServer().close();
        JsonNode big = r.next();
        assertThat(big.at("/result/contents/0/text").asText()).hasSize(64 * 1024);
        r.done().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aClosedOutputEndsTheServerThoughItsInputStaysOpen() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.fromServer().close(); // the client stops reading: the server's next write fails (EPIPE)
        r.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}\n");
        r.done().get(10, TimeUnit.SECONDS);
    }

    /** A client that never reads: the server must stop reading too, not queue answers without bound. */
    @Test
    void aClientThatStopsReadingStopsTheServerReading() throws Exception {
        AtomicLong requestsConsumed = new AtomicLong();
        byte[] request =
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://big\"}}\n"
                        .getBytes(StandardCharsets.UTF_8);
        byte[] init = INIT.getBytes(StandardCharsets.UTF_8);
        InputStream endless = new InputStream() {
            long position = -init.length;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (position < 0) {
                    int n = (int) Math.min(len, -position);
                    System.arraycopy(init, (int) (init.length + position), b, off, n);
                    position += n;
                    return n;
                }
                int at = (int) (position % request.length);
                int n = Math.min(len, request.length - at);
                System.arraycopy(request, at, b, off, n);
                position += n;
                if (at + n == request.length) {
                    requestsConsumed.incrementAndGet();
                }
                return n;
            }
        };
        Pipe unread = Pipe.open();
        OutputStream neverRead = Channels.newOutputStream(unread.sink());
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> {
            try {
                server.serve(StdioTransport.of(endless, neverRead));
            } catch (Exception e) {
                // ends when the test closes the server
            }
        });
        // Reading without a bound would never settle: the wait would fail, or the count pass 1000.
        long settled = awaitSettled(requestsConsumed, Duration.ofMillis(500));
        // 64 in flight plus what the 64 KiB line buffer already held: bounded, not thousands.
        assertThat(settled)
                .as("reading stops once the in-flight limit is reached")
                .isLessThan(1000);
        server.close();
        serving.cancel(true);
    }

    /** The counter's value once it has not changed for {@code quiet}; fails if it does not settle within 30 s. */
    private static long awaitSettled(AtomicLong counter, Duration quiet) {
        var last = new Object() {
            long value = -1;
            long since = System.nanoTime();
        };
        return Eventually.await(
                "the count to stay put for " + quiet,
                Duration.ofSeconds(30),
                () -> {
                    long now = counter.get();
                    if (now != last.value) {
                        last.value = now;
                        last.since = System.nanoTime();
                    }
                    return now;
                },
                now -> System.nanoTime() - last.since >= quiet.toNanos());
    }
}
