package dev.reservoir.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level command: only subcommands (added by {@link Main#commandLine}); without one, its usage and exit 2. */
@Command(
        name = "reservoir",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "MCP resources: serve folders and data to MCP clients, and explore any MCP server's resources.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ./reservoir setup ~/notes                         # build once, print a client's config",
            "  ./reservoir config vscode --install ~/notes       # add it to a client's configuration",
            "  ./reservoir serve ~/notes                         # serve a folder over stdio",
            "  ./reservoir ls stdio:\"./reservoir serve ~/notes\"  # list what it serves",
            "  ./reservoir info http://127.0.0.1:8080/mcp        # describe any MCP server",
            "  ./reservoir console stdio:\"./reservoir serve ~/notes\"  # browse it in a web page",
            "%nRun 'reservoir COMMAND --help' for a command's options and exit codes."
        })
final class ReservoirCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    private final Terminal terminal;

    ReservoirCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    /** The terminal of the command tree a subcommand belongs to. */
    static Terminal terminal(CommandSpec spec) {
        CommandSpec root = spec;
        while (root.parent() != null) {
            root = root.parent();
        }
        return root.userObject() instanceof ReservoirCommand top ? top.terminal : Terminal.NONE;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
