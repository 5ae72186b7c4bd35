package dev.reservoir.cli;

import picocli.CommandLine.Command;

/** The top-level command: only subcommands. */
@Command(
        name = "reservoir",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "MCP resources: serve folders and data to MCP clients, and explore any MCP server's resources.",
        subcommands = {
            ServeCommand.class,
            LsCommand.class,
            ReadCommand.class,
            InfoCommand.class,
            WatchCommand.class,
            FindCommand.class,
            ConsoleCommand.class
        })
final class ReservoirCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }
}
