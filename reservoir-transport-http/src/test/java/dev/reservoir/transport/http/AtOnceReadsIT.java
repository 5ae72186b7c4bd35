package dev.reservoir.transport.http;

import static dev.reservoir.transport.http.HttpTestClient.MAPPER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reads that a provider answers from memory ({@link ResourceProvider#readsFromMemory}) are served
 * on the web server's own I/O thread, without a hand-off; every other read on a thread that may
 * block, and a slow one never holds up the others.
 */
@Timeout(60)
class AtOnceReadsIT {

    /**
     * "rec://fast/..." from memory, "rec://wait/..." after 200 ms (a read that may block, and
     * does), "rec://slow/..." when released (10 s at most); records each read's thread.
     */
    private static final class Recorder implements ResourceProvider {
        final BlockingQueue<Thread> readers = new LinkedBlockingQueue<>();
        final CountDownLatch slowStarted = new CountDownLatch(1);
        final CountDownLatch releaseSlow = new CountDownLatch(1);

        @Override
        public UriSpace space() {
            return UriSpace.of(UriPrefix.scheme("rec"));
        }

        @Override
        public Page<Resource> list(ListRequest request) {
            return Page.last(List.of());
        }

        @Override
        public Optional<Metadata> metadata(ResourceRequest request) {
            return Optional.empty();
        }

        @Override
        public boolean readsFromMemory(String uri) {
            return uri.startsWith("rec://fast/");
        }

        @Override
        public ReadResult read(ReadRequest request) {
            String uri = request.uriText();
            readers.add(Thread.currentThread());
            if (uri.endsWith("/missing")) {
                throw new ResourceNotFoundException(uri);
            }
            if (uri.startsWith("rec://wait/")) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (uri.startsWith("rec://slow/")) {
                slowStarted.countDown();
                try {
                    releaseSlow.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return ReadResult.of(
                    Resource.builder(uri, "r").mimeType("text/plain").build(), ContentBody.text("text of " + uri));
        }
    }

    private final Recorder recorder = new Recorder();
    private DemoFixture fixture;

    @AfterEach
    void stop() {
        recorder.releaseSlow.countDown();
        if (fixture != null) {
            fixture.close();
        }
    }

    private void start(int maxConcurrentRequests) throws Exception {
        fixture = DemoFixture.start(
                b -> b, builder -> builder.provider(recorder).maxConcurrentRequests(maxConcurrentRequests));
    }

    private static ObjectNode uri(String uri) {
        return MAPPER.createObjectNode().put("uri", uri);
    }

    private static String text(JsonNode response) {
        return response.at("/result/contents/0/text").asText();
    }

    private Thread reader() throws InterruptedException {
        Thread t = recorder.readers.poll(10, TimeUnit.SECONDS);
        assertThat(t).as("the read reached the provider").isNotNull();
        return t;
    }

    @Test
    void aReadFromMemoryIsServedOnTheWebServersThreadInBothEras() throws Exception {
        start(64);
        HttpTestClient stateless = fixture.client();
        HttpTestClient.Reply reply = stateless.statelessCall("resources/read", uri("rec://fast/1"));
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(text(reply.message())).isEqualTo("text of rec://fast/1");
        Thread first = reader();
        assertThat(first.isVirtual()).as(first.toString()).isFalse();
        assertThat(first.getName()).startsWith("reservoir-http");

        HttpTestClient handshake = fixture.client();
        handshake.initialize(ProtocolRevision.V2025_11_25);
        // The read goes on a connection of its own. On the handshake's, the initialize (served on
        // a virtual thread) hands the connection's next turn to that thread (JettyServers.Pool),
        // and a read already sent by then is served at once there: no hand-off either, but not
        // Jetty's own thread (this case failed so in CI once).
        HttpTestClient session = fixture.client();
        session.sessionId = handshake.sessionId;
        session.revision = handshake.revision;
        assertThat(text(session.call("resources/read", uri("rec://fast/2")))).isEqualTo("text of rec://fast/2");
        Thread second = reader();
        assertThat(second.isVirtual()).as(second.toString()).isFalse();
        assertThat(second.getName()).startsWith("reservoir-http");
        assertThat(stateless.violations()).isEmpty();
        assertThat(handshake.violations()).isEmpty();
        assertThat(session.violations()).isEmpty();
    }

    @Test
    void aReadFromMemoryThatFailsIsAnsweredWithItsError() throws Exception {
        start(64);
        HttpTestClient c = fixture.client();
        HttpTestClient.Reply reply = c.statelessCall("resources/read", uri("rec://fast/missing"));
        // 2026-07-28 says -32602 for a resource that does not exist.
        assertThat(reply.message().at("/error/code").asInt()).as(reply.body()).isEqualTo(-32602);
        assertThat(reply.message().at("/error/message").asText()).isEqualTo("Resource not found");
        assertThat(reply.message().at("/error/data/uri").asText()).isEqualTo("rec://fast/missing");
        reader();
        HttpTestClient.Reply invalid = c.statelessCall("resources/read", uri("rec://fast/a b"));
        assertThat(invalid.message().at("/error/code").asInt())
                .as(invalid.body())
                .isEqualTo(-32602);
    }

    /**
     * A URI the most specific template refuses (a ".." segment) is refused at once, with the error
     * that says why: asking whether it is answered at once used to throw on the I/O thread (an
     * HTTP 500 with an "Internal error" and no id).
     */
    @Test
    void aUriATemplateRefusesIsAnsweredWithItsErrorInBothEras() throws Exception {
        fixture = DemoFixture.start(b -> b, builder -> builder.provider(recorder)
                .template(
                        ResourceTemplate.builder("tpl://{+path}", "t").build(),
                        request -> ReadResult.of(
                                Resource.builder(request.uri().toString(), "t").build(), ContentBody.text("t"))));
        HttpTestClient stateless = fixture.client();
        HttpTestClient.Reply reply = stateless.statelessCall("resources/read", uri("tpl://a/../b"));
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.message().at("/error/code").asInt()).as(reply.body()).isEqualTo(-32602);
        assertThat(reply.message().at("/error/message").asText()).contains("'..' path segment");

        HttpTestClient session = fixture.client();
        session.initialize(ProtocolRevision.V2025_11_25);
        JsonNode refused = session.call("resources/read", uri("tpl://a/../b"));
        assertThat(refused.at("/error/code").asInt()).as(refused.toString()).isEqualTo(-32602);
        assertThat(refused.at("/error/message").asText()).contains("'..' path segment");
        assertThat(stateless.violations()).isEmpty();
        assertThat(session.violations()).isEmpty();
    }

    @Test
    void aSlowReadRunsOnAThreadOfItsOwnAndHoldsUpNoReadFromMemory() throws Exception {
        start(64);
        HttpTestClient slowClient = fixture.client();
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Future<HttpTestClient.Reply> slow =
                    pool.submit(() -> slowClient.statelessCall("resources/read", uri("rec://slow/1")));
            assertThat(recorder.slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
            Thread slowThread = reader();
            assertThat(slowThread.isVirtual()).as(slowThread.toString()).isTrue();
            // Many connections, many reads from memory, while the slow one waits.
            List<Future<HttpTestClient.Reply>> fast = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                HttpTestClient c = fixture.client();
                String u = "rec://fast/" + i;
                fast.add(pool.submit(() -> c.statelessCall("resources/read", uri(u))));
            }
            for (int i = 0; i < fast.size(); i++) {
                HttpTestClient.Reply r = fast.get(i).get(10, TimeUnit.SECONDS);
                assertThat(text(r.message())).isEqualTo("text of rec://fast/" + i);
            }
            assertThat(slow.isDone()).as("the slow read is still waiting").isFalse();
            recorder.releaseSlow.countDown();
            assertThat(text(slow.get(10, TimeUnit.SECONDS).message())).isEqualTo("text of rec://slow/1");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void readsFromMemoryOnOneSessionPastItsLimitOfConcurrentRequestsAreAllAnswered() throws Exception {
        start(2);
        HttpTestClient session = fixture.client();
        session.initialize(ProtocolRevision.V2025_11_25);
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<JsonNode>> answers = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                String u = "rec://fast/" + i;
                answers.add(pool.submit(() -> session.call("resources/read", uri(u))));
            }
            for (int i = 0; i < answers.size(); i++) {
                assertThat(text(answers.get(i).get(20, TimeUnit.SECONDS))).isEqualTo("text of rec://fast/" + i);
            }
            // None of them kept a place: a read that may block is still served.
            recorder.releaseSlow.countDown();
            assertThat(text(session.call("resources/read", uri("rec://slow/2"))))
                    .isEqualTo("text of rec://slow/2");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aBodyThatArrivesInPiecesIsServedWhenTheRestArrivesWithNoThreadWaitingForIt() throws Exception {
        start(64);
        String body =
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/read\",\"params\":{\"uri\":\"rec://fast/9\","
                        + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "127.0.0.1:" + fixture.running.port());
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/json, text/event-stream");
        h.put("MCP-Protocol-Version", "2026-07-28");
        h.put("Mcp-Method", "resources/read");
        h.put("Mcp-Name", "rec://fast/9");
        h.put("Content-Length", Integer.toString(bytes.length));
        h.put("Connection", "close");
        try (RawHttp raw = new RawHttp(fixture.running.port(), 0)) {
            raw.send("POST /mcp HTTP/1.1", h, null);
            OutputStream out = raw.socket.getOutputStream();
            out.write(bytes, 0, 20);
            out.flush();
            Thread.sleep(300);
            out.write(bytes, 20, bytes.length - 20);
            out.flush();
            raw.readHead();
            assertThat(raw.status).isEqualTo(200);
            JsonNode answer = MAPPER.readTree(raw.body());
            assertThat(text(answer)).isEqualTo("text of rec://fast/9");
        }
        assertThat(reader().isVirtual())
                .as("served on Jetty's thread once the rest came")
                .isFalse();
    }

    @Test
    void pipelinedRequestsBehindAReadThatMayBlockAreAnsweredInOrderWithoutAHandOff() throws Exception {
        start(64);
        // Each read that may block ends well after Jetty's thread has left the connection to it:
        // the answer then finishes on the read's virtual thread, which looks for the next request.
        List<String> uris = List.of("rec://wait/1", "rec://fast/2", "rec://wait/3", "rec://fast/4", "rec://wait/5");
        ByteArrayOutputStream requests = new ByteArrayOutputStream();
        for (int i = 0; i < uris.size(); i++) {
            String body = "{\"jsonrpc\":\"2.0\",\"id\":" + (i + 1)
                    + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uris.get(i) + "\","
                    + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + fixture.running.port() + "\r\n"
                    + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: resources/read\r\nMcp-Name: " + uris.get(i)
                    + "\r\nContent-Length: " + bytes.length + "\r\n\r\n";
            requests.write(head.getBytes(StandardCharsets.ISO_8859_1));
            requests.write(bytes);
        }
        try (RawHttp raw = new RawHttp(fixture.running.port(), 0)) {
            OutputStream out = raw.socket.getOutputStream();
            out.write(requests.toByteArray()); // all five at once, before any answer
            out.flush();
            for (int i = 0; i < uris.size(); i++) {
                raw.readHead();
                assertThat(raw.status).isEqualTo(200);
                JsonNode answer = MAPPER.readTree(raw.body());
                assertThat(answer.get("id").asInt()).isEqualTo(i + 1);
                assertThat(text(answer)).isEqualTo("text of " + uris.get(i));
            }
        }
        for (String u : uris) {
            Thread t = reader();
            // A read from memory that waited behind a read that may block is served on the thread
            // that finished that read (a virtual one), as on Jetty's: no hand-off to Jetty's pool.
            assertThat(t.isVirtual()).as(u + " on " + t).isTrue();
        }
    }

    @Test
    void aBodyTooLargeToHoldIsReadOnAThreadThatMayBlockWithNothingLost() throws Exception {
        start(64);
        HttpTestClient c = fixture.client();
        ObjectNode params = uri("rec://fast/big");
        params.put("padding", "p".repeat(200_000)); // past the 64 KiB read on Jetty's thread
        HttpTestClient.Reply reply = c.statelessCall("resources/read", params);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(text(reply.message())).isEqualTo("text of rec://fast/big");
        assertThat(reader().isVirtual()).isTrue();
    }
}
