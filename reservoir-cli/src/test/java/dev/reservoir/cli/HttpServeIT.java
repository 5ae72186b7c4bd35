package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The jar's HTTP options: a network address needs a token or an outright yes, and says what it exposes. */
@Timeout(120)
class HttpServeIT {

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("readme.md"), "# Hello\n");
    }

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
    }

    private Process serve(String... args) throws IOException {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar,
                "serve",
                dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        processes.add(process);
        return process;
    }

    private static String stderr(Process process) throws Exception {
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("the command ended")
                .isTrue();
        return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The banner: the lines up to the one that says where HTTP is served, and {@code more} after it. */
    private static List<String> banner(Process process, int more) throws IOException {
        BufferedReader err = Cli.stderr(process);
        List<String> lines = new ArrayList<>(Cli.untilBanner(err));
        for (int i = 0; i < more; i++) {
            lines.add(err.readLine());
        }
        return lines;
    }

    /** Whether this machine has an address other machines could reach it at. */
    private static boolean networked() throws IOException {
        for (java.net.NetworkInterface nic :
                java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp()
                    && !nic.isLoopback()
                    && java.util.Collections.list(nic.getInetAddresses()).stream()
                            .anyMatch(a -> !a.isLinkLocalAddress())) {
                return true;
            }
        }
        return false;
    }

    private static URI endpoint(List<String> banner) {
        String line = banner.stream()
                .filter(l -> l.contains(" over HTTP at "))
                .findFirst()
                .orElseThrow();
        return URI.create(line.replaceFirst(".* over HTTP at (\\S+).*", "$1"));
    }

    /** POSTs initialize with this Host header; returns the status. */
    private static int initializeWithHost(URI endpoint, String host) throws IOException {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                            + "Accept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: "
                            + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String status = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(status.substring(9, 12));
        }
    }

    @Test
    void aNetworkAddressWithoutATokenIsRefusedSayingHowToServeItAnyway() throws Exception {
        Process process = serve("--http", "0.0.0.0:0");
        String err = stderr(process);
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(err).contains("without a token", "--token-env", "--allow-unauthenticated-network");
    }

    @Test
    void servingTheNetworkOutrightPrintsUsableUrlsAndWhatAnyoneCanRead() throws Exception {
        Process process = serve("--http", "0.0.0.0:0", "--allow-unauthenticated-network");
        boolean networked = networked();
        List<String> banner = banner(process, networked ? 1 : 0);
        URI endpoint = endpoint(banner);
        assertThat(endpoint.getHost()).as("a URL a client can use, not 0.0.0.0").isEqualTo("127.0.0.1");
        if (networked) {
            String reach = banner.getLast();
            assertThat(reach).startsWith("reservoir serve: reachable from the network at http://");
            assertThat(reach)
                    .contains("WITHOUT a token", dir.toRealPath().getFileName().toString());
        }
        int port = endpoint.getPort();
        assertThat(initializeWithHost(endpoint, "127.0.0.1:" + port)).isEqualTo(200);
        assertThat(initializeWithHost(endpoint, "localhost:" + port)).isEqualTo(200);
        assertThat(initializeWithHost(endpoint, "rebound.example:" + port))
                .as("the Host allow-list stays on a network address")
                .isEqualTo(421);
    }

    @Test
    void allowHostAddsToTheLocalhostNames() throws Exception {
        Process process = serve("--http", "0", "--allow-host", "docs.example.com");
        URI endpoint = endpoint(banner(process, 0));
        assertThat(initializeWithHost(endpoint, "docs.example.com:" + endpoint.getPort()))
                .isEqualTo(200);
        assertThat(initializeWithHost(endpoint, "localhost:" + endpoint.getPort()))
                .isEqualTo(200);
    }

    @Test
    void anAddressThisMachineLacksIsExitCodeThreeSayingSo() throws Exception {
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): documentation only, no machine has it.
        Process process = serve("--http", "192.0.2.1:8081", "--allow-unauthenticated-network");
        String err = stderr(process);
        assertThat(process.exitValue()).isEqualTo(3);
        assertThat(err).contains("this machine has no address 192.0.2.1").doesNotContain("another server");
    }
}
