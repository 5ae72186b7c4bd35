package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real file that is truncated or grows while the real jar is sending it over stdio: the answer
 * is broken (never a well-formed answer of the wrong size), the client then gets an error for that
 * request, and the connection goes on. The answer is held half-way by not reading stdout: the
 * server has then read only the start of the file when it changes.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a pipe read ignores interrupts
class ChangingFileIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int SIZE = 4 << 20;

    @TempDir
    Path dir;

    private Process process;

    @AfterEach
    void stop() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private BufferedReader start() throws IOException {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        process = new ProcessBuilder(java, "-jar", jar, "serve", dir.toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("stderr.log").toFile()))
                .start();
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).contains("protocolVersion");
        return out;
    }

    private void send(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private void read(String id, Path file) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":{\"uri\":\""
                + file.toUri() + "\"}}");
    }

    private Path file(String name) throws IOException {
        byte[] data = new byte[SIZE];
        new Random(11).nextBytes(data);
        return Files.write(dir.resolve(name), data);
    }

    @Test
    void aFileTruncatedWhileItIsSentBreaksItsAnswer() throws Exception {
        Path file = file("shrinks.bin");
        Files.writeString(dir.resolve("small.txt"), "small\n");
        BufferedReader out = start();
        read("changing", file);
        assertThat(process.getInputStream().read()).as("the answer has started").isEqualTo('{');
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(1024);
        }
        assertBrokenThenTold(out, "ended after", "of the " + SIZE + " bytes it announced");
        read("after", dir.resolve("small.txt"));
        assertThat(MAPPER.readTree(out.readLine()).at("/result/contents/0/text").asText())
                .isEqualTo("small\n");
    }

    @Test
    void aFileThatGrowsWhileItIsSentBreaksItsAnswer() throws Exception {
        Path file = file("grows.bin");
        BufferedReader out = start();
        read("changing", file);
        assertThat(process.getInputStream().read()).isEqualTo('{');
        Files.write(file, new byte[1 << 20], StandardOpenOption.APPEND);
        assertBrokenThenTold(out, "is longer than the " + SIZE + " bytes it announced");
    }

    /** The rest of the answer's line is not a whole JSON message; the next line is an error for it. */
    private static void assertBrokenThenTold(BufferedReader out, String... said) throws IOException {
        String rest = "{" + out.readLine();
        assertThat(parses(rest))
                .as("the answer's line is broken, not a well-formed answer")
                .isFalse();
        JsonNode error = MAPPER.readTree(out.readLine());
        assertThat(error.get("id").asText()).isEqualTo("changing");
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(error.at("/error/message").asText()).contains("cut short").contains(said);
    }

    private static boolean parses(String line) {
        try {
            MAPPER.readTree(line);
            return true;
        } catch (JsonProcessingException e) {
            return false;
        }
    }
}
