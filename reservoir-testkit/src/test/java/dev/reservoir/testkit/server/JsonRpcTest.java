package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.testkit.TestClient;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The JSON-RPC layer: error codes, notifications, batches, cancellation, timeouts. */
class JsonRpcTest {

    private final McpServer server = Fixtures.server();

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void malformedJsonIsParseErrorWithNullId() {
        try (TestClient client = TestClient.connect(server)) {
            client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");
            JsonNode error = client.nextOther(TestClient.TIMEOUT);
            assertThat(error.get("id").isNull()).isTrue();
            assertThat(error.at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(error.at("/error/message").asText()).startsWith("Parse error");
        }
    }

    @Test
    void structurallyInvalidRequestsAreInvalidRequest() {
        try (TestClient client = TestClient.connect(server)) {
            client.send("{\"jsonrpc\":\"1.0\",\"id\":\"a\",\"method\":\"ping\"}");
            JsonNode wrongVersion = client.nextOther(TestClient.TIMEOUT);
            assertThat(wrongVersion.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(wrongVersion.get("id").asText()).isEqualTo("a");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/message").asText())
                    .contains("must not be null");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/code").asInt())
                    .isEqualTo(-32600);
            client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":7}");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/code").asInt())
                    .isEqualTo(-32600);
            client.send("[]");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/code").asInt())
                    .isEqualTo(-32600);
            client.send("\"just a string\"");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/code").asInt())
                    .isEqualTo(-32600);
            client.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"method\":\"resources/list\"}");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/code").asInt())
                    .as("duplicate keys are refused")
                    .isEqualTo(-32700);
        }
    }

    @Test
    void unknownMethodIsMethodNotFound() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            JsonNode error = client.error("tools/list", null);
            assertThat(error.get("code").asInt()).isEqualTo(-32601);
            assertThat(error.get("message").asText()).contains("tools/list");
        }
    }

    @Test
    void wrongOrMissingParamsAreInvalidParamsNamingTheParam() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            JsonNode missing = client.error("resources/read", TestClient.json("{}"));
            assertThat(missing.get("code").asInt()).isEqualTo(-32602);
            assertThat(missing.get("message").asText()).contains("'uri' is required");
            JsonNode wrongType = client.error("resources/read", TestClient.json("{\"uri\":42}"));
            assertThat(wrongType.get("message").asText()).contains("'uri' must be a string");
            JsonNode badUri = client.error("resources/read", TestClient.json("{\"uri\":\"not a uri\"}"));
            assertThat(badUri.get("code").asInt()).isEqualTo(-32602);
            assertThat(badUri.get("message").asText()).contains("'uri' is not a valid URI");
            JsonNode arrayParams = client.request("resources/list", null);
            assertThat(arrayParams.has("result")).isTrue();
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"arr\",\"method\":\"resources/list\",\"params\":[1]}");
            assertThat(client.nextOther(TestClient.TIMEOUT).at("/error/code").asInt())
                    .isEqualTo(-32602);
        }
    }

    @Test
    void handlerFailureIsInternalErrorWithoutDetail() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"test://broken/1\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32603);
            assertThat(error.toString())
                    .doesNotContain("hunter2")
                    .doesNotContain("IllegalStateException")
                    .doesNotContain("at dev.");
            assertThat(error.has("data")).isFalse();
        }
    }

    @Test
    void notificationsNeverGetResponses() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            client.notify("notifications/initialized", null);
            client.notify("no/such/notification", null);
            client.send("{\"jsonrpc\":\"2.0\",\"method\":\"resources/read\",\"params\":\"bad\"}");
            client.notify("notifications/cancelled", TestClient.json("{\"requestId\":\"unknown\"}"));
            client.assertExhausted(Duration.ofMillis(300));
        }
    }

    @Test
    void batchesWorkIn20250326() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_03_26)) {
            client.expect("b1", "resources/read");
            client.expect("b2", "ping");
            client.send(
                    "[{\"jsonrpc\":\"2.0\",\"id\":\"b1\",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://text\"}},"
                            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"},"
                            + "{\"jsonrpc\":\"2.0\",\"id\":\"b2\",\"method\":\"ping\"},"
                            + "{\"jsonrpc\":\"2.0\",\"id\":\"b3\",\"method\":\"nope\"}]");
            JsonNode batch = client.nextOther(TestClient.TIMEOUT);
            assertThat(batch.isArray()).isTrue();
            assertThat(batch).hasSize(3);
            assertThat(batch.findValuesAsText("id")).containsExactlyInAnyOrder("b1", "b2", "b3");
            for (JsonNode response : batch) {
                switch (response.get("id").asText()) {
                    case "b1" ->
                        assertThat(response.at("/result/contents/0/text").asText())
                                .isEqualTo(Fixtures.TEXT);
                    case "b2" -> assertThat(response.get("result").isObject()).isTrue();
                    default -> assertThat(response.at("/error/code").asInt()).isEqualTo(-32601);
                }
            }
            client.send("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]");
            client.assertExhausted(Duration.ofMillis(200));
        }
    }

    @Test
    void batchesAreRefusedFrom20250618() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            client.send("[{\"jsonrpc\":\"2.0\",\"id\":\"b1\",\"method\":\"ping\"}]");
            JsonNode error = client.nextOther(TestClient.TIMEOUT);
            assertThat(error.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(error.at("/error/message").asText())
                    .contains("2025-06-18")
                    .contains("batch");
        }
    }

    @Test
    void cancelledRequestGetsNoResponse() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        McpServer held = Fixtures.builder(Fixtures.items(3))
                .template(ResourceTemplate.builder("test://held/{id}", "held").build(), request -> {
                    started.countDown();
                    try {
                        Thread.sleep(1500); // slow on purpose: the cancellation must come while it runs
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw new IllegalStateException("interrupted");
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), "held").build(), ContentBody.text("done"));
                })
                .build();
        try (held;
                TestClient client = TestClient.connect(held).initialize(ProtocolRevision.V2025_06_18)) {
            client.expect("slow", "resources/read");
            client.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":\"slow\",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://held/1\"}}");
            assertThat(started.await(10, TimeUnit.SECONDS))
                    .as("the handler runs")
                    .isTrue();
            client.notify(
                    "notifications/cancelled", TestClient.json("{\"requestId\":\"slow\",\"reason\":\"user gave up\"}"));
            assertThat(interrupted.await(10, TimeUnit.SECONDS))
                    .as("the cancellation reached the handler")
                    .isTrue();
            client.assertExhausted(Duration.ofMillis(2000));
            // The connection still answers after a cancellation.
            assertThat(client.result("ping", null).isObject()).isTrue();
        }
    }

    @Test
    void hangingHandlerCostsOneRequestATimeout() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            // An error at all shows the timeout (2 s) ended it: the handler itself would answer after 60 s, with a
            // result.
            JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"test://slow/60000\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32603);
            assertThat(error.get("message").asText()).contains("timed out");
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                            .toString())
                    .contains(Fixtures.TEXT);
        }
    }

    @Test
    void requestIdInUseIsRefused() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_06_18)) {
            client.expect("dup", "resources/read");
            client.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":\"dup\",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://slow/500\"}}");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"dup\",\"method\":\"ping\"}");
            JsonNode first = client.awaitResponse("dup");
            JsonNode second = client.awaitResponse("dup");
            assertThat(first.at("/error/message").asText()
                            + second.at("/error/message").asText())
                    .contains("already used");
        }
    }
}
