package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.console.support.Targets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Who may use the console, without a browser: loopback only, the token of the printed address,
 * Host and Origin checks, assets only from the jar, and clear errors from the API.
 */
@Timeout(120)
class ConsoleGateIT {

    private static Targets.Served demo;
    private static Console console;
    private static String token;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @BeforeAll
    static void start() {
        demo = Targets.demo(Duration.ZERO);
        console = Targets.console(demo.url());
        token = console.url().getQuery().substring("token=".length());
    }

    @AfterAll
    static void stop() throws Exception {
        console.close();
        demo.close();
    }

    private static HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(console.base().resolve(path)).timeout(Duration.ofSeconds(20));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String type, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(console.base().resolve(path))
                .timeout(Duration.ofSeconds(20))
                .header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A raw request, for headers java.net.http will not send (Host). */
    private static String raw(String request) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), console.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes(200), StandardCharsets.US_ASCII);
        }
    }

    @Test
    void theAddressItPrintsIsLoopbackWithARandomToken() {
        assertThat(console.url().getScheme()).isEqualTo("http");
        assertThat(console.url().getHost()).isEqualTo("127.0.0.1");
        assertThat(token).hasSizeGreaterThanOrEqualTo(40).matches("[A-Za-z0-9_-]+");
        assertThat(Targets.console(demo.url())).satisfies(other -> {
            try {
                assertThat(other.url().getQuery())
                        .as("every console has its own token")
                        .isNotEqualTo(console.url().getQuery());
            } finally {
                other.close();
            }
        });
    }

    @Test
    void itListensOnLoopbackOnly() throws Exception {
        List<InetAddress> others = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (!address.isLoopbackAddress() && address instanceof Inet4Address) {
                    others.add(address);
                }
            }
        }
        for (InetAddress address : others) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(address, console.port()), 3000);
                throw new AssertionError("the console answered on " + address);
            } catch (ConnectException expected) {
                // refused: nothing listens there
            }
        }
    }

    @Test
    void withoutTheTokenTheApiAnswersNothing() throws Exception {
        for (String path : List.of(
                "/api/status",
                "/api/rows",
                "/api/preview?uri=test://static-text",
                "/api/events",
                "/api/status?token=" + token)) {
            HttpResponse<String> answer = get(path);
            assertThat(answer.statusCode()).as(path).isEqualTo(401);
            assertThat(answer.body()).as(path).contains("open the address the console printed");
        }
        assertThat(get("/api/status", "X-Console-Token", token + "x").statusCode())
                .isEqualTo(401);
        assertThat(post("/api/watch", "application/json", "{\"uris\":[]}").statusCode())
                .isEqualTo(401);
    }

    @Test
    void theTokenTravelsInAHeaderNeverInACookie() throws Exception {
        HttpResponse<String> page = get("/?token=" + token);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Set-Cookie")).isEmpty();
        assertThat(page.body()).as("the page holds no data, only code").doesNotContain("reservoir-demo");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("default-src 'none'")
                .contains("script-src 'self'")
                .contains("connect-src 'self'")
                .contains("frame-ancestors 'none'");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        HttpResponse<String> status = get("/api/status", "X-Console-Token", token);
        assertThat(status.statusCode()).isEqualTo(200);
        assertThat(status.body()).contains("\"state\":\"up\"").contains("\"target\":\"" + demo.url() + "\"");
        HttpRequest events = HttpRequest.newBuilder(console.base().resolve("/api/events?token=" + token))
                .timeout(Duration.ofSeconds(20))
                .build();
        HttpResponse<java.io.InputStream> stream = HTTP.send(events, HttpResponse.BodyHandlers.ofInputStream());
        try (java.io.InputStream in = stream.body()) {
            assertThat(stream.statusCode()).isEqualTo(200);
            assertThat(stream.headers().firstValue("Content-Type").orElseThrow())
                    .startsWith("text/event-stream");
            assertThat(new String(in.readNBytes(40), StandardCharsets.UTF_8)).contains("event: status");
        }
    }

    @Test
    void otherHostsAndOriginsAreRefused() throws Exception {
        String rebound = raw("GET /api/status HTTP/1.1\r\nHost: attacker.example:" + console.port()
                + "\r\nX-Console-Token: " + token + "\r\nConnection: close\r\n\r\n");
        assertThat(rebound).startsWith("HTTP/1.1 421");
        String local = raw("GET /api/status HTTP/1.1\r\nHost: localhost:" + console.port() + "\r\nX-Console-Token: "
                + token + "\r\nConnection: close\r\n\r\n");
        assertThat(local).startsWith("HTTP/1.1 200");
        HttpResponse<String> foreign = post(
                "/api/watch",
                "application/json",
                "{\"uris\":[\"test://static-text\"]}",
                "X-Console-Token",
                token,
                "Origin",
                "https://attacker.example");
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(get("/api/status", "X-Console-Token", token, "Sec-Fetch-Site", "cross-site")
                        .statusCode())
                .isEqualTo(403);
        HttpResponse<String> own = post(
                "/api/watch",
                "application/json",
                "{\"uris\":[]}",
                "X-Console-Token",
                token,
                "Origin",
                "http://127.0.0.1:" + console.port());
        assertThat(own.statusCode()).isEqualTo(200);
        HttpResponse<String> form = post("/api/watch", "text/plain", "{\"uris\":[]}", "X-Console-Token", token);
        assertThat(form.statusCode()).as("a body a form could send").isEqualTo(400);
    }

    @Test
    void onlyThePagesOwnFilesAreServedAndTheyNameNoOtherHost() throws Exception {
        HttpResponse<String> page = get("/", "X-Console-Token", token);
        Matcher refs = Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(page.body());
        List<String> assets = new ArrayList<>();
        while (refs.find()) {
            assets.add(refs.group(1));
        }
        assertThat(assets).isNotEmpty().allSatisfy(a -> assertThat(a).startsWith("/"));
        for (String own : List.of("/app.css", "/js/app.js", "/js/render.js", "/js/list.js", "/js/tree.js")) {
            assets.add(own);
        }
        for (String asset : assets) {
            HttpResponse<String> answer = get(asset, "X-Console-Token", token);
            assertThat(answer.statusCode()).as(asset).isEqualTo(200);
            if (!asset.startsWith("/vendor/")) {
                assertThat(answer.body())
                        .as(asset + " loads nothing from elsewhere")
                        .doesNotContainPattern("(?:from|import)\\s*\\(?\\s*['\"]https?:")
                        .doesNotContainPattern("url\\(\\s*['\"]?https?:");
            }
        }
        for (String probe : List.of(
                "/../pom.xml",
                "/%2e%2e/%2e%2e/pom.xml",
                "/META-INF/MANIFEST.MF",
                "/dev/reservoir/console/Console.class",
                "/js/../../vendor.properties",
                "/vendor/other.js")) {
            assertThat(get(probe, "X-Console-Token", token).statusCode())
                    .as(probe)
                    .isIn(400, 404);
        }
    }

    @Test
    void theApiAnswersMistakesWithClearErrors() throws Exception {
        HttpResponse<String> noUri = get("/api/preview", "X-Console-Token", token);
        assertThat(noUri.statusCode()).isEqualTo(400);
        assertThat(noUri.body()).contains("uri is required");
        HttpResponse<String> missing = get("/api/preview?uri=demo%3A%2F%2Fnothing-here", "X-Console-Token", token);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("the server has no resource demo://nothing-here");
        assertThat(get("/api/rows?limit=0", "X-Console-Token", token).body())
                .contains("limit must be between 1 and 500");
        assertThat(get("/api/rows?sort=colour", "X-Console-Token", token).statusCode())
                .isEqualTo(400);
        assertThat(get("/api/connect?server=http://elsewhere", "X-Console-Token", token)
                        .statusCode())
                .isEqualTo(404);
        HttpResponse<String> bad = post("/api/complete", "application/json", "{not json", "X-Console-Token", token);
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("not valid JSON");
    }
}
