package dev.reservoir.transport.http;

import static dev.reservoir.transport.http.HttpTestClient.MAPPER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.sse.SseEvent;
import dev.reservoir.core.sse.SseReader;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.testkit.Eventually;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SSE event ids and {@code Last-Event-ID}: a client that reconnects gets every event after the one
 * it names, once; polling (2025-11-25) closes connections with {@code retry}; a reader that falls
 * too far behind is cut off and resumes without loss.
 */
@Timeout(90)
class ResumptionIT {

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    /** Resources {@code many://r/0..count-1}, each URI padded to about {@code pad} characters. */
    private static java.util.function.Consumer<McpServerBuilder> many(int count, int pad) {
        return b -> {
            for (int i = 0; i < count; i++) {
                b.resource(Resource.builder(uri(i, pad), "r" + i).build(), "resource " + i);
            }
        };
    }

    private static String uri(int i, int pad) {
        return "many://r/" + i + (pad > 0 ? "/" + "x".repeat(pad) : "");
    }

    private HttpTestClient subscribed(int count, int pad) throws Exception {
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        for (int i = 0; i < count; i++) {
            c.call("resources/subscribe", MAPPER.createObjectNode().put("uri", uri(i, pad)));
        }
        return c;
    }

    private void awaitNoStream() {
        Eventually.await(
                "the server to let the stream go; open streams",
                Duration.ofSeconds(10),
                fixture.running::openStreams,
                open -> open == 0);
    }

    private static int index(JsonNode updated) {
        String uri = updated.at("/params/uri").asText();
        return Integer.parseInt(uri.substring("many://r/".length()).split("/")[0]);
    }

    @Test
    void aReconnectingClientGetsEveryMissedEventOnceInOrder() throws Exception {
        fixture = DemoFixture.start(b -> b.keepAlive(Duration.ofMillis(100)), many(40, 0));
        HttpTestClient c = subscribed(40, 0);
        List<Integer> seen = new ArrayList<>();
        String last;
        try (HttpTestClient.Streaming get = c.get(null)) {
            get.sse.next(); // priming
            for (int i = 0; i < 10; i++) {
                fixture.server.resourceUpdated(uri(i, 0));
            }
            for (int i = 0; i < 10; i++) {
                seen.add(index(get.nextMessage(null)));
            }
            last = get.lastEvent.id();
        }
        // Disconnected: these wait in the stream's buffer (some may be written to the dead connection).
        for (int i = 10; i < 25; i++) {
            fixture.server.resourceUpdated(uri(i, 0));
        }
        // A keep-alive (every 100 ms) or an event written to the dead connection tells the server.
        awaitNoStream();
        try (HttpTestClient.Streaming resumed = c.get(last)) {
            assertThat(resumed.status()).isEqualTo(200);
            SseEvent priming = resumed.sse.next();
            assertThat(priming.data()).isEmpty();
            assertThat(priming.id()).isEqualTo(last);
            for (int i = 10; i < 25; i++) {
                seen.add(index(resumed.nextMessage(null)));
            }
            for (int i = 25; i < 30; i++) {
                fixture.server.resourceUpdated(uri(i, 0));
            }
            for (int i = 25; i < 30; i++) {
                seen.add(index(resumed.nextMessage(null)));
            }
            resumed.sse.assertQuiet(Duration.ofMillis(300));
        }
        assertThat(seen)
                .containsExactlyElementsOf(
                        java.util.stream.IntStream.range(0, 30).boxed().toList());
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void pollingClosesTheConnectionWithRetryAndTheClientResumes() throws Exception {
        fixture = DemoFixture.start(
                b -> b.ssePollInterval(Duration.ofMillis(300)).sseRetry(Duration.ofMillis(50)), many(5, 0));
        HttpTestClient c = subscribed(5, 0);
        String last;
        try (HttpTestClient.Streaming get = c.get(null)) {
            SseEvent priming = get.sse.next();
            last = priming.id();
            assertThat(get.sse.awaitEnd()).as("a clean end, not an error").isTrue();
            assertThat(get.sse.retries).contains(50L);
        }
        fixture.server.resourceUpdated(uri(3, 0));
        awaitNoStream();
        try (HttpTestClient.Streaming again = c.get(last)) {
            assertThat(index(again.nextMessage(null))).isEqualTo(3);
        }
    }

    @Test
    void aSlowAnswerIsResumedWithGetAfterThePostConnectionWasClosed() throws Exception {
        fixture = DemoFixture.start(
                b -> b.sseAfter(Duration.ofMillis(50)).ssePollInterval(Duration.ofMillis(150)), SlowResources::add);
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient.Reply first = c.post(
                c.request(31, "resources/read", MAPPER.createObjectNode().put("uri", "slow://wait/800")), Map.of());
        assertThat(first.isSse()).isTrue();
        assertThat(first.messages()).as("closed before the answer").isEmpty();
        String last = first.events().getLast().id();
        assertThat(last).isEqualTo("1-0");
        JsonNode answer = null;
        for (int attempt = 0; attempt < 20 && answer == null; attempt++) {
            try (HttpTestClient.Streaming get = c.get(last)) {
                assertThat(get.status()).isEqualTo(200);
                while (!get.sse.ended() || answer == null) {
                    SseEvent e;
                    try {
                        e = get.sse.next();
                    } catch (AssertionError ended) {
                        break;
                    }
                    last = e.id();
                    if (!e.data().isEmpty()) {
                        answer = MAPPER.readTree(e.data());
                        break;
                    }
                }
            }
        }
        assertThat(answer).isNotNull();
        assertThat(answer.path("id").asInt()).isEqualTo(31);
        assertThat(answer.at("/result/contents/0/text").asText()).isEqualTo("waited 800 ms");
        c.check(answer, "resources/read", ProtocolRevision.V2025_11_25);
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void aLastEventIdOfNoKnownStreamIs400() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        try (HttpTestClient.Streaming get = c.get("99-5")) {
            assertThat(get.status()).isEqualTo(400);
        }
        try (HttpTestClient.Streaming get = c.get("garbage")) {
            assertThat(get.status()).isEqualTo(400);
        }
    }

    @Test
    void aReaderTooFarBehindIsCutOffAndResumesWithoutLoss() throws Exception {
        int count = 200;
        int pad = 2000;
        fixture = DemoFixture.start(b -> b.replayBuffer(20_000, 200L << 20), many(count, pad));
        HttpTestClient c = subscribed(count, pad);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Host", "127.0.0.1:" + fixture.running.port());
        headers.put("Accept", "text/event-stream");
        headers.put("Mcp-Session-Id", c.sessionId);
        headers.put("MCP-Protocol-Version", "2025-11-25");
        List<Long> seqs = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        int fired = 0;
        try (RawHttp slow = new RawHttp(fixture.running.port(), 4096)) {
            slow.send("GET /mcp HTTP/1.1", headers, null).readHead();
            assertThat(slow.status).isEqualTo(200);
            // Fire until the server gives up on the reader (it reads nothing meanwhile).
            while (fixture.running.openStreams() > 0 && fired < 40_000) {
                for (int i = 0; i < 100; i++) {
                    fixture.server.resourceUpdated(uri(fired % count, pad));
                    fired++;
                }
                Thread.sleep(5); // between bursts, so the server's writes and its verdict on the reader keep up
            }
            assertThat(fixture.running.openStreams())
                    .as("the slow reader was disconnected")
                    .isZero();
            // Now read what did reach the client before the cut.
            SseReader reader = new SseReader(slow.bodyStream());
            try {
                for (SseReader.Event e; (e = reader.next()) != null; ) {
                    SseEvent whole = e.whole(1 << 20);
                    if (!whole.data().isEmpty()) {
                        ids.add(whole.id());
                    }
                }
            } catch (java.io.IOException cut) {
                // The connection was cut: everything before it was parsed.
            }
        }
        assertThat(ids).as("the reader got some events before the cut").isNotEmpty();
        try (HttpTestClient.Streaming resumed = c.get(ids.getLast())) {
            assertThat(resumed.sse.next().data()).isEmpty(); // priming
            for (SseEvent e : resumed.sse.takeUntilQuiet(Duration.ofSeconds(1))) {
                ids.add(e.id());
            }
        }
        for (String id : ids) {
            seqs.add(Long.parseLong(id.substring(id.indexOf('-') + 1)));
        }
        // The stream's events, numbered by the server: every one arrived, once, in order. (The engine
        // may have merged updates of one URI that were still queued, so there can be fewer than fired.)
        List<Long> expected = new ArrayList<>();
        for (long i = 1; i <= seqs.getLast(); i++) {
            expected.add(i);
        }
        assertThat(seqs).isEqualTo(expected);
        assertThat(seqs.size()).isGreaterThan(count).isLessThanOrEqualTo(fired);
    }
}
