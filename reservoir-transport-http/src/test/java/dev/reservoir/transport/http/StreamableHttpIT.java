package dev.reservoir.transport.http;

import static dev.reservoir.transport.http.HttpTestClient.MAPPER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.sse.SseEvent;
import dev.reservoir.demo.DemoServer;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Streamable HTTP in the session era (2025-03-26 to 2025-11-25): sessions, POST, GET, DELETE. */
@Timeout(60)
class StreamableHttpIT {

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private HttpTestClient client(ProtocolRevision revision) throws Exception {
        HttpTestClient c = fixture.client();
        c.initialize(revision);
        return c;
    }

    private static ObjectNode uri(String uri) {
        return MAPPER.createObjectNode().put("uri", uri);
    }

    @Test
    void initializeMintsAnUnguessableSessionIdInTheResponseHeader() throws Exception {
        fixture = DemoFixture.start();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            HttpTestClient c = client(ProtocolRevision.V2025_11_25);
            String id = c.sessionId;
            assertThat(id).matches("[\\x21-\\x7e]+");
            assertThat(Base64.getUrlDecoder().decode(id)).hasSizeGreaterThanOrEqualTo(16);
            ids.add(id);
            assertThat(c.violations()).isEmpty();
        }
        assertThat(ids).hasSize(3);
        assertThat(fixture.running.openSessions()).isEqualTo(3);
    }

    @Test
    void aFailedInitializeOpensNoSession() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        String bad = c.request(1, "initialize", MAPPER.createObjectNode()); // no protocolVersion
        HttpTestClient.Reply reply = c.post(bad, Map.of());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.message().path("error").path("code").asInt()).isEqualTo(-32602);
        assertThat(reply.header("Mcp-Session-Id")).isNull();
        assertThat(fixture.running.openSessions()).isZero();
    }

    @Test
    void aRequestWithoutTheSessionHeaderIs400() throws Exception {
        fixture = DemoFixture.start();
        client(ProtocolRevision.V2025_11_25);
        HttpTestClient stranger = fixture.client();
        HttpTestClient.Reply reply = stranger.post(stranger.request(7, "resources/list", null), Map.of());
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.message().path("id").asInt()).isEqualTo(7);
        assertThat(reply.message().path("error").path("message").asText()).contains("Mcp-Session-Id");
    }

    @Test
    void anUnknownSessionIs404() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        c.sessionId = "no-such-session";
        HttpTestClient.Reply reply = c.post(c.request(1, "ping", null), Map.of());
        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.message().path("error").path("code").asInt()).isEqualTo(-32600);
    }

    @Test
    void deleteEndsTheSessionAndThenItIs404Everywhere() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        try (HttpTestClient.Streaming get = c.get(null)) {
            assertThat(get.status()).isEqualTo(200);
            assertThat(c.delete().status()).isEqualTo(200);
            assertThat(get.sse.awaitEnd())
                    .as("the GET stream ends with the session")
                    .isTrue();
        }
        assertThat(c.post(c.request(2, "ping", null), Map.of()).status()).isEqualTo(404);
        try (HttpTestClient.Streaming get = c.get(null)) {
            assertThat(get.status()).isEqualTo(404);
        }
        assertThat(c.delete().status()).isEqualTo(404);
        assertThat(fixture.running.openSessions()).isZero();
    }

    @Test
    void deleteWithoutASessionIs400() throws Exception {
        fixture = DemoFixture.start();
        assertThat(fixture.client().delete().status()).isEqualTo(400);
    }

    @Test
    void anUnsupportedProtocolVersionHeaderIs400AndAnAbsentOneIsAccepted() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_06_18);
        HttpTestClient.Reply bad = c.post(c.request(5, "ping", null), Map.of("MCP-Protocol-Version", "1999-01-01"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.message().path("error").path("data").path("requested").asText())
                .isEqualTo("1999-01-01");
        assertThat(bad.message().path("error").path("data").path("supported").toString())
                .contains("2025-06-18");
        // Without the header the server assumes 2025-03-26, which it speaks.
        c.revision = null;
        HttpTestClient.Reply ok = c.post(c.request(6, "ping", null), Map.of());
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.message().path("result").isObject()).isTrue();
    }

    @Test
    void notificationsAndResponsesFromTheClientGet202WithoutABody() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        HttpTestClient.Reply note = c.post(
                HttpTestClient.notification(
                        "notifications/cancelled", MAPPER.createObjectNode().put("requestId", 99)),
                Map.of());
        assertThat(note.status()).isEqualTo(202);
        assertThat(note.body()).isEmpty();
        HttpTestClient.Reply response = c.post("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"result\":{}}", Map.of());
        assertThat(response.status()).isEqualTo(202);
    }

    @Test
    void readsTextAndBlobAndListsWithPaginationAsJson() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        JsonNode text = c.call("resources/read", uri("test://static-text"));
        assertThat(text.at("/result/contents/0/text").asText()).startsWith("This is the content");
        JsonNode blob = c.call("resources/read", uri("test://static-binary"));
        assertThat(Base64.getDecoder().decode(blob.at("/result/contents/0/blob").asText()))
                .startsWith(0x89, 'P', 'N', 'G');
        int listed = 0;
        String cursor = null;
        int pages = 0;
        do {
            ObjectNode params = MAPPER.createObjectNode();
            if (cursor != null) {
                params.put("cursor", cursor);
            }
            JsonNode page = c.call("resources/list", params);
            listed += page.at("/result/resources").size();
            cursor = page.at("/result/nextCursor").isTextual()
                    ? page.at("/result/nextCursor").asText()
                    : null;
            pages++;
        } while (cursor != null && pages < 100);
        assertThat(pages).isGreaterThan(1);
        assertThat(listed).isGreaterThanOrEqualTo(1000);
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void aSmallAnswerCarriesItsLengthAndALargeOneStreams() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        HttpTestClient.Reply small = c.post(c.request(c.nextId(), "ping", null), Map.of());
        assertThat(small.header("Content-Length")).isNotNull();
        HttpTestClient.Reply large =
                c.post(c.request(c.nextId(), "resources/read", uri(DemoServer.BLOB_URI)), Map.of());
        assertThat(large.status()).isEqualTo(200);
        assertThat(large.header("Content-Length")).isNull();
        assertThat(large.message().at("/result/contents/0/blob").asText().length())
                .isEqualTo((int) (Math.ceil(DemoServer.BLOB_SIZE / 3.0) * 4));
    }

    @Test
    void batchesWorkOn2025_03_26AndAnswerAsOneJsonArray() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_03_26);
        String batch = "[" + c.request(10, "ping", null) + "," + c.request(11, "resources/templates/list", null)
                + ","
                + HttpTestClient.notification(
                        "notifications/cancelled", MAPPER.createObjectNode().put("requestId", 3))
                + "]";
        HttpTestClient.Reply reply = c.post(batch, Map.of());
        assertThat(reply.status()).isEqualTo(200);
        JsonNode array = reply.message();
        assertThat(array.isArray()).isTrue();
        assertThat(array).hasSize(2);
        for (JsonNode m : array) {
            c.check(m, m.path("id").asInt() == 10 ? "ping" : "resources/templates/list", ProtocolRevision.V2025_03_26);
        }
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void theGetStreamCarriesUpdatesAfterAPrimingEventWithRetry() throws Exception {
        fixture = DemoFixture.start(b -> b.sseRetry(Duration.ofMillis(1234)));
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        c.call("resources/subscribe", uri("test://watched-resource"));
        try (HttpTestClient.Streaming get = c.get(null)) {
            assertThat(get.status()).isEqualTo(200);
            assertThat(get.response.headers().firstValue("Cache-Control").orElse(""))
                    .contains("no-cache");
            assertThat(get.response.headers().firstValue("X-Accel-Buffering")).contains("no");
            SseEvent priming = get.sse.next();
            assertThat(priming.data()).isEmpty();
            assertThat(priming.id()).isEqualTo("0-0");
            assertThat(get.sse.retries).containsExactly(1234L);
            fixture.touch();
            JsonNode updated = get.nextMessage(null);
            assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
            assertThat(updated.at("/params/uri").asText()).isEqualTo("test://watched-resource");
            assertThat(get.lastEvent.id()).isEqualTo("0-1");
            fixture.server.resourceListChanged();
            JsonNode changed = get.nextMessage(null);
            assertThat(changed.path("method").asText()).isEqualTo("notifications/resources/list_changed");
            assertThat(get.lastEvent.id()).isEqualTo("0-2");
            get.sse.assertQuiet(Duration.ofMillis(200));
        }
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void olderRevisionsGetNoPrimingEvent() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_06_18);
        c.call("resources/subscribe", uri("test://watched-resource"));
        try (HttpTestClient.Streaming get = c.get(null)) {
            fixture.touch();
            SseEvent first = get.sse.next();
            assertThat(first.data()).contains("notifications/resources/updated");
            assertThat(first.id()).isEqualTo("0-1");
            assertThat(get.sse.retries).isEmpty();
        }
    }

    @Test
    void aSecondGetTakesTheStreamOverAndTheFirstEnds() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        c.call("resources/subscribe", uri("test://watched-resource"));
        try (HttpTestClient.Streaming first = c.get(null)) {
            first.sse.next(); // priming
            try (HttpTestClient.Streaming second = c.get(null)) {
                second.sse.next(); // priming
                first.sse.awaitEnd();
                fixture.touch();
                assertThat(second.nextMessage(null).path("method").asText())
                        .isEqualTo("notifications/resources/updated");
            }
        }
    }

    @Test
    void aSlowAnswerBecomesAnSseStreamWithEventIds() throws Exception {
        fixture = DemoFixture.start(b -> b.sseAfter(Duration.ofMillis(100)), SlowResources::add);
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        HttpTestClient.Reply reply = c.post(c.request(41, "resources/read", uri("slow://wait/600")), Map.of());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.isSse()).isTrue();
        assertThat(reply.events()).hasSize(2);
        assertThat(reply.events().get(0).data()).isEmpty(); // priming
        assertThat(reply.events().get(0).id()).isEqualTo("1-0");
        assertThat(reply.events().get(1).id()).isEqualTo("1-1");
        JsonNode response = reply.message();
        c.check(response, "resources/read", ProtocolRevision.V2025_11_25);
        assertThat(response.at("/result/contents/0/text").asText()).isEqualTo("waited 600 ms");
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void aClientThatAcceptsOnlySseGetsItsAnswerAsAnEvent() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        HttpTestClient.Reply reply = c.post(c.request(3, "ping", null), Map.of("Accept", "text/event-stream"));
        assertThat(reply.isSse()).isTrue();
        assertThat(reply.message().path("id").asInt()).isEqualTo(3);
    }

    @Test
    void anUnacceptableAcceptIs406AndAWrongContentTypeIs415() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        assertThat(c.post(c.request(3, "ping", null), Map.of("Accept", "text/html"))
                        .status())
                .isEqualTo(406);
        assertThat(c.post(c.request(3, "ping", null), Map.of("Content-Type", "text/plain"))
                        .status())
                .isEqualTo(415);
        HttpTestClient.Streaming get = c.streaming(java.net.http.HttpRequest.newBuilder(c.endpoint())
                .header("Accept", "application/json")
                .header("Mcp-Session-Id", c.sessionId)
                .build());
        assertThat(get.status()).isEqualTo(406);
    }

    @Test
    void unparseableJsonIs400WithAParseError() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = client(ProtocolRevision.V2025_11_25);
        HttpTestClient.Reply reply = c.post("{\"jsonrpc\":", Map.of());
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.message().path("error").path("code").asInt()).isEqualTo(-32700);
        assertThat(reply.message().path("id").isNull()).isTrue();
    }

    @Test
    void oneServerServesBothErasAtOnce() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient stateful = client(ProtocolRevision.V2025_11_25);
        HttpTestClient stateless = fixture.client();
        // A 2026-07-28 request is served statelessly even when it names the session.
        stateless.header("Mcp-Session-Id", stateful.sessionId);
        HttpTestClient.Reply discover = stateless.statelessCall("server/discover", null);
        assertThat(discover.status()).isEqualTo(200);
        assertThat(stateful.call("resources/read", uri("test://static-text"))
                        .at("/result/resultType")
                        .isMissingNode())
                .as("a 2025-11-25 result has no resultType")
                .isTrue();
        assertThat(stateless
                        .statelessCall("resources/read", uri("test://static-text"))
                        .message()
                        .at("/result/resultType")
                        .asText())
                .isEqualTo("complete");
        assertThat(fixture.running.openSessions()).isEqualTo(1);
        assertThat(stateful.violations()).isEmpty();
        assertThat(stateless.violations()).isEmpty();
    }

    @Test
    void otherPathsAre404AndOtherMethods405() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        var other = new HttpTestClient(fixture.running.endpoint().resolve("/elsewhere"));
        assertThat(other.send("GET", Map.of(), null).status()).isEqualTo(404);
        HttpTestClient.Reply put = c.send("PUT", Map.of(), "{}");
        assertThat(put.status()).isEqualTo(405);
        assertThat(put.header("Allow")).contains("POST");
    }
}
