package dev.reservoir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.client.McpClient;
import dev.reservoir.console.Console;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.stdio.StdioTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code reservoir console SERVER}: any MCP server's resources in a local web console (and, for
 * {@code reservoir serve --console}, the console beside a served folder).
 */
@Command(
        name = "console",
        mixinStandardHelpOptions = true,
        description = {
            "Open a web console for any MCP server's resources, in a browser.",
            "A tree and a list, search and filters, previews and metadata, template forms",
            "with completion, live updates and a context basket. It listens on 127.0.0.1",
            "only and prints its address, which carries a random token; the page talks to",
            "this one server only and loads nothing from the internet. Ctrl-C to stop."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.E0, ExitCodes.E2, ExitCodes.E3, ExitCodes.E5, ExitCodes.E130})
final class ConsoleCommand implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(ConsoleCommand.class);

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "The console's port on 127.0.0.1 (default: any free port).")
    int port;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        quietJetty();
        Console console;
        try {
            console = Console.builder()
                    .target(options.server, options::connect)
                    .port(port)
                    .start();
        } catch (BindException e) {
            err.println("reservoir console: " + e.getMessage());
            err.flush();
            return ExitCodes.UNREACHABLE;
        } catch (Exception e) {
            return ExitCodes.report("console", e, err);
        }
        Thread hook = new Thread(console::close, "reservoir-console-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        if (options.json) {
            out.println(new ObjectMapper()
                    .createObjectNode()
                    .put("url", console.url().toString()));
        } else {
            out.println(console.url());
        }
        out.flush();
        err.println("reservoir console: " + options.server + " at " + console.url() + " (Ctrl-C to stop)");
        err.flush();
        try {
            while (!console.join(Duration.ofHours(1))) {
                // until Ctrl-C closes it
            }
            return ExitCodes.OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            console.close();
            return ExitCodes.INTERRUPTED;
        }
    }

    /**
     * For {@code reservoir serve --console}: a console for the server being served, connected to it
     * in this process over a pipe (a new one for each reconnection).
     */
    static AutoCloseable beside(int port, McpServer server, String what, PrintWriter err) throws IOException {
        quietJetty();
        Console console = Console.builder()
                .target(what + " (this process)", inProcess(server))
                .port(port)
                .start();
        err.println("reservoir serve: console at " + console.url());
        err.flush();
        return console;
    }

    /** Jetty's start and stop messages are not news for people running the console. */
    private static void quietJetty() {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
    }

    private static Supplier<McpClient> inProcess(McpServer server) {
        return () -> {
            try {
                Pipe toServer = Pipe.open();
                Pipe toClient = Pipe.open();
                InputStream serverIn = Channels.newInputStream(toServer.source());
                OutputStream serverOut = Channels.newOutputStream(toClient.sink());
                Thread.ofVirtual().name("console-in-process").start(() -> {
                    try (serverIn;
                            serverOut) {
                        server.serve(StdioTransport.of(serverIn, serverOut));
                    } catch (Exception e) {
                        log.debug("The console's in-process connection ended: {}", e.toString());
                    }
                });
                return McpClient.builder()
                        .streams(Channels.newInputStream(toClient.source()), Channels.newOutputStream(toServer.sink()))
                        .clientInfo("reservoir-console", VersionProvider.version())
                        .connect();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }
}
