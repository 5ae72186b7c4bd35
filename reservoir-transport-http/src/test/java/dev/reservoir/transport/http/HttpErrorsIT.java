package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every answer of the server is a JSON-RPC error body or an empty body with the right status, even
 * for requests Jetty refuses before our handler sees them; never an HTML page or a stack trace.
 */
@Timeout(60)
class HttpErrorsIT {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    /** Sends raw bytes and reads the whole answer (the server closes or says how long it is). */
    private RawHttp rawBytes(String request) throws IOException {
        RawHttp r = new RawHttp(fixture.running.port(), 0);
        OutputStream out = r.socket.getOutputStream();
        out.write(request.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return r.readHead();
    }

    private static JsonNode jsonRpcError(RawHttp r) throws IOException {
        assertThat(r.headers.get("content-type")).startsWith("application/json");
        String body = r.body();
        assertThat(body).doesNotContain("<html", "Exception", "\tat ");
        JsonNode message = HttpTestClient.MAPPER.readTree(body);
        assertThat(message.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(message.at("/error/code").isInt()).as(body).isTrue();
        return message;
    }

    private static Map<String, String> statelessHeaders(String method, String name) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "localhost");
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/json, text/event-stream");
        h.put("MCP-Protocol-Version", "2026-07-28");
        h.put("Mcp-Method", method);
        if (name != null) {
            h.put("Mcp-Name", name);
        }
        h.put("Connection", "close");
        return h;
    }

    @Test
    void theRootNamesTheEndpointsAndOtherPathsAre404JsonRpcErrors() throws Exception {
        fixture = DemoFixture.start();
        Map<String, String> h = Map.of("Host", "localhost", "Connection", "close");
        try (RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send("GET / HTTP/1.1", h, null)
                .readHead()) {
            assertThat(r.status).isEqualTo(200);
            assertThat(r.headers.get("content-type")).startsWith("application/json");
            JsonNode index = HttpTestClient.MAPPER.readTree(r.body());
            assertThat(index.at("/endpoints/streamableHttp").asText()).isEqualTo("/mcp");
            assertThat(index.at("/endpoints/sse").asText()).isEqualTo("/sse");
        }
        try (RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send("GET /favicon.ico HTTP/1.1", h, null)
                .readHead()) {
            assertThat(r.status).isEqualTo(404);
            assertThat(jsonRpcError(r).at("/error/message").asText()).contains("/mcp");
        }
    }

    @Test
    void aUriTooLongForTheServerIsAJsonRpcErrorEvenInTheMcpNameHeader() throws Exception {
        fixture = DemoFixture.start();
        String uri = "test://" + "a".repeat(9_000);
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri + "\","
                + META + "}}";
        try (RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send("POST /mcp HTTP/1.1", statelessHeaders("resources/read", uri), body)
                .readHead()) {
            JsonNode error = jsonRpcError(r);
            assertThat(error.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(error.at("/error/message").asText()).contains("9007 characters long", "8192");
            assertThat(error.path("id").asInt()).isEqualTo(1);
        }
    }

    @Test
    void headersTooLargeEvenForThatAre431WithAJsonRpcBody() throws Exception {
        fixture = DemoFixture.start();
        Map<String, String> h = statelessHeaders("resources/read", "test://" + "a".repeat(40_000));
        try (RawHttp r = new RawHttp(fixture.running.port(), 0)
                .send("POST /mcp HTTP/1.1", h, "{}")
                .readHead()) {
            assertThat(r.status).isEqualTo(431);
            assertThat(jsonRpcError(r).at("/error/message").asText()).contains("too large");
        }
    }

    @Test
    void aMalformedChunkedBodyIs400WithoutAStackTrace() throws Exception {
        fixture = DemoFixture.start();
        String head = "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nConnection: close\r\n\r\n";
        try (RawHttp r = rawBytes(head + "zz\r\n{}\r\n0\r\n\r\n")) {
            assertThat(r.status).isEqualTo(400);
            assertThat(jsonRpcError(r).at("/error/code").asInt()).isEqualTo(-32600);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "GARBAGE\r\n\r\n",
                "GET /mcp HTTP/9.9\r\nHost: localhost\r\n\r\n",
                "GET /mcp HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n",
                "GET /mcp HTTP/1.1\r\n\r\n",
                "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n12345",
                "POST /mcp HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n"
            })
    void requestsJettyRefusesGetJsonRpcErrorsNotHtml(String request) throws Exception {
        fixture = DemoFixture.start();
        try (RawHttp r = rawBytes(request)) {
            assertThat(r.status).isBetween(400, 599);
            jsonRpcError(r);
        }
    }

    @Test
    void aRequestHeadThatNeverEndsIs408() throws Exception {
        fixture = DemoFixture.start(b -> b.headerTimeout(Duration.ofMillis(500)));
        RawHttp r = new RawHttp(fixture.running.port(), 0);
        OutputStream out = r.socket.getOutputStream();
        out.write("POST /mcp HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        try (r) {
            r.readHead();
            assertThat(r.status).isEqualTo(408);
            assertThat(jsonRpcError(r).at("/error/message").asText()).contains("in time");
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server waited for the rest of the head", e);
        }
    }
}
