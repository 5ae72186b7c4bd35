package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.server.bus.BusStatus;
import dev.reservoir.server.bus.Change;
import dev.reservoir.server.bus.NotificationBus;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** /healthz and /readyz: JSON for load balancers and orchestrators, naming the replica, with no token. */
class HealthIT {

    private static final Map<String, String> HEAD = Map.of("Host", "localhost", "Connection", "close");

    private DemoFixture fixture;

    @AfterEach
    void close() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private record Answer(int status, JsonNode body) {}

    private Answer get(String path) throws Exception {
        try (RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send("GET " + path + " HTTP/1.1", HEAD, null)
                .readHead()) {
            assertThat(r.headers.get("content-type")).startsWith("application/json");
            return new Answer(r.status, HttpTestClient.MAPPER.readTree(r.body()));
        }
    }

    @Test
    void aLiveReadyReplicaSaysSoAndNamesItselfWithoutAToken() throws Exception {
        fixture = DemoFixture.start(
                b -> b.bearerTokens(BearerTokens.of("secret-token-of-32-characters-xx")),
                b -> b.replicaId("replica-7"));
        Answer live = get("/healthz");
        assertThat(live.status()).isEqualTo(200);
        assertThat(live.body().get("status").asText()).isEqualTo("alive");
        assertThat(live.body().get("replica").asText()).isEqualTo("replica-7");

        Answer ready = get("/readyz");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.body().get("status").asText()).isEqualTo("ready");
        assertThat(ready.body().at("/bus/kind").asText()).isEqualTo("in-process");
        assertThat(ready.body().at("/bus/connected").asBoolean()).isTrue();
    }

    @Test
    void aReplicaWhoseBusIsAwayIsDegradedWithTheReasonButStillReady() throws Exception {
        NotificationBus away = new NotificationBus() {
            @Override
            public void start(Delivery delivery) {}

            @Override
            public void publish(Change change) {}

            @Override
            public BusStatus status() {
                return new BusStatus("redis", false, "cannot reach redis://10.0.0.9:6379 since 12:00: refused");
            }

            @Override
            public void close() {}
        };
        fixture = DemoFixture.start(b -> b, b -> b.bus(away));
        Answer ready = get("/readyz");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.body().get("status").asText()).isEqualTo("degraded");
        assertThat(ready.body().at("/bus/detail").asText()).contains("cannot reach redis://10.0.0.9:6379");
    }

    @Test
    void aDrainingReplicaIsNotReadyButAlive() throws Exception {
        fixture = DemoFixture.start();
        fixture.server.drain(Duration.ofSeconds(5));
        assertThat(get("/readyz").status()).isEqualTo(503);
        assertThat(get("/readyz").body().get("status").asText()).isEqualTo("draining");
        assertThat(get("/healthz").status()).isEqualTo(200);
    }

    @Test
    void healthAnswersOnlyGet() throws Exception {
        fixture = DemoFixture.start();
        try (RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send(
                        "POST /readyz HTTP/1.1",
                        Map.of("Host", "localhost", "Connection", "close", "Content-Length", "0"),
                        null)
                .readHead()) {
            assertThat(r.status).isEqualTo(405);
        }
    }
}
