package dev.reservoir.console;

import dev.reservoir.console.internal.ConsoleServer;
import java.net.URI;
import java.time.Duration;

/**
 * A local web console for one MCP server's resources: a tree and a list, search and filters,
 * previews, template forms with completion, live updates and a context basket, in a browser. The
 * console is a small HTTP server on 127.0.0.1 that serves its page from the jar and answers the
 * page through one {@link dev.reservoir.client.McpClient} connected to the server named at start
 * (the page cannot point it elsewhere). Its API needs the random token of {@link #url()}.
 *
 * <pre>{@code
 * String server = "stdio:./reservoir serve --demo";
 * try (Console console = Console.builder()
 *         .target(server, () -> McpClient.builder().server(server).connect())
 *         .start()) {
 *     System.out.println("Open " + console.url());
 *     console.join(Duration.ofHours(8));
 * }
 * }</pre>
 *
 * <p>Thread-safe. Closing stops the HTTP server and closes the client.
 */
public final class Console implements AutoCloseable {

    private final ConsoleServer server;

    Console(ConsoleServer server) {
        this.server = server;
    }

    public static ConsoleBuilder builder() {
        return new ConsoleBuilder();
    }

    /** The address to open: the console's root with its token ({@code http://127.0.0.1:PORT/?token=...}). */
    public URI url() {
        return server.url();
    }

    /** The console's root without the token. */
    public URI base() {
        return server.base();
    }

    /** The port the console listens on (on 127.0.0.1). */
    public int port() {
        return server.port();
    }

    /** Waits until the console is closed, or the timeout passes; true when closed. */
    public boolean join(Duration timeout) throws InterruptedException {
        return server.join(timeout);
    }

    @Override
    public void close() {
        server.close();
    }
}
