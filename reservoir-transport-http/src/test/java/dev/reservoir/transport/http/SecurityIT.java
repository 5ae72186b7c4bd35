package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.testkit.Eventually;
import java.io.InputStream;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Secure by default: Host and Origin allow-lists, bearer tokens bound to sessions, TLS, and limits. */
@Timeout(60)
class SecurityIT {

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private RawHttp raw(String host, String origin) throws Exception {
        return RawHttp.initialize(fixture.running.port(), host, origin);
    }

    @Test
    void aForeignHostIs421AndLocalhostNamesPass() throws Exception {
        fixture = DemoFixture.start();
        int port = fixture.running.port();
        try (RawHttp r = raw("evil.example.com:" + port, null)) {
            assertThat(r.status).isEqualTo(421);
            assertThat(r.body()).contains("\"code\":-32600");
        }
        for (String host : List.of("localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "LOCALHOST")) {
            try (RawHttp r = raw(host, null)) {
                assertThat(r.status).as(host).isEqualTo(200);
            }
        }
    }

    @Test
    void aForeignOriginIs403AndTheServersOwnGetsCorsHeaders() throws Exception {
        fixture = DemoFixture.start();
        int port = fixture.running.port();
        try (RawHttp r = raw("127.0.0.1:" + port, "http://evil.example.com")) {
            assertThat(r.status).isEqualTo(403);
            assertThat(r.body()).contains("not allowed");
        }
        try (RawHttp r = raw("127.0.0.1:" + port, "null")) {
            assertThat(r.status).isEqualTo(403);
        }
        try (RawHttp r = raw("localhost:" + port, "http://localhost:" + port)) {
            assertThat(r.status).isEqualTo(200);
            assertThat(r.headers.get("access-control-allow-origin")).isEqualTo("http://localhost:" + port);
            assertThat(r.headers.get("access-control-expose-headers")).contains("Mcp-Session-Id");
        }
    }

    @Test
    void aPageOnAnotherPortOfLocalhostIsAnotherOriginAnd403UnlessConfigured() throws Exception {
        fixture = DemoFixture.start();
        int port = fixture.running.port();
        try (RawHttp r = raw("localhost:" + port, "http://localhost:5173")) {
            assertThat(r.status).isEqualTo(403);
            assertThat(r.headers).doesNotContainKey("access-control-allow-origin");
        }
        fixture.close();
        fixture = DemoFixture.start(b -> b.allowedOrigins(List.of("http://localhost:5173")));
        try (RawHttp r = raw("localhost:" + fixture.running.port(), "http://localhost:5173")) {
            assertThat(r.status).isEqualTo(200);
            assertThat(r.headers.get("access-control-allow-origin")).isEqualTo("http://localhost:5173");
        }
    }

    @Test
    void aPreflightNamesTheMethodsAndHeadersWithoutAToken() throws Exception {
        fixture = DemoFixture.start(b -> b.bearerTokens(BearerTokens.of("s3cret")));
        int port = fixture.running.port();
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "localhost:" + port);
        h.put("Origin", "http://localhost:" + port);
        h.put("Access-Control-Request-Method", "POST");
        h.put("Connection", "close");
        try (RawHttp r =
                new RawHttp(port, 0).send("OPTIONS /mcp HTTP/1.1", h, null).readHead()) {
            assertThat(r.status).isEqualTo(204);
            assertThat(r.headers.get("access-control-allow-methods")).contains("POST", "GET", "DELETE");
            assertThat(r.headers.get("access-control-allow-headers"))
                    .contains("Mcp-Session-Id", "MCP-Protocol-Version", "Authorization", "Last-Event-ID");
        }
    }

    @Test
    void allowListsAddToTheDefaultsSoLocalhostStillWorks() throws Exception {
        fixture = DemoFixture.start(
                b -> b.allowedHosts(List.of("mcp.example.com")).allowedOrigins(List.of("https://app.example.com")));
        int port = fixture.running.port();
        try (RawHttp r = raw("localhost:" + port, null)) {
            assertThat(r.status).isEqualTo(200);
        }
        try (RawHttp r = raw("mcp.example.com", "https://app.example.com")) {
            assertThat(r.status).isEqualTo(200);
        }
        try (RawHttp r = raw("mcp.example.com", "https://app.example.com:8443")) {
            assertThat(r.status).isEqualTo(403);
        }
        try (RawHttp r = raw("other.example.com", null)) {
            assertThat(r.status).isEqualTo(421);
        }
    }

    @Test
    void aMissingOrWrongTokenIs401WithAChallenge() throws Exception {
        fixture = DemoFixture.start(b -> b.bearerTokens(BearerTokens.of("alpha-token")));
        HttpTestClient none = fixture.client();
        HttpTestClient.Reply missing = none.postWith(RawHttp.INITIALIZE, Map.of(), false);
        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.header("WWW-Authenticate")).startsWith("Bearer realm=");
        HttpTestClient.Reply wrong = none.postWith(RawHttp.INITIALIZE, Map.of("Authorization", "Bearer nope"), false);
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.header("WWW-Authenticate")).contains("error=\"invalid_token\"");
        HttpTestClient ok = fixture.client().header("Authorization", "Bearer alpha-token");
        ok.initialize(ProtocolRevision.V2025_11_25);
        assertThat(ok.call("ping", null).path("result").isObject()).isTrue();
        // The token is checked on every request, not only on the one that opened the session.
        ok.header("Authorization", "Bearer nope");
        assertThat(ok.post(ok.request(9, "ping", null), Map.of()).status()).isEqualTo(401);
    }

    @Test
    void aSessionBelongsToTheTokenThatOpenedIt() throws Exception {
        fixture = DemoFixture.start(b -> b.bearerTokens(BearerTokens.of("alpha-token", "beta-token")));
        HttpTestClient alpha = fixture.client().header("Authorization", "Bearer alpha-token");
        alpha.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient beta = fixture.client().header("Authorization", "Bearer beta-token");
        beta.sessionId = alpha.sessionId;
        beta.revision = ProtocolRevision.V2025_11_25;
        assertThat(beta.post(beta.request(2, "ping", null), Map.of()).status()).isEqualTo(404);
        try (HttpTestClient.Streaming get = beta.get(null)) {
            assertThat(get.status()).isEqualTo(404);
        }
        assertThat(beta.delete().status()).isEqualTo(404);
        assertThat(alpha.call("ping", null).path("result").isObject()).isTrue();
    }

    @Test
    void tokensComeFromAFileOnePerLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tokens");
        Files.writeString(file, "# clients\nfirst-token\n\n  second-token  \n");
        fixture = DemoFixture.start(b -> b.bearerTokens(BearerTokens.fromFile(file)));
        for (String token : List.of("first-token", "second-token")) {
            HttpTestClient c = fixture.client().header("Authorization", "Bearer " + token);
            c.initialize(ProtocolRevision.V2025_11_25);
        }
        assertThat(fixture.client()
                        .postWith(RawHttp.INITIALIZE, Map.of("Authorization", "Bearer # clients"), false)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void tlsServesHttpsFromAKeystore(@TempDir Path dir) throws Exception {
        Path keystore = dir.resolve("server.p12");
        String keytool =
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(
                        keytool,
                        "-genkeypair",
                        "-alias",
                        "reservoir",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "SAN=dns:localhost,ip:127.0.0.1",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        keystore.toString(),
                        "-storepass",
                        "changeit",
                        "-keypass",
                        "changeit")
                .redirectErrorStream(true)
                .start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        fixture = DemoFixture.start(b -> b.tls(keystore, "changeit".toCharArray()));
        assertThat(fixture.running.endpoint().getScheme()).isEqualTo("https");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            trust.load(in, "changeit".toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        HttpTestClient c = new HttpTestClient(fixture.running.endpoint(), tls);
        c.initialize(ProtocolRevision.V2025_11_25);
        assertThat(c.call(
                                "resources/read",
                                HttpTestClient.MAPPER.createObjectNode().put("uri", "test://static-text"))
                        .at("/result/contents/0/text")
                        .asText())
                .startsWith("This is");
        // Plain HTTP on the TLS port is not served.
        HttpTestClient plain =
                new HttpTestClient(java.net.URI.create("http://127.0.0.1:" + fixture.running.port() + "/mcp"));
        assertThatThrownBy(() -> plain.postWith(RawHttp.INITIALIZE, Map.of(), false))
                .isInstanceOf(Exception.class);
    }

    @Test
    void aBodyOverTheLimitIs413WithAJsonRpcError() throws Exception {
        fixture = DemoFixture.start(b -> b.maxRequestBytes(2048));
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        String big = c.request(
                5, "resources/read", HttpTestClient.MAPPER.createObjectNode().put("uri", "test://" + "x".repeat(4000)));
        HttpTestClient.Reply reply = c.post(big, Map.of());
        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.message().at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(reply.message().at("/error/message").asText()).contains("2048");
        // A chunked body without a declared length is counted as it is read.
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "localhost");
        h.put("Content-Type", "application/json");
        h.put("Transfer-Encoding", "chunked");
        h.put("Mcp-Session-Id", c.sessionId);
        h.put("Connection", "close");
        String chunk = Integer.toHexString(big.length()) + "\r\n" + big + "\r\n0\r\n\r\n";
        try (RawHttp r = new RawHttp(fixture.running.port(), 0).send("POST /mcp HTTP/1.1", h, null)) {
            r.socket.getOutputStream().write(chunk.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            r.readHead();
            assertThat(r.status).isEqualTo(413);
        }
    }

    @Test
    void streamsBeyondTheSessionLimitAre429() throws Exception {
        fixture = DemoFixture.start(b -> b.maxStreamsPerSession(1));
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        try (HttpTestClient.Streaming first = c.get(null)) {
            assertThat(first.status()).isEqualTo(200);
            try (HttpTestClient.Streaming second = c.get(null)) {
                assertThat(second.status()).isEqualTo(429);
            }
        }
    }

    @Test
    void streamsBeyondTheServerLimitAre429() throws Exception {
        // A client that closed its stream is noticed at the next keep-alive.
        fixture = DemoFixture.start(b -> b.maxStreams(1).keepAlive(Duration.ofMillis(100)));
        HttpTestClient a = fixture.client();
        a.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient b = fixture.client();
        b.initialize(ProtocolRevision.V2025_11_25);
        try (HttpTestClient.Streaming first = a.get(null)) {
            assertThat(first.status()).isEqualTo(200);
            try (HttpTestClient.Streaming second = b.get(null)) {
                assertThat(second.status()).isEqualTo(429);
            }
        }
        Eventually.await(
                "the stream to be free again once the first closed; status",
                Duration.ofSeconds(5),
                () -> {
                    try (HttpTestClient.Streaming again = b.get(null)) {
                        return again.status();
                    }
                },
                status -> status == 200);
    }

    @Test
    void aNewSessionBeyondTheLimitEndsTheOldestIdleOneOr503WhenAllAreBusy() throws Exception {
        fixture = DemoFixture.start(b -> b.maxSessions(1).bearerTokens(BearerTokens.of("alpha", "beta")));
        HttpTestClient first = fixture.client().header("Authorization", "Bearer alpha");
        first.initialize(ProtocolRevision.V2025_11_25);
        HttpTestClient second = fixture.client().header("Authorization", "Bearer beta");
        second.initialize(ProtocolRevision.V2025_11_25);
        assertThat(first.post(first.request(3, "ping", null), Map.of()).status())
                .as("the idle session made room")
                .isEqualTo(404);
        try (HttpTestClient.Streaming busy = second.get(null)) {
            assertThat(busy.status()).isEqualTo(200);
            HttpTestClient.Reply refused = fixture.client()
                    .header("Authorization", "Bearer alpha")
                    .postWith(RawHttp.INITIALIZE, Map.of(), false);
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.message().at("/error/message").asText()).contains("all busy");
        }
    }

    @Test
    void anIdleSessionEnds() throws Exception {
        fixture = DemoFixture.start(b -> b.sessionIdleTimeout(Duration.ofMillis(300)));
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        Eventually.await(
                "the idle session to end; open sessions",
                Duration.ofSeconds(5),
                fixture.running::openSessions,
                open -> open == 0);
        assertThat(c.post(c.request(3, "ping", null), Map.of()).status()).isEqualTo(404);
    }

    @Test
    void aSessionWithAnOpenStreamDoesNotExpire() throws Exception {
        fixture = DemoFixture.start(b -> b.sessionIdleTimeout(Duration.ofMillis(200)));
        HttpTestClient c = fixture.client();
        c.initialize(ProtocolRevision.V2025_11_25);
        try (HttpTestClient.Streaming get = c.get(null)) {
            // A second session, idle from after the stream opened: when it has ended, the first
            // has been idle at least as long, and only its open stream can have kept it.
            HttpTestClient idle = fixture.client();
            idle.initialize(ProtocolRevision.V2025_11_25);
            int open = Eventually.await(
                    "the idle session to end; open sessions",
                    Duration.ofSeconds(5),
                    fixture.running::openSessions,
                    n -> n < 2);
            assertThat(open).isEqualTo(1);
            assertThat(c.post(c.request(3, "ping", null), Map.of()).status()).isEqualTo(200);
            assertThat(idle.post(idle.request(3, "ping", null), Map.of()).status())
                    .isEqualTo(404);
        }
    }

    @Test
    void aPortInUseFailsWithABindExceptionThatSaysSo() throws Exception {
        fixture = DemoFixture.start();
        HttpTransport second =
                HttpTransport.builder().port(fixture.running.port()).build();
        assertThatThrownBy(() -> second.start(fixture.server))
                .isInstanceOf(BindException.class)
                .hasMessageContaining("127.0.0.1:" + fixture.running.port())
                .hasMessageContaining("in use");
    }
}
