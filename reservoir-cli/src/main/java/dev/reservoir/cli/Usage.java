package dev.reservoir.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the command line talks about itself: help wrapped once to the terminal's width, and a
 * mistyped option or argument answered with one line and a hint (exit 2), not the whole usage.
 */
final class Usage {

    private Usage() {}

    static CommandLine configure(CommandLine cli) {
        cli.setUsageHelpAutoWidth(true);
        cli.setParameterExceptionHandler(Usage::mistake);
        CommandLine serve =
                cli.getSubcommands().getOrDefault("serve", cli.getCommandName().equals("reservoir serve") ? cli : null);
        if (serve != null) {
            serve.getCommandSpec()
                    .usageMessage()
                    .footerHeading("%nKinds of SPEC (from the provider jars on the class path):%n")
                    .footer(ProviderKinds.found().describe());
        }
        return cli;
    }

    private static int mistake(ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        String name = cli.getCommandSpec().qualifiedName();
        err.println(name + ": " + e.getMessage());
        if (e instanceof UnmatchedArgumentException unmatched) {
            UnmatchedArgumentException.printSuggestions(unmatched, err);
        }
        err.println("Try '" + name + " --help' for more.");
        err.flush();
        return ExitCodes.USAGE;
    }
}
