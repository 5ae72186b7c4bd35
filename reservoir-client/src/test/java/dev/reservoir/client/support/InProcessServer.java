package dev.reservoir.client.support;

import dev.reservoir.client.McpClient;
import dev.reservoir.client.McpClientBuilder;
import dev.reservoir.demo.BenchData;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.transport.stdio.StdioTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.time.Clock;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * A Reservoir server in this JVM, served over OS pipes with the stdio transport, for clients built
 * with {@link McpClientBuilder#streams}. Each {@link #client()} gets its own connection.
 */
public final class InProcessServer implements AutoCloseable {

    private final McpServer server;
    private final DemoServer demo;
    private final BenchData bench;

    private InProcessServer(McpServer server, DemoServer demo, BenchData bench) {
        this.server = server;
        this.demo = demo;
        this.bench = bench;
    }

    /** The demo set; the watched resource changes only when {@link #demoSet()}{@code .touchWatched()} is called. */
    public static InProcessServer demo() {
        return demo(b -> b);
    }

    public static InProcessServer demo(UnaryOperator<McpServerBuilder> more) {
        DemoServer demo = new DemoServer(Duration.ZERO, Clock.systemUTC());
        return new InProcessServer(
                more.apply(demo.configure(McpServer.builder())).build(), demo, null);
    }

    /** The benchmark set with n texts. */
    public static InProcessServer bench(int texts, UnaryOperator<McpServerBuilder> more) {
        BenchData bench = new BenchData(texts);
        return new InProcessServer(
                more.apply(bench.configure(McpServer.builder())).build(), null, bench);
    }

    public McpServer server() {
        return server;
    }

    public DemoServer demoSet() {
        return demo;
    }

    public BenchData bench() {
        return bench;
    }

    /** A builder for a client on a new connection to this server. */
    public McpClientBuilder client() {
        return client(null);
    }

    /** A client builder whose every line to the server is also given to {@code tap} (for schema checks). */
    public McpClientBuilder client(java.util.function.Consumer<String> tap) {
        try {
            Pipe toServer = Pipe.open();
            Pipe toClient = Pipe.open();
            InputStream serverIn = Channels.newInputStream(toServer.source());
            if (tap != null) {
                Pipe tapped = Pipe.open();
                InputStream fromClient = serverIn;
                OutputStream toTapped = Channels.newOutputStream(tapped.sink());
                serverIn = Channels.newInputStream(tapped.source());
                Thread.ofPlatform().daemon().name("tap").start(() -> copyLines(fromClient, toTapped, tap));
            }
            InputStream input = serverIn;
            OutputStream serverOut = Channels.newOutputStream(toClient.sink());
            Thread.ofPlatform().daemon().name("in-process-server").start(() -> {
                try {
                    StdioTransport.of(input, serverOut)
                            .withShutdownGrace(Duration.ofMillis(200))
                            .serve(server);
                } catch (Exception e) {
                    // The client went away.
                }
            });
            return McpClient.builder()
                    .streams(Channels.newInputStream(toClient.source()), Channels.newOutputStream(toServer.sink()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copyLines(InputStream in, OutputStream out, java.util.function.Consumer<String> tap) {
        try (var reader = new java.io.BufferedReader(
                        new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
                out) {
            for (String line; (line = reader.readLine()) != null; ) {
                tap.accept(line);
                out.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException e) {
            // One side went away.
        }
    }

    @Override
    public void close() {
        server.close();
        if (demo != null) {
            demo.close();
        }
    }
}
