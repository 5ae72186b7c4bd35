package dev.reservoir.cli;

import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.transport.stdio.StdioTransport;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code reservoir serve}: runs an MCP server over stdio. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Run an MCP server over stdio (one client, the process that started this one).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the client closed stdin", "2:bad options", "1:the server failed"})
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--demo",
            description = "Serve the fixed demo set (conformance resources, a collection, 1,000 items, a 10 MiB blob).")
    boolean demo;

    @Option(
            names = "--demo-change-every",
            description = "How often the demo's test://watched-resource changes (default: ${DEFAULT-VALUE}).",
            defaultValue = "PT3S",
            converter = DurationConverter.class)
    Duration changeEvery;

    @Option(
            names = "--name",
            description = "Server name reported to clients (default: ${DEFAULT-VALUE}).",
            defaultValue = "reservoir")
    String name;

    @Override
    public Integer call() throws Exception {
        if (!demo) {
            spec.commandLine().getErr().println("reservoir serve: say what to serve; try --demo");
            return 2;
        }
        McpServerBuilder builder =
                McpServer.builder().serverInfo(name + (demo ? "-demo" : ""), VersionProvider.version());
        try (DemoServer demoSet = new DemoServer(changeEvery, Clock.systemUTC())) {
            demoSet.configure(builder);
            try (McpServer server = builder.build()) {
                server.serve(StdioTransport.ofSystemStreams());
            }
        }
        return 0;
    }
}
