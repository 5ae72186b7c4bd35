package dev.reservoir.cli;

import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        // As people write these files: "key": value, not Jackson's default "key" : value.
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(
                        Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        out.println(Listing.JSON.writer(printer).writeValueAsString(config(paths)));
        out.println();
        out.println("To look at it from here: " + launcher().getFirst() + " ls stdio:\"" + String.join(" ", launcher())
                + " serve "
                + String.join(" ", paths.stream().map(SetupCommand::quoted).toList()) + "\"");
        out.flush();
        return ExitCodes.OK;
    }

    /** The mcpServers entry: the launcher (or java -jar) with serve and the folders. */
    private ObjectNode config(List<String> paths) {
        ObjectNode root = Listing.JSON.createObjectNode();
        ObjectNode entry = root.putObject("mcpServers").putObject(name(Path.of(paths.getFirst())));
        List<String> command = launcher();
        entry.put("command", command.getFirst());
        ArrayNode args = entry.putArray("args");
        command.subList(1, command.size()).forEach(args::add);
        args.add("serve");
        paths.forEach(args::add);
        return root;
    }

    /** The command that starts Reservoir: ./reservoir when it started this, else java -jar. */
    private static List<String> launcher() {
        String launcher = System.getProperty("reservoir.launcher");
        if (launcher != null) {
            return List.of(launcher);
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        try {
            Path jar = Path.of(SetupCommand.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return List.of(java, "-jar", jar.toString());
        } catch (URISyntaxException | SecurityException e) {
            return List.of(java, "-jar", "reservoir.jar");
        }
    }

    private static String archive() {
        String archive = System.getProperty("reservoir.archive");
        return archive != null && Files.isRegularFile(Path.of(archive))
                ? ", with its class archive for quick starts (" + archive + ")"
                : "";
    }

    /** A server name for the config: the folder's name, in lower case, letters, digits and dashes. */
    static String name(Path folder) {
        Path file = folder.getFileName();
        String name =
                file == null ? "" : file.toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        name = name.replaceAll("^-+|-+$", "");
        return name.isEmpty() ? "reservoir" : name;
    }

    private static String quoted(String path) {
        return path.matches("[A-Za-z0-9_./-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
    }
}
