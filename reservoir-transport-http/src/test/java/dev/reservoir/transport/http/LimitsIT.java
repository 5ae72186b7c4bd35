package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No client can starve the others: budgets per client (a bearer token, or a remote address) for
 * sessions, SSE streams and subscriptions; sessions that never got past initialize end soon; and a
 * stream whose client left frees its place at once, not at the second keep-alive after.
 */
@Timeout(60)
class LimitsIT {

    private static final String WATCHED = "test://watched-resource";
    private static final String STATIC = "test://static-text";

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    /** A subscriptions/listen POST on a raw socket; open when its acknowledgement came. */
    private RawHttp listen(int id, List<String> uris, String token) throws IOException {
        String list = uris.stream().map(u -> "\"" + u + "\"").collect(Collectors.joining(","));
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}},"
                + "\"notifications\":{\"resourcesListChanged\":true,\"resourceSubscriptions\":[" + list + "]}}}";
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "localhost");
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/json, text/event-stream");
        h.put("MCP-Protocol-Version", "2026-07-28");
        h.put("Mcp-Method", "subscriptions/listen");
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send("POST /mcp HTTP/1.1", h, body)
                .readHead();
        if (r.status == 200) {
            String first = firstEvent(r.bodyStream());
            assertThat(first).contains("notifications/subscriptions/acknowledged");
        }
        return r;
    }

    /** A session's GET stream on a raw socket. */
    private RawHttp sessionStream(HttpTestClient session) throws IOException {
        return new RawHttp(fixture.running.port(), 0)
                .send("GET /mcp HTTP/1.1", streamHeaders(session), null)
                .readHead();
    }

    private static Map<String, String> streamHeaders(HttpTestClient session) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "localhost");
        h.put("Accept", "text/event-stream");
        h.put("Mcp-Session-Id", session.sessionId);
        h.put("MCP-Protocol-Version", "2025-11-25");
        return h;
    }

    /** Whether the server ended a connection that never sent anything (a 408, a close or a reset). */
    private static boolean endedByServer(RawHttp idle) throws IOException {
        try {
            idle.socket.getInputStream().read(); // a 408's first byte, or the end
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException e) {
            return true; // reset
        }
    }

    private static String firstEvent(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            out.write(c);
            if (out.toString(StandardCharsets.UTF_8).endsWith("\n\n")) {
                break;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void await(String what, BooleanSupplier condition, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + within + ": " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void aListenStreamWhoseClientLeftFreesItsPlaceAtOnce() throws Exception {
        // Keep-alives every 15 s (the default): before, the place came back at the second one, ~30 s later.
        fixture = DemoFixture.start(b -> b.maxStreams(1));
        RawHttp first = listen(1, List.of(WATCHED), null);
        assertThat(first.status).isEqualTo(200);
        try (RawHttp refused = listen(2, List.of(WATCHED), null)) {
            assertThat(refused.status).isEqualTo(429);
        }
        first.close();
        await("the stream's place is free", () -> fixture.running.openStreams() == 0, Duration.ofSeconds(5));
        try (RawHttp again = listen(3, List.of(WATCHED), null)) {
            assertThat(again.status).isEqualTo(200);
        }
    }

    @Test
    void aSessionStreamWhoseClientLeftFreesItsPlaceAtOnce() throws Exception {
        fixture = DemoFixture.start(b -> b.maxStreams(1));
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        RawHttp stream = sessionStream(c);
        assertThat(stream.status).isEqualTo(200);
        await("the stream is open", () -> fixture.running.openStreams() == 1, Duration.ofSeconds(5));
        stream.close();
        await("the stream's place is free", () -> fixture.running.openStreams() == 0, Duration.ofSeconds(5));
        assertThat(fixture.running.openSessions())
                .as("the session itself stays")
                .isEqualTo(1);
    }

    @Test
    void aConnectionKeptOpenAfterOneStreamIsWatchedAgainForTheNext() throws Exception {
        fixture = DemoFixture.start(b -> b.ssePollInterval(Duration.ofMillis(200)));
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        RawHttp connection = sessionStream(c);
        assertThat(connection.status).isEqualTo(200);
        assertThat(connection.body())
                .as("polling ends the first stream cleanly")
                .contains("retry:");
        await("the first stream is over", () -> fixture.running.openStreams() == 0, Duration.ofSeconds(5));
        connection.send("GET /mcp HTTP/1.1", streamHeaders(c), null).readHead();
        assertThat(connection.status).as("the same connection, a second stream").isEqualTo(200);
        await("the second stream is open", () -> fixture.running.openStreams() == 1, Duration.ofSeconds(5));
        connection.close();
        await("the second stream's place is free", () -> fixture.running.openStreams() == 0, Duration.ofSeconds(5));
    }

    @Test
    void atTheConnectionCapANewConnectionWaitsUntilIdleOnesAreEnded() throws Exception {
        // Two connections that never send a request hold the only places; the head deadline ends them,
        // and the connection waiting to be accepted is answered then: holding places starves no one.
        fixture = DemoFixture.start(b -> b.maxConnections(2).headerTimeout(Duration.ofSeconds(2)));
        int port = fixture.running.port();
        try (RawHttp idle1 = new RawHttp(port, 0);
                RawHttp idle2 = new RawHttp(port, 0);
                RawHttp third = new RawHttp(port, 0)) {
            third.send("GET / HTTP/1.1", Map.of("Host", "localhost", "Connection", "close"), null);
            third.socket.setSoTimeout(1_000); // the places are held for 2 s: no answer can come sooner
            assertThatThrownBy(() -> third.socket.getInputStream().read())
                    .as("the third connection waits while the cap is reached")
                    .isInstanceOf(java.net.SocketTimeoutException.class);
            third.socket.setSoTimeout(10_000);
            assertThat(third.readHead().status).isEqualTo(200);
            assertThat(endedByServer(idle1))
                    .as("the first idle connection was ended")
                    .isTrue();
            assertThat(endedByServer(idle2))
                    .as("the second idle connection was ended")
                    .isTrue();
        }
    }

    @Test
    void aClientsStreamsAreCountedOverAllItsSessionsAndRequests() throws Exception {
        fixture = DemoFixture.start(b -> b.maxStreamsPerClient(2).bearerTokens(BearerTokens.of("alpha", "beta")));
        HttpTestClient a1 = fixture.client().header("Authorization", "Bearer alpha");
        a1.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient a2 = fixture.client().header("Authorization", "Bearer alpha");
        a2.initialize(ProtocolRevision.V2025_11_25);
        try (HttpTestClient.Streaming s1 = a1.get(null);
                HttpTestClient.Streaming s2 = a2.get(null);
                RawHttp third = listen(1, List.of(WATCHED), "alpha");
                RawHttp other = listen(2, List.of(WATCHED), "beta")) {
            assertThat(s1.status()).isEqualTo(200);
            assertThat(s2.status()).isEqualTo(200);
            assertThat(third.status).as("alpha has its two streams").isEqualTo(429);
            assertThat(other.status).as("beta has a budget of its own").isEqualTo(200);
        }
    }

    @Test
    void listenStreamsShareTheClientsSubscriptionBudgetAnd429WhenItIsSpent() throws Exception {
        fixture = DemoFixture.start(
                b -> b.bearerTokens(BearerTokens.of("alpha", "beta")), s -> s.subscriptionBudget(2, 100));
        try (RawHttp first = listen(1, List.of(WATCHED, STATIC), "alpha");
                RawHttp second = listen(2, List.of(WATCHED), "alpha");
                RawHttp other = listen(3, List.of(WATCHED, STATIC), "beta")) {
            assertThat(first.status).isEqualTo(200);
            assertThat(second.status).isEqualTo(429);
            JsonNode error = HttpTestClient.MAPPER.readTree(second.body());
            assertThat(error.at("/error/code").asInt()).isEqualTo(-31002);
            assertThat(error.at("/error/data/scope").asText()).isEqualTo("client");
            assertThat(error.path("id").asInt()).isEqualTo(2);
            assertThat(other.status).isEqualTo(200);
        }
    }

    @Test
    void aSessionWhoseClientNeverFollowedUpItsInitializeEndsSoon() throws Exception {
        fixture = DemoFixture.start(b -> b.halfOpenTimeout(Duration.ofMillis(300)));
        HttpTestClient established = fixture.client();
        established.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient halfOpen = fixture.client();
        halfOpen.revision = ProtocolRevision.V2025_11_25;
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
        assertThat(halfOpen.postWith(initialize, Map.of(), false).status()).isEqualTo(200);
        assertThat(fixture.running.openSessions()).isEqualTo(2);
        await("the half-open session ended", () -> fixture.running.openSessions() == 1, Duration.ofSeconds(5));
        assertThat(established.call("ping", null).path("result").isObject())
                .as("the session that sent notifications/initialized lives on")
                .isTrue();
    }

    @Test
    void aClientAtItsSessionLimitEndsItsOwnOldestIdleSessionNotAnothers() throws Exception {
        fixture = DemoFixture.start(b -> b.maxSessionsPerClient(2).bearerTokens(BearerTokens.of("alpha", "beta")));
        HttpTestClient beta = fixture.client().header("Authorization", "Bearer beta");
        beta.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient a1 = fixture.client().header("Authorization", "Bearer alpha");
        a1.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient a2 = fixture.client().header("Authorization", "Bearer alpha");
        a2.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient a3 = fixture.client().header("Authorization", "Bearer alpha");
        a3.initialize(ProtocolRevision.V2025_11_25);
        assertThat(a1.post(a1.request(9, "ping", null), Map.of()).status()).isEqualTo(404);
        assertThat(a2.call("ping", null).path("result").isObject()).isTrue();
        assertThat(beta.call("ping", null).path("result").isObject()).isTrue();
    }
}
