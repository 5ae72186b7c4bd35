package dev.reservoir.cli;

import dev.reservoir.demo.BenchData;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.provider.fs.FileSystemProvider;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.stdio.StdioTransport;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code reservoir serve}: folders (or the demo set) as MCP resources, over stdio or HTTP. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Serve folders as MCP resources, over stdio or HTTP.",
            "Every file and folder becomes a file:// resource (default: the current folder), live: clients hear"
                    + " when files change. Hidden files, what .gitignore ignores and .git are not shown. Over stdio"
                    + " by default (one client, the process that started this one), or over HTTP with --http"
                    + " (Streamable HTTP at /mcp for every protocol revision, and the 2024-11-05 HTTP+SSE transport"
                    + " at /sse). HTTP binds 127.0.0.1 unless told otherwise and then answers only to the Host"
                    + " names it is known by and to pages of its own origin; --allow-host and --allow-origin add"
                    + " others. An address other machines can reach needs a token."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the client closed stdin or stdout (stdio), or the server was stopped (SIGTERM, Ctrl-C) after the answers in progress",
            "1:the server failed",
            "2:bad options, a missing folder or an unreadable config file",
            "3:could not listen on the HTTP address (in use, not an address of this machine, or not allowed)",
            "130, 143:a second Ctrl-C or SIGTERM stopped it without waiting for answers in progress"
        })
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Folders to serve (default: the current folder).")
    List<Path> folders = new ArrayList<>();

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "Read settings from this YAML file; options given here win.")
    Path configFile;

    @Option(names = "--stdio", description = "With --http, serve stdio as well (until stdin closes).")
    Boolean stdio;

    @Option(
            names = "--demo",
            description =
                    "Serve the fixed demo set instead of folders (conformance resources, a collection, 1,000 items, a 4 MiB blob).")
    boolean demo;

    @Option(
            names = "--demo-change-every",
            paramLabel = "DURATION",
            description = "How often the demo's test://watched-resource changes (default: ${DEFAULT-VALUE}).",
            defaultValue = "3s",
            converter = DurationConverter.class)
    Duration changeEvery;

    /** The benchmark dataset (bench://text/0 ...), for reservoir-bench; not for people. */
    @Option(names = "--bench-data", hidden = true, paramLabel = "TEXTS")
    Integer benchTexts;

    @Option(names = "--name", description = "Server name reported to clients (default: reservoir).")
    String name;

    @Option(names = "--console", description = "Also open a web console for what is served (on 127.0.0.1).")
    boolean console;

    @Option(names = "--console-port", paramLabel = "PORT", description = "The console's port (default: any free port).")
    int consolePort;

    /** Read by {@link Main#logging} before picocli runs (loggers are set up first); here for --help and parsing. */
    @Option(
            names = "--verbose",
            description = "Also log what is routine (Jetty's start and stop lines); -Dreservoir.log=debug logs more.")
    boolean verbose;

    @Option(
            names = "--max-message-size",
            paramLabel = "SIZE",
            description = "Over stdio, the largest message sent (default 8MiB: MCP clients drop larger ones);"
                    + " a read whose answer would be larger gets an error saying so. HTTP streams larger answers.",
            converter = ByteSizeConverter.class)
    Long maxMessageSize;

    @Mixin
    HttpOptions httpOptions;

    @Mixin
    FolderOptions folderOptions;

    @Mixin
    ReplicaOptions replicaOptions;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        ServeConfig config;
        HttpTransport http;
        try {
            config = configFile == null ? ServeConfig.NONE : ServeConfig.read(configFile);
            http = httpOptions.build(config.http(), configFile);
            if (demo && (!folders.isEmpty() || benchTexts != null)) {
                throw new IllegalArgumentException("--demo serves the demo set; leave out the folders");
            }
        } catch (IllegalArgumentException | IOException | picocli.CommandLine.TypeConversionException e) {
            return fail(err, e.getMessage(), 2);
        }
        String serverName =
                name != null ? name : config.name() != null ? config.name() : demo ? "reservoir-demo" : "reservoir";
        McpServerBuilder builder = McpServer.builder().serverInfo(serverName, VersionProvider.version());
        try {
            replicaOptions.configure(builder, config, configFile);
        } catch (IllegalArgumentException | IOException e) {
            return fail(err, e.getMessage(), 2);
        }
        if (maxMessageSize != null) {
            try {
                builder.maxMessageBytes(maxMessageSize);
            } catch (IllegalArgumentException e) {
                return fail(err, e.getMessage(), 2);
            }
        }
        DemoServer demoSet = null;
        String what;
        if (demo) {
            demoSet = new DemoServer(changeEvery, Clock.systemUTC());
            demoSet.configure(builder);
            what = "the demo set";
        } else if (benchTexts != null) {
            new BenchData(benchTexts).configure(builder);
            what = "the benchmark dataset (" + benchTexts + " texts)";
        } else {
            List<Path> roots = roots(config);
            try {
                FileSystemProvider provider = folderOptions.provider(roots, config);
                builder.provider(provider)
                        .readOptions(new ReadOptions(50, 1 << 20, folderOptions.maxReadBytes(config)));
                what = String.join(
                        ", ", provider.rootUris().stream().map(Object::toString).toList());
            } catch (IllegalArgumentException | picocli.CommandLine.TypeConversionException e) {
                return fail(err, e.getMessage(), 2);
            }
        }
        try (McpServer server = builder.build();
                AutoCloseable beside = console ? ConsoleCommand.beside(consolePort, server, what, err) : null) {
            return serve(server, http, config, what, err);
        } catch (BindException e) {
            return fail(err, "the console " + e.getMessage(), 3);
        } finally {
            if (demoSet != null) {
                demoSet.close();
            }
        }
    }

    private List<Path> roots(ServeConfig config) {
        if (!folders.isEmpty()) {
            return folders.stream().map(p -> ServeConfig.home(p.toString())).toList();
        }
        if (config.paths() != null && !config.paths().isEmpty()) {
            return config.paths().stream()
                    .map(p -> ServeConfig.resolve(configFile, p))
                    .toList();
        }
        return List.of(Path.of("."));
    }

    private int serve(McpServer server, HttpTransport http, ServeConfig config, String what, PrintWriter err)
            throws Exception {
        StopSignals.install(server, err);
        HttpTransport.Running running = null;
        if (http != null) {
            try {
                running = http.start(server);
            } catch (BindException e) {
                return fail(err, e.getMessage(), 3); // the transport names the address and why
            } catch (IOException e) {
                return fail(err, "could not start the HTTP server: " + e.getMessage(), 1);
            }
            err.print(HttpOptions.banner(running, what));
            if (replicaOptions.busUrl(config) != null) {
                err.println("reservoir serve: replica " + server.status().replicaId() + ", sharing changes through "
                        + server.status()
                                .bus()
                                .detail()
                                .replaceFirst("^(connected to|cannot reach) ", "")
                                .replaceFirst(" since .*", ""));
            }
            err.flush();
        }
        boolean alsoStdio = http == null || (stdio != null ? stdio : Boolean.TRUE.equals(config.stdio()));
        if (alsoStdio) {
            err.println("reservoir serve: " + what + " over stdio");
            err.flush();
            try {
                server.serve(StdioTransport.ofSystemStreams());
            } finally {
                if (running != null) {
                    running.close();
                }
            }
            return 0;
        }
        HttpTransport.Running stoppable = running;
        Runtime.getRuntime().addShutdownHook(new Thread(stoppable::close, "reservoir-stop"));
        running.join();
        return 0;
    }

    private static int fail(PrintWriter err, String message, int code) {
        err.println("reservoir serve: " + message);
        err.flush();
        return code;
    }
}
