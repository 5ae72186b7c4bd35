package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.testkit.Eventually;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code reservoir serve} ends over stdio, as the real jar in a child process: SIGTERM and
 * Ctrl-C let the answer in progress finish and exit 0, a second signal stops it at once, and a
 * client that closes the server's stdout ends it even though stdin stays open.
 */
@Timeout(120)
class ServeLifecycleIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    Path dir;

    private Process process;
    private Path stderr;

    @AfterEach
    void stop() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }

    private void start(String... serveArgs) throws IOException {
        start(List.of(), serveArgs);
    }

    private void start(List<String> jvmOptions, String... serveArgs) throws IOException {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar, "serve"));
        command.addAll(List.of(serveArgs));
        stderr = Files.createTempFile(dir, "stderr", ".log");
        process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()))
                .start();
    }

    private void send(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static String read(String id, String uri) {
        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri
                + "\"}}";
    }

    /** Waits until the server's stderr holds this text. */
    private void awaitStderr(String text) throws Exception {
        Eventually.await(
                "stderr to say '" + text + "'",
                Duration.ofSeconds(30),
                () -> Files.readString(stderr),
                said -> said.contains(text));
    }

    /** Sends a signal with the shell's own kill (a minimal system may lack /bin/kill). */
    private void signal(String name) throws Exception {
        assertThat(new ProcessBuilder("sh", "-c", "kill -s " + name + " " + process.pid())
                        .start()
                        .waitFor())
                .isZero();
    }

    /**
     * An 8 MiB file (10.7 MiB of base64: far more than a pipe holds), and a server over it whose
     * stdio message limit lets it through and whose stop waits long enough for a loaded machine.
     */
    private String bigFile() throws IOException {
        byte[] data = new byte[8 << 20];
        new Random(3).nextBytes(data);
        Path big = dir.resolve("served").resolve("big.bin");
        Files.createDirectories(big.getParent());
        Files.write(big, data);
        start(List.of("-Dreservoir.stopGrace=PT60S"), big.getParent().toString(), "--max-message-size", "64MiB");
        return big.toUri().toString();
    }

    @Test
    void sigtermLetsTheAnswerInProgressFinishRefusesNewRequestsAndExitsZero() throws Exception {
        String uri = bigFile();
        InputStream raw = process.getInputStream();
        send(INIT);
        assertThat(MAPPER.readTree(rawLine(raw)).at("/result/protocolVersion").asText())
                .isEqualTo("2025-11-25");
        send(read("big", uri));
        // Nothing more is read from stdout yet: the answer fills the pipe and waits, in progress.
        assertThat(raw.read()).as("the answer has started").isEqualTo('{');
        BufferedReader out = new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8));
        signal("TERM");
        awaitStderr("stopping (SIGTERM)");
        send("{\"jsonrpc\":\"2.0\",\"id\":\"late\",\"method\":\"ping\"}");
        JsonNode answer = MAPPER.readTree("{" + out.readLine());
        assertThat(Base64.getDecoder()
                        .decode(answer.at("/result/contents/0/blob").asText()))
                .as("the whole file, though SIGTERM came half-way")
                .hasSize(8 << 20);
        JsonNode late = MAPPER.readTree(out.readLine());
        assertThat(late.get("id").asText()).isEqualTo("late");
        assertThat(late.at("/error/message").asText()).contains("Server shutting down");
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the server exits").isTrue();
        assertThat(process.exitValue())
                .as("exit code after SIGTERM; stderr:%n%s", Files.readString(stderr))
                .isZero();
    }

    @Test
    void aSecondSignalStopsAtOnceWith143() throws Exception {
        String uri = bigFile();
        InputStream raw = process.getInputStream();
        send(INIT);
        send(read("big", uri));
        // The initialize's answer, then the first byte of the read's: the read is in progress when
        // the signal comes (a '{' of the first answer alone raced the read's start, and the first
        // signal then found nothing in flight).
        assertThat(rawLine(raw)).contains("protocolVersion");
        assertThat(raw.read()).as("the answer has started").isEqualTo('{'); // and then nothing is read: it waits
        signal("TERM");
        awaitStderr("stopping (SIGTERM)");
        signal("TERM");
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(143);
    }

    /**
     * One line of the server's output read a byte at a time, without its newline: nothing past it
     * is taken from the stream (a reader's buffer would take the next answer's first bytes too).
     */
    private static String rawLine(InputStream raw) throws IOException {
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        for (int b = raw.read(); b != '\n'; b = raw.read()) {
            assertThat(b).as("the server's output ended before a whole line").isNotEqualTo(-1);
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    /** The demo set, initialized. */
    private void startInitializedDemo() throws Exception {
        start("--demo");
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        send(INIT);
        assertThat(out.readLine()).contains("protocolVersion");
    }

    @Test
    void ctrlCOnAnIdleServerExitsZero() throws Exception {
        startInitializedDemo();
        signal("INT");
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(Files.readString(stderr)).contains("stopping (SIGINT)");
    }

    @Test
    void aClientThatClosesStdoutEndsTheServerThoughStdinStaysOpen() throws Exception {
        startInitializedDemo();
        process.getInputStream().close();
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"); // its answer meets the closed pipe
        assertThat(process.waitFor(30, TimeUnit.SECONDS))
                .as("the server ends; stderr:%n%s", Files.readString(stderr))
                .isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(Files.readString(stderr)).contains("stdout closed");
    }
}
