package dev.reservoir.transport.http;

import static dev.reservoir.transport.http.HttpTestClient.MAPPER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.sse.SseEvent;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.MessageValidator;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The 2024-11-05 HTTP+SSE transport: GET /sse announces the POST endpoint; answers come as events. */
@Timeout(60)
class HttpSseIT {

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private HttpTestClient.Streaming open(HttpTestClient c) throws Exception {
        return c.streaming(HttpRequest.newBuilder(fixture.running.httpSseEndpoint())
                .header("Accept", "text/event-stream")
                .build());
    }

    private static JsonNode next(HttpTestClient.Streaming sse, String method) throws Exception {
        SseEvent e = sse.sse.nextData();
        assertThat(e.event()).isEqualTo("message");
        JsonNode m = MAPPER.readTree(e.data());
        assertThat(MessageValidator.validate(m, method, ProtocolRevision.V2024_11_05, false))
                .as("%s", m)
                .isEmpty();
        return m;
    }

    @Test
    void theStreamAnnouncesItsEndpointAndCarriesEveryAnswer() throws Exception {
        fixture = DemoFixture.start();
        HttpTestClient c = fixture.client();
        try (HttpTestClient.Streaming sse = open(c)) {
            assertThat(sse.status()).isEqualTo(200);
            SseEvent endpoint = sse.sse.next();
            assertThat(endpoint.event()).isEqualTo("endpoint");
            assertThat(endpoint.data()).startsWith("/message?sessionId=");
            URI post = fixture.running.endpoint().resolve(endpoint.data());
            HttpTestClient poster = new HttpTestClient(post);
            ObjectNode init = MAPPER.createObjectNode().put("protocolVersion", "2024-11-05");
            init.putObject("capabilities");
            init.putObject("clientInfo").put("name", "legacy").put("version", "1");
            HttpTestClient.Reply accepted = poster.postWith(poster.request(1, "initialize", init), Map.of(), false);
            assertThat(accepted.status()).isEqualTo(202);
            JsonNode initialized = next(sse, "initialize");
            assertThat(initialized.at("/result/protocolVersion").asText()).isEqualTo("2024-11-05");
            poster.postWith(HttpTestClient.notification("notifications/initialized", null), Map.of(), false);
            poster.postWith(
                    poster.request(
                            2, "resources/read", MAPPER.createObjectNode().put("uri", "test://static-text")),
                    Map.of(),
                    false);
            assertThat(next(sse, "resources/read").at("/result/contents/0/text").asText())
                    .startsWith("This is");
            poster.postWith(
                    poster.request(
                            3, "resources/subscribe", MAPPER.createObjectNode().put("uri", "test://watched-resource")),
                    Map.of(),
                    false);
            assertThat(next(sse, "resources/subscribe").path("id").asInt()).isEqualTo(3);
            fixture.touch();
            assertThat(next(sse, null).path("method").asText()).isEqualTo("notifications/resources/updated");
            assertThat(fixture.running.openStreams()).isEqualTo(1);
        }
    }

    @Test
    void postingToAnUnknownOrMissingSessionFails() throws Exception {
        fixture = DemoFixture.start();
        URI base = fixture.running.endpoint();
        HttpTestClient unknown = new HttpTestClient(base.resolve("/message?sessionId=nope"));
        assertThat(unknown.postWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", Map.of(), false)
                        .status())
                .isEqualTo(404);
        HttpTestClient missing = new HttpTestClient(base.resolve("/message"));
        assertThat(missing.postWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", Map.of(), false)
                        .status())
                .isEqualTo(400);
    }

    @Test
    void closingTheStreamEndsTheConnection() throws Exception {
        fixture = DemoFixture.start(b -> b.keepAlive(java.time.Duration.ofMillis(100)));
        HttpTestClient c = fixture.client();
        URI post;
        try (HttpTestClient.Streaming sse = open(c)) {
            post = fixture.running.endpoint().resolve(sse.sse.next().data());
        }
        HttpTestClient poster = new HttpTestClient(post);
        Eventually.await(
                "posts to the closed stream's endpoint to be 404; status",
                java.time.Duration.ofSeconds(5),
                () -> poster.postWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", Map.of(), false)
                        .status(),
                status -> status == 404);
    }

    @Test
    void theHttpSseEndpointsCanBeTurnedOff() throws Exception {
        fixture = DemoFixture.start(HttpTransportBuilder::noHttpSse);
        assertThat(fixture.running.httpSseEndpoint()).isNull();
        HttpTestClient c = new HttpTestClient(fixture.running.endpoint().resolve("/sse"));
        assertThat(c.send("GET", Map.of("Accept", "text/event-stream"), null).status())
                .isEqualTo(404);
    }
}
