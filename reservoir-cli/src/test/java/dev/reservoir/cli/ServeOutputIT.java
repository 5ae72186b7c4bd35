package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What {@code reservoir serve} prints, and the Host names it answers, as the real jar does it. */
@Timeout(120)
class ServeOutputIT {

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
    }

    private Process serve(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Cli.java(), "-jar", Cli.jar(), "serve", dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        processes.add(process);
        return process;
    }

    /** The stderr lines up to and including the banner. */
    private static List<String> untilBanner(Process process) throws IOException {
        return Cli.untilBanner(Cli.stderr(process));
    }

    @Test
    void jettyStaysQuietUnlessVerbose() throws IOException {
        List<String> quiet = untilBanner(serve("--http", "127.0.0.1:0"));
        assertThat(quiet).hasSize(1);
        assertThat(quiet.getFirst()).startsWith("reservoir serve: file://");
        List<String> verbose = untilBanner(serve("--http", "127.0.0.1:0", "--verbose"));
        assertThat(verbose).anyMatch(l -> l.contains("INFO org.eclipse.jetty.server.Server"));
    }

    @Test
    void allowHostAddsToTheLocalhostNames() throws Exception {
        Files.writeString(dir.resolve("a.md"), "a\n");
        String banner = untilBanner(serve("--http", "127.0.0.1:0", "--allow-host", "docs.example.com"))
                .getLast();
        Matcher m = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/mcp").matcher(banner);
        assertThat(m.find()).as(banner).isTrue();
        int port = Integer.parseInt(m.group(1));
        assertThat(status(port, "localhost:" + port)).isNotEqualTo(421);
        assertThat(status(port, "127.0.0.1:" + port)).isNotEqualTo(421);
        assertThat(status(port, "docs.example.com:" + port)).isNotEqualTo(421);
        assertThat(status(port, "evil.example:" + port)).isEqualTo(421);
    }

    /** The status of an initialize POST that names this Host. */
    private static int status(int port, String host) throws Exception {
        // The JDK's client will not send a Host header of our choosing; a raw socket will.
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
            String request = "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body;
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            String status = new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            return Integer.parseInt(status.split(" ")[1]);
        }
    }
}
