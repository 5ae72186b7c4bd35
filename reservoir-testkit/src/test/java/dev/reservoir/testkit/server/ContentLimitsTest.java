package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What the engine does about content: it opens a read's streams only when the answer is written,
 * within one budget of open streams; it breaks an answer whose content is not what it announced;
 * and it refuses a JSON-RPC batch longer than its cap.
 */
class ContentLimitsTest {

    private final ContentFixtures fixtures = new ContentFixtures();

    private static String read(String id, String uri) {
        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri
                + "\"}}";
    }

    private static JsonNode readUri(TestClient client, String uri) {
        return client.request("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
    }

    @Test
    void aBatchOfAThousandReadsOpensItsContentOneStreamAtATime() {
        try (McpServer server = fixtures.builder().build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_03_26)) {
            List<String> reads = IntStream.range(0, 1000)
                    .mapToObj(i -> {
                        client.expect("r" + i, "resources/read");
                        return read("r" + i, "test://blob/" + (100 + i));
                    })
                    .toList();
            client.send("[" + String.join(",", reads) + "]");
            JsonNode answers = client.nextOther(Duration.ofSeconds(30));
            assertThat(answers).hasSize(1000);
            for (JsonNode answer : answers) {
                int i = Integer.parseInt(answer.get("id").asText().substring(1));
                assertThat(Base64.getDecoder()
                                .decode(answer.at("/result/contents/0/blob").asText()))
                        .isEqualTo(ContentFixtures.bytes(100 + i));
            }
            assertThat(fixtures.opened.get()).isEqualTo(1000);
            assertThat(fixtures.mostOpen.get())
                    .as("streams open at once while the batch was answered")
                    .isEqualTo(1);
            assertThat(fixtures.open.get()).isZero();
        }
    }

    @Test
    void aBatchLongerThanTheCapIsRefusedWhole() {
        try (McpServer server = fixtures.builder().build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_03_26)) {
            String pings = IntStream.range(0, 1001)
                    .mapToObj(i -> "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"ping\"}")
                    .collect(Collectors.joining(",", "[", "]"));
            client.send(pings);
            JsonNode refusal = client.nextOther(TestClient.TIMEOUT);
            assertThat(refusal.isObject())
                    .as("one error, not an array of answers")
                    .isTrue();
            assertThat(refusal.get("id").isNull()).isTrue();
            assertThat(refusal.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(refusal.at("/error/message").asText())
                    .contains("1001 messages")
                    .contains("at most 1000");
            client.assertExhausted(Duration.ofMillis(200));
        }
        try (McpServer server = fixtures.builder().maxBatchLength(3).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_03_26)) {
            client.send("[" + read("a", "test://blob/1") + "," + read("b", "test://blob/2") + ","
                    + read("c", "test://blob/3") + "," + read("d", "test://blob/4") + "]");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/message").asText())
                    .contains("4 messages")
                    .contains("at most 3");
            assertThat(fixtures.opened.get())
                    .as("no read of the refused batch ran")
                    .isZero();
        }
    }

    @Test
    void aReadThatFindsNoFreeStreamWaitsThenGetsAClearError() throws Exception {
        try (McpServer server = fixtures.builder()
                        .maxOpenContentStreams(1)
                        .requestTimeout(Duration.ofMillis(500))
                        .build();
                TestClient first = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25);
                TestClient second = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            first.expect("held", "resources/read");
            first.send(read("held", "test://held/10"));
            fixtures.awaitHeld(); // the first answer is being written and holds the only place
            JsonNode busy = second.error("resources/read", TestClient.json("{\"uri\":\"test://blob/10\"}"));
            assertThat(busy.get("code").asInt()).isEqualTo(-32603);
            assertThat(busy.get("message").asText())
                    .contains("Server busy")
                    .contains("1 reads are sending content already")
                    .contains("try again");
            fixtures.release();
            assertThat(Base64.getDecoder()
                            .decode(first.awaitResponse("held")
                                    .at("/result/contents/0/blob")
                                    .asText()))
                    .isEqualTo(ContentFixtures.bytes(10));
            assertThat(second.result("resources/read", TestClient.json("{\"uri\":\"test://blob/10\"}"))
                            .at("/contents/0/blob")
                            .asText())
                    .isNotEmpty();
        }
    }

    @Test
    void aContentThatFailsPartWayBreaksItsAnswerAndTheClientIsToldWithoutServerPaths() {
        try (McpServer server = fixtures.builder().build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            JsonNode said = readUri(client, "test://failing/uri/100");
            assertThat(said.has("result")).isFalse();
            assertThat(said.at("/error/code").asInt()).isEqualTo(-32603);
            assertThat(said.at("/error/message").asText())
                    .contains("cut short")
                    .contains("test://failing/uri/100 could not be read further: the disk failed");
            JsonNode hidden = readUri(client, "test://failing/path/100");
            assertThat(hidden.at("/error/message").asText())
                    .contains("cut short")
                    .contains("reading test://failing/path/100 failed part-way")
                    .doesNotContain("/srv/secret");
            assertThat(readUri(client, "test://blob/10")
                            .at("/result/contents/0/blob")
                            .asText())
                    .as("the connection goes on")
                    .isNotEmpty();
            assertThat(fixtures.open.get()).as("every stream was closed").isZero();
        }
    }

    @Test
    void aStreamThatYieldsOtherThanItsAnnouncedSizeNeverGivesAWellFormedAnswer() {
        try (McpServer server = fixtures.builder().build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            for (String uri : List.of("test://sized/50/100", "test://textsized/50/100")) {
                JsonNode answer = readUri(client, uri);
                assertThat(answer.has("result")).as(uri).isFalse();
                assertThat(answer.at("/error/code").asInt()).isEqualTo(-32603);
                assertThat(answer.at("/error/message").asText())
                        .contains("cut short")
                        .contains(uri + " ended after 50 of the 100 bytes it announced");
            }
            for (String uri : List.of("test://sized/150/100", "test://textsized/150/100")) {
                JsonNode answer = readUri(client, uri);
                assertThat(answer.has("result")).as(uri).isFalse();
                assertThat(answer.at("/error/message").asText())
                        .contains(uri + " is longer than the 100 bytes it announced");
            }
            assertThat(readUri(client, "test://sized/100/100")
                            .at("/result/contents/0/blob")
                            .asText())
                    .isEqualTo(Base64.getEncoder().encodeToString(ContentFixtures.bytes(100)));
            assertThat(readUri(client, "test://textsized/100/100")
                            .at("/result/contents/0/text")
                            .asText())
                    .hasSize(100);
            assertThat(fixtures.open.get()).as("every stream was closed").isZero();
        }
    }

    @Test
    void contentGoneWhenItsAnswerIsWrittenIsNotFound() {
        try (McpServer server = fixtures.builder().build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            JsonNode answer = readUri(client, "test://gone/10");
            assertThat(answer.at("/error/code").asInt()).isEqualTo(-32002);
            assertThat(answer.at("/error/data/uri").asText()).isEqualTo("test://gone/10");
        }
    }

    @Test
    void aStreamOfUnknownSizeStopsAtTheReadLimit() {
        try (McpServer server = fixtures.builder()
                        .readOptions(new dev.reservoir.server.spi.ReadOptions(50, 1 << 20, 1000))
                        .build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            JsonNode answer = readUri(client, "test://sized/1001/unknown");
            assertThat(answer.has("result")).isFalse();
            assertThat(answer.at("/error/message").asText()).contains("grew past the read limit of 1000 bytes");
            assertThat(readUri(client, "test://sized/1000/unknown")
                            .at("/result/contents/0/blob")
                            .asText())
                    .hasSize(1336);
        }
    }
}
