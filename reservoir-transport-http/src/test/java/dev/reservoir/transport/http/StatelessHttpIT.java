package dev.reservoir.transport.http;

import static dev.reservoir.transport.http.HttpTestClient.MAPPER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.MetaKeys;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.MessageValidator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Streamable HTTP in the 2026-07-28 era: POST only, headers checked, status codes per error, listen streams. */
@Timeout(60)
class StatelessHttpIT {

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static ObjectNode uri(String uri) {
        return MAPPER.createObjectNode().put("uri", uri);
    }

    private static ObjectNode meta(ObjectNode params, String version) {
        ObjectNode meta = params.putObject("_meta");
        meta.put(MetaKeys.PROTOCOL_VERSION, version);
        meta.putObject(MetaKeys.CLIENT_CAPABILITIES);
        return params;
    }

    /** Headers as a 2026-07-28 client sends them. */
    private static Map<String, String> headers(String version, String method, String name) {
        Map<String, String> h = new LinkedHashMap<>();
        if (version != null) {
            h.put("MCP-Protocol-Version", version);
        }
        if (method != null) {
            h.put("Mcp-Method", method);
        }
        if (name != null) {
            h.put("Mcp-Name", name);
        }
        return h;
    }

    private static void assertError(HttpTestClient.Reply reply, int status, int code, long id) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        JsonNode m = reply.message();
        assertThat(m.path("error").path("code").asInt()).as(reply.body()).isEqualTo(code);
        assertThat(m.path("id").asLong()).isEqualTo(id);
        assertThat(MessageValidator.validate(m, null, ProtocolRevision.V2026_07_28, false))
                .isEmpty();
    }

    @Test
    void discoverIsServedWithoutASession() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        HttpTestClient.Reply reply = c.statelessCall("server/discover", null);
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("Mcp-Session-Id")).isNull();
        assertThat(reply.message().at("/result/supportedVersions").toString()).contains("2026-07-28", "2025-11-25");
        assertThat(c.violations()).isEmpty();
        assertThat(fixture.running.openSessions()).isZero();
    }

    @Test
    void readListAndTemplatesWorkStatelessly() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        HttpTestClient.Reply read = c.statelessCall("resources/read", uri("test://static-text"));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.message().at("/result/contents/0/text").asText()).startsWith("This is the content");
        assertThat(read.message().at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(c.statelessCall("resources/list", null).status()).isEqualTo(200);
        assertThat(c.statelessCall("resources/templates/list", null).status()).isEqualTo(200);
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void aResourceThatDoesNotExistIsInvalidParamsWithTheUriAnd200() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        HttpTestClient.Reply reply = c.statelessCall("resources/read", uri("test://nothing-here"));
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.message().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(reply.message().at("/error/data/uri").asText()).isEqualTo("test://nothing-here");
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void headersThatDisagreeWithTheBodyAre400HeaderMismatch() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        String body = c.request(21, "resources/read", meta(uri("test://static-text"), "2026-07-28"));
        String v = "2026-07-28";
        assertError(c.postWith(body, headers(v, "resources/list", "test://static-text"), false), 400, -32020, 21);
        assertError(c.postWith(body, headers(v, null, "test://static-text"), false), 400, -32020, 21);
        assertError(c.postWith(body, headers(v, "RESOURCES/READ", "test://static-text"), false), 400, -32020, 21);
        assertError(c.postWith(body, headers(v, "resources/read", "test://other"), false), 400, -32020, 21);
        assertError(c.postWith(body, headers(v, "resources/read", null), false), 400, -32020, 21);
        assertError(c.postWith(body, headers(null, "resources/read", "test://static-text"), false), 400, -32020, 21);
        assertError(
                c.postWith(body, headers("2025-11-25", "resources/read", "test://static-text"), false),
                400,
                -32020,
                21);
        // Invalid Base64 (no padding) in the sentinel form.
        assertError(
                c.postWith(body, headers(v, "resources/read", "=?base64?dGVzdDovL3N0YXRpYy10ZXh?="), false),
                400,
                -32020,
                21);
        // Header values are trimmed (surrounding whitespace is not part of a field value).
        assertThat(c.postWith(body, headers(v, " resources/read ", "  test://static-text "), false)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aBase64EncodedNameIsDecodedBeforeTheComparison() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        String uri = "demo://colors/gr\u00fcn";
        String body = c.request(5, "resources/read", meta(uri(uri), "2026-07-28"));
        String encoded = "=?base64?" + Base64.getEncoder().encodeToString(uri.getBytes(StandardCharsets.UTF_8)) + "?=";
        HttpTestClient.Reply reply = c.postWith(body, headers("2026-07-28", "resources/read", encoded), false);
        // The header matched; the color does not exist, which is an answer (-32602), not a mismatch.
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.message().at("/error/code").asInt()).isEqualTo(-32602);
    }

    @Test
    void anUnknownOrRemovedMethodIs404MethodNotFound() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        for (String method :
                new String[] {"tools/list", "initialize", "ping", "resources/subscribe", "logging/setLevel"}) {
            long id = c.nextId();
            String body = c.request(id, method, meta(MAPPER.createObjectNode(), "2026-07-28"));
            assertError(c.postWith(body, headers("2026-07-28", method, null), false), 404, -32601, id);
        }
    }

    @Test
    void anUnsupportedVersionIs400WithTheSupportedOnes() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        String body = c.request(9, "server/discover", meta(MAPPER.createObjectNode(), "2099-01-01"));
        HttpTestClient.Reply reply = c.postWith(body, headers("2099-01-01", "server/discover", null), false);
        assertError(reply, 400, -32022, 9);
        assertThat(reply.message().at("/error/data/requested").asText()).isEqualTo("2099-01-01");
        assertThat(reply.message().at("/error/data/supported").toString()).contains("2026-07-28");
    }

    @Test
    void aRequestWhoseMetaLacksRequiredFieldsIs400InvalidParams() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        String noMeta = c.request(11, "server/discover", MAPPER.createObjectNode());
        assertError(c.postWith(noMeta, headers("2026-07-28", "server/discover", null), false), 400, -32602, 11);
        ObjectNode noCapabilities = MAPPER.createObjectNode();
        noCapabilities.putObject("_meta").put(MetaKeys.PROTOCOL_VERSION, "2026-07-28");
        String body = c.request(12, "server/discover", noCapabilities);
        assertError(c.postWith(body, headers("2026-07-28", "server/discover", null), false), 400, -32602, 12);
    }

    @Test
    void aSessionHeaderIsIgnoredInThisEra() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        c.header("Mcp-Session-Id", "no-such-session");
        HttpTestClient.Reply reply = c.statelessCall("server/discover", null);
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("Mcp-Session-Id")).isNull();
    }

    @Test
    void aListenStreamAcknowledgesThenDeliversUpdatesWithoutEventIds() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        c.revision = ProtocolRevision.V2026_07_28;
        ObjectNode params = meta(MAPPER.createObjectNode(), "2026-07-28");
        ObjectNode filter = params.putObject("notifications");
        filter.put("resourcesListChanged", true);
        filter.putArray("resourceSubscriptions").add("test://watched-resource");
        String body = c.request(77, "subscriptions/listen", params);
        try (HttpTestClient.Streaming listen =
                c.postStreaming(body, headers("2026-07-28", "subscriptions/listen", null), false)) {
            assertThat(listen.status()).isEqualTo(200);
            JsonNode ack = listen.nextMessage(null);
            assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(listen.lastEvent.id()).isNull();
            fixture.touch();
            JsonNode updated = listen.nextMessage(null);
            assertThat(updated.path("method").asText()).isEqualTo("notifications/resources/updated");
            assertThat(updated.at("/params/_meta")
                            .path(MetaKeys.SUBSCRIPTION_ID)
                            .asInt())
                    .isEqualTo(77);
            fixture.server.resourceListChanged();
            assertThat(listen.nextMessage(null).path("method").asText())
                    .isEqualTo("notifications/resources/list_changed");
            assertThat(fixture.running.openStreams()).isEqualTo(1);
        }
        assertThat(c.violations()).isEmpty();
    }

    @Test
    void closingAListenStreamEndsTheSubscription() throws Exception {
        fixture = DemoFixture.start(b -> b.keepAlive(Duration.ofMillis(100)));
        HttpTestClient c = fixture.client();
        c.revision = ProtocolRevision.V2026_07_28;
        ObjectNode params = meta(MAPPER.createObjectNode(), "2026-07-28");
        params.putObject("notifications").putArray("resourceSubscriptions").add("test://watched-resource");
        HttpTestClient.Streaming listen = c.postStreaming(
                c.request(78, "subscriptions/listen", params),
                headers("2026-07-28", "subscriptions/listen", null),
                false);
        listen.nextMessage(null);
        assertThat(fixture.running.openStreams()).isEqualTo(1);
        listen.close();
        Eventually.await(
                "the stream to close; open streams",
                Duration.ofSeconds(10),
                fixture.running::openStreams,
                open -> open == 0);
    }

    @Test
    void aClientThatLeavesCancelsItsRequest() throws Exception {
        fixture = DemoFixture.start(
                b -> b.sseAfter(Duration.ofMillis(100)).keepAlive(Duration.ofMillis(100)), SlowResources::add);
        HttpTestClient c = fixture.client();
        int before = SlowResources.cancelled.get();
        ObjectNode params = meta(uri("slow://wait/5000"), "2026-07-28");
        HttpTestClient.Streaming slow = c.postStreaming(
                c.request(5, "resources/read", params),
                headers("2026-07-28", "resources/read", "slow://wait/5000"),
                false);
        assertThat(slow.status()).isEqualTo(200);
        slow.close();
        // Within 4 s: the read takes 5 s, so only a cancellation counts.
        Eventually.await(
                "the read to be cancelled", Duration.ofSeconds(4), () -> SlowResources.cancelled.get() > before);
    }

    @Test
    void aTimedOutAnswerWhoseProviderGoesOnTellsTheClientNotToReuseTheConnection() throws Exception {
        // The request runs on the POST's thread; while a provider that ignores the interrupt holds
        // it, the web server reads no next request on the connection, so the timeout's answer
        // (written by another thread) closes it.
        fixture = DemoFixture.start(b -> b, b -> {
            SlowResources.add(b);
            b.requestTimeout(Duration.ofMillis(300));
        });
        HttpTestClient c = fixture.client();
        Map<String, String> h = headers("2026-07-28", "resources/read", "stubborn://wait/3000");
        h.put("Host", "127.0.0.1");
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/json");
        long start = System.nanoTime();
        try (RawHttp raw = new RawHttp(fixture.running.port(), 0)) {
            raw.send(
                    "POST /mcp HTTP/1.1",
                    h,
                    c.request(8, "resources/read", meta(uri("stubborn://wait/3000"), "2026-07-28")));
            raw.readHead();
            JsonNode answer = MAPPER.readTree(raw.body());
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(2500));
            assertThat(answer.at("/error/message").asText()).startsWith("Request timed out");
            assertThat(raw.headers.get("connection")).isEqualTo("close");
        }
        // A quick request on a new connection is answered, and keeps its connection.
        HttpTestClient.Reply ok = c.post(
                c.request(9, "resources/read", meta(uri("slow://wait/1"), "2026-07-28")),
                headers("2026-07-28", "resources/read", "slow://wait/1"));
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.message().at("/result/contents/0/text").asText()).isEqualTo("waited 1 ms");
    }

    @Test
    void aClientThatLeavesASlowRequestIsNoticedWithinASecondOfTheSwitchToSse() throws Exception {
        // Default keep-alive (15 s): streams of pending requests still get one every second.
        fixture = DemoFixture.start(b -> b.sseAfter(Duration.ofMillis(300)), SlowResources::add);
        HttpTestClient c = fixture.client();
        int before = SlowResources.cancelled.get();
        int startedBefore = SlowResources.started.get();
        ObjectNode params = meta(uri("slow://wait/4000"), "2026-07-28");
        Map<String, String> h = headers("2026-07-28", "resources/read", "slow://wait/4000");
        h.put("Host", "127.0.0.1");
        h.put("Content-Type", "application/json");
        try (RawHttp raw = new RawHttp(fixture.running.port(), 0)) {
            raw.send("POST /mcp HTTP/1.1", h, c.request(6, "resources/read", params));
            Eventually.await(
                    "the read to start", Duration.ofSeconds(10), () -> SlowResources.started.get() > startedBefore);
        }
        // Within 3 s: the read takes 4 s, so only a cancellation counts.
        Eventually.await(
                "the read to be cancelled", Duration.ofSeconds(3), () -> SlowResources.cancelled.get() > before);
    }

    @Test
    void aNotificationWithoutSessionInThisEraIs202() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        HttpTestClient.Reply reply = c.postWith(
                HttpTestClient.notification(
                        "notifications/cancelled", MAPPER.createObjectNode().put("requestId", 1)),
                headers("2026-07-28", "notifications/cancelled", null),
                false);
        assertThat(reply.status()).isEqualTo(202);
        assertThat(reply.body()).isEmpty();
    }
}
