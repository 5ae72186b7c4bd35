package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A client that reads messages whole and caps their size (a stdio client; here 64 KiB, and every
 * message it gets is checked against the cap) gets, for a read whose answer would be larger, a
 * clean error that gives the size, the limit and how to raise it; the next read works. The answer's
 * size is known before its first byte: base64 for blobs, JSON escapes for text, a counting pass for
 * streams of unknown size.
 */
class MessageCapTest {

    private static final int CAP = 64 << 10;

    private final ContentFixtures fixtures = new ContentFixtures();

    private TestClient client(McpServer server, long cap) {
        return TestClient.connect(server).capMessages(cap).initialize(ProtocolRevision.V2025_11_25);
    }

    private static JsonNode read(TestClient client, String id, String uri) {
        client.expect(id, "resources/read");
        client.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":{\"uri\":\""
                + uri + "\"}}");
        return client.awaitResponse(id);
    }

    private static void assertRefused(JsonNode answer, String uri) {
        assertThat(answer.has("result")).as("%s is refused", uri).isFalse();
        assertThat(answer.at("/error/code").asInt()).isEqualTo(-31000);
        assertThat(answer.at("/error/message").asText())
                .contains("resources/read of " + uri + " would be")
                .contains("more than the 0.1 MiB (65536 bytes) a message may have over stdio")
                .contains("reservoir serve --max-message-size")
                .contains("McpServerBuilder.maxMessageBytes");
        assertThat(answer.at("/error/data/uri").asText()).isEqualTo(uri);
        assertThat(answer.at("/error/data/limit").asLong()).isEqualTo(CAP);
    }

    @Test
    void aBlobTooLargeForTheCapIsRefusedWithItsSizeAndTheConnectionGoesOn() {
        try (McpServer server = fixtures.builder().maxMessageBytes(CAP).build();
                TestClient client = client(server, CAP)) {
            JsonNode refused = read(client, "big", "test://blob/60000");
            assertRefused(refused, "test://blob/60000");
            long size = refused.at("/error/data/size").asLong();
            assertThat(size).as("base64 of 60,000 bytes, plus the envelope").isBetween(80_000L, 80_300L);
            assertThat(refused.at("/error/message").asText()).contains("(" + size + " bytes)");
            assertThat(read(client, "small", "test://blob/1000")
                            .at("/result/contents/0/blob")
                            .asText())
                    .hasSize(1336);
            assertThat(fixtures.opened.get())
                    .as("the refused blob was never opened")
                    .isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "test://blob/30000",
                "test://text/plain/30000",
                // Small answers held in memory are written once into a buffer rather than measured.
                "test://text/plain/4000",
                "test://blob/4000",
                "test://text/printable/30000",
                "test://text/quote/3000",
                "test://text/emoji/3000",
                // A short text measured at its most (6 bytes a character) must not crowd out the next.
                "test://pair/1000/30000"
            })
    void theSizeIsExactToTheByte(String uri) {
        int size;
        try (McpServer server = fixtures.builder().build();
                TestClient client = client(server, Long.MAX_VALUE)) {
            read(client, "probe", uri);
            size = client.rawSize("probe");
        }
        try (McpServer server = fixtures.builder().maxMessageBytes(size).build();
                TestClient client = client(server, size)) {
            assertThat(read(client, "probe", uri).has("result"))
                    .as("an answer of exactly the limit is sent")
                    .isTrue();
            assertThat(client.rawSize("probe")).isEqualTo(size);
        }
        try (McpServer server = fixtures.builder().maxMessageBytes(size - 1).build();
                TestClient client = client(server, size - 1)) {
            JsonNode refused = read(client, "probe", uri);
            assertThat(refused.at("/error/code").asInt()).isEqualTo(-31000);
            assertThat(refused.at("/error/data/size").asLong()).isEqualTo(size);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"quote/40000", "control/12000", "emoji/6000"})
    void textThatFitsRawButNotEscapedIsRefused(String kindAndCount) {
        // 40,000 '"' are 40,000 bytes but 80,000 escaped; 12,000 U+0001 are 72,000 (\u0001);
        // 6,000 emoji are 24,000 UTF-8 bytes but 72,000 written as surrogate escapes.
        try (McpServer server = fixtures.builder().maxMessageBytes(CAP).build();
                TestClient client = client(server, CAP)) {
            String held = "test://text/" + kindAndCount;
            JsonNode refused = read(client, "held", held);
            assertRefused(refused, held);
            assertThat(refused.at("/error/data/size").asLong())
                    .as("text held in memory is measured exactly, escapes included")
                    .isBetween(72_000L, 80_300L);
            String streamed = "test://textstream/" + kindAndCount + "/unknown";
            assertRefused(read(client, "streamed", streamed), streamed);
            String kind = kindAndCount.substring(0, kindAndCount.indexOf('/'));
            assertThat(read(client, "fits", "test://text/" + kind + "/1000")
                            .at("/result/contents/0/text")
                            .asText())
                    .isEqualTo(ContentFixtures.text(kind, 1000));
        }
    }

    @Test
    void streamsOfUnknownOrAmbiguousSizeAreMeasuredBeforeTheFirstByte() {
        try (McpServer server = fixtures.builder().maxMessageBytes(CAP).build();
                TestClient client = client(server, CAP)) {
            assertRefused(read(client, "a", "test://sized/60000/unknown"), "test://sized/60000/unknown");
            assertThat(read(client, "b", "test://sized/30000/unknown").has("result"))
                    .isTrue();
            // 40,000 UTF-8 bytes announced: could escape past the cap, so it is measured, and does.
            assertRefused(
                    read(client, "c", "test://textstream/quote/40000/40000"), "test://textstream/quote/40000/40000");
            // 20,000 announced, but escaped 40,000: measured, and fits.
            assertThat(read(client, "d", "test://textstream/quote/20000/20000")
                            .at("/result/contents/0/text")
                            .asText())
                    .hasSize(20000);
            // Announced larger than the cap: refused without reading.
            int before = fixtures.opened.get();
            assertRefused(
                    read(client, "e", "test://textstream/plain/70000/70000"), "test://textstream/plain/70000/70000");
            assertThat(fixtures.opened.get()).isEqualTo(before);
            assertThat(fixtures.open.get()).isZero();
        }
    }

    /** A server of 120 resources whose names need escapes, so a list page is not all plain ASCII. */
    private static McpServer listed(long cap) {
        // A fixed page size: the same page whatever the cap (a default page shrinks with the cap).
        var builder = McpServer.builder()
                .serverInfo("listed", "1.0")
                .maxMessageBytes(cap)
                .pageSize(100);
        for (int i = 0; i < 120; i++) {
            builder.resource(
                    dev.reservoir.core.model.Resource.builder(
                                    "test://item/" + i, "item \"" + i + "\" \u00e9\uD83D\uDE00")
                            .build(),
                    "x");
        }
        return builder.build();
    }

    @Test
    void anAnswerHeldInMemoryIsSentAsItIsAndRefusedOnlyPastTheCap() {
        JsonNode uncapped;
        int size;
        try (McpServer server = listed(Long.MAX_VALUE);
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.expect("list", "resources/list");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"resources/list\"}");
            uncapped = client.awaitResponse("list");
            size = client.rawSize("list");
        }
        try (McpServer server = listed(size);
                TestClient client = client(server, size)) {
            client.expect("list", "resources/list");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"resources/list\"}");
            assertThat(client.awaitResponse("list").at("/result/resources"))
                    .as("the same answer at exactly the cap (the cursor is the server's own)")
                    .isEqualTo(uncapped.at("/result/resources"));
            assertThat(client.rawSize("list")).isEqualTo(size);
        }
        try (McpServer server = listed(size - 1);
                TestClient client = client(server, size - 1)) {
            client.expect("list", "resources/list");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"resources/list\"}");
            JsonNode refused = client.awaitResponse("list");
            assertThat(refused.at("/error/code").asInt()).isEqualTo(-31000);
            assertThat(refused.at("/error/message").asText()).contains("the answer would be larger than");
        }
    }

    @Test
    void aClientThatStreamsAnswersIsNotCapped() {
        try (McpServer server = fixtures.builder().maxMessageBytes(CAP).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            assertThat(read(client, "big", "test://blob/200000")
                            .at("/result/contents/0/blob")
                            .asText())
                    .hasSize(266_668);
        }
    }

    @Test
    void aBatchAnswerKeepsWhatFitsAndRefusesTheRest() {
        try (McpServer server = fixtures.builder().maxMessageBytes(CAP).build();
                TestClient client =
                        TestClient.connect(server).capMessages(CAP).initialize(ProtocolRevision.V2025_03_26)) {
            List<String> ids = List.of("a", "b", "c", "d", "e");
            String batch = ids.stream()
                    .map(id -> {
                        client.expect(id, "resources/read");
                        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id
                                + "\",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://blob/15000\"}}";
                    })
                    .collect(Collectors.joining(",", "[", "]"));
            client.send(batch);
            JsonNode answers = client.nextOther(TestClient.TIMEOUT);
            assertThat(answers).hasSize(5);
            List<Boolean> kept = IntStream.range(0, 5)
                    .mapToObj(i -> answers.get(i).has("result"))
                    .toList();
            assertThat(kept).as("20 KiB answers in a 64 KiB batch").containsExactly(true, true, true, false, false);
            assertThat(answers.get(3).at("/error/code").asInt()).isEqualTo(-31000);
            assertThat(answers.get(3).at("/error/message").asText())
                    .contains("left of the 0.1 MiB (65536 bytes) this batch's answer may have");
        }
    }
}
