package dev.reservoir.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code reservoir setup [PATH...]}: run once after cloning. {@code ./reservoir} builds the jar and
 * its class archive before this runs (so a client's first start is quick), and this prints what to
 * paste into an MCP client's configuration, with real paths.
 */
@Command(
        name = "setup",
        mixinStandardHelpOptions = true,
        description = {
            "Build once, then print the MCP client configuration that serves PATH.",
            "Run it as ./reservoir setup after cloning: the launcher builds the jar and the class archive first"
                    + " (a minute or two, once), so that a client starting the server later gets its first answer"
                    + " in about a second. Then the configuration for Claude Desktop, VS Code, the MCP Inspector and"
                    + " other clients is printed, with the absolute paths of this clone and of PATH."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.E0, "2:a folder does not exist"})
final class SetupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Folders to serve (default: the current folder).")
    List<String> folders = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> paths = new ArrayList<>();
        for (String folder : folders.isEmpty() ? List.of(".") : folders) {
            Path path = ServeConfig.home(folder).toAbsolutePath().normalize();
            if (!Files.isDirectory(path)) {
                err.println("reservoir setup: " + folder + ": no such folder");
                err.flush();
                return ExitCodes.USAGE;
            }
            paths.add(path.toString());
        }
        out.println("Reservoir " + VersionProvider.version() + " is built" + archive() + ".");
        out.println();
        out.println("To serve " + String.join(" and ", paths) + " to an MCP client (Claude Desktop, VS Code, the MCP"
                + " Inspector...), add this to the client's configuration:");
        out.println();
        out.println(ClientConfig.pretty(config(paths)));
        out.println();
        out.println("For another client in its own format and file (VS Code, Cursor, the Inspector), or to have it"
                + " added to the client's file: " + ClientConfig.launcher().getFirst()
                + " config claude|vscode|cursor|inspector"
                + " [--install] FOLDER...");
        out.println("To look at it from here: " + ClientConfig.launcher().getFirst() + " ls stdio:\""
                + String.join(" ", ClientConfig.launcher())
                + " serve "
                + String.join(" ", paths.stream().map(ClientConfig::quoted).toList()) + "\"");
        out.flush();
        return ExitCodes.OK;
    }

    /** The mcpServers entry: the launcher (or java -jar) with serve and the folders. */
    private static ObjectNode config(List<String> paths) {
        List<String> command = new ArrayList<>(ClientConfig.launcher());
        command.add("serve");
        command.addAll(paths);
        return ClientConfig.CLAUDE.file(ClientConfig.serverName(Path.of(paths.getFirst())), command);
    }

    private static String archive() {
        String archive = System.getProperty("reservoir.archive");
        return archive != null && Files.isRegularFile(Path.of(archive))
                ? ", with its class archive for quick starts (" + archive + ")"
                : "";
    }
}
