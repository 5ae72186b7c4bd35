package dev.reservoir.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code reservoir config CLIENT [SERVE-ARGS...]}: prints one MCP client's configuration for
 * {@code reservoir serve SERVE-ARGS} in that client's own file format, with absolute paths, or with
 * {@code --install} merges it into the client's file after a backup.
 */
@Command(
        name = "config",
        mixinStandardHelpOptions = true,
        description = {
            "Print (or with --install, add to the client's own file) an MCP client's configuration that runs"
                    + " 'reservoir serve SERVE-ARGS'.",
            "CLIENT is claude (Claude Desktop), vscode (VS Code, the workspace's .vscode/mcp.json), cursor"
                    + " (~/.cursor/mcp.json) or inspector (the MCP Inspector). Folders and files in SERVE-ARGS are"
                    + " made absolute, and the command is this launcher (or java -jar with this jar), so the"
                    + " configuration works from wherever the client starts it. --install backs the file up first"
                    + " and keeps every other server in it."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.E0,
            "1:the client's file could not be read or written",
            "2:an unknown client, bad serve arguments, or a folder that does not exist"
        })
final class ConfigCommand implements Callable<Integer> {

    /** serve's options whose value is a file or folder, made absolute as folders are. */
    private static final Set<String> PATH_OPTIONS =
            Set.of("--config", "--token-file", "--tls-keystore", "--tls-password-file", "--skills");

    private static final int UNWRITABLE = 1;

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CLIENT", description = "claude, vscode, cursor or inspector.")
    String client;

    @Parameters(
            index = "1..*",
            paramLabel = "SERVE-ARGS",
            description = "What 'reservoir serve' takes: folders and options (default: the current folder).")
    List<String> serveArgs = new ArrayList<>();

    @Option(names = "--install", description = "Add the server to the client's configuration file (after a backup).")
    boolean install;

    @Option(
            names = "--file",
            paramLabel = "FILE",
            description = "The configuration file to --install into (default: the client's own).")
    Path file;

    @Option(
            names = "--server",
            paramLabel = "NAME",
            description = "The server's name in the configuration (default: the first folder's name).")
    String serverName;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ClientConfig target = ClientConfig.named(client);
        if (target == null) {
            err.println("reservoir config: unknown client '" + client + "'; use claude, vscode, cursor or inspector");
            err.flush();
            return ExitCodes.USAGE;
        }
        List<String> args;
        try {
            args = absolute(serveArgs);
        } catch (IllegalArgumentException e) {
            err.println("reservoir config: " + e.getMessage());
            err.flush();
            return ExitCodes.USAGE;
        }
        List<String> command = new ArrayList<>(ClientConfig.launcher());
        command.add("serve");
        command.addAll(args);
        String name = serverName != null ? serverName : defaultName(args);
        Path location = file != null
                ? file.toAbsolutePath()
                : target.location(
                        System.getenv(),
                        System.getProperty("os.name"),
                        Path.of("").toAbsolutePath());
        int code = install
                ? install(target, location, name, command, out, err)
                : print(target, location, name, command, out);
        out.flush();
        err.flush();
        return code;
    }

    private static int print(ClientConfig target, Path location, String name, List<String> command, PrintWriter out)
            throws IOException {
        if (target == ClientConfig.INSPECTOR) {
            out.println("Run the MCP Inspector on it:");
            out.println();
            out.println("  npx @modelcontextprotocol/inspector "
                    + String.join(
                            " ", command.stream().map(ClientConfig::quoted).toList()));
            out.println();
            out.println("or save this as inspector.json and run"
                    + " 'npx @modelcontextprotocol/inspector --config inspector.json --server " + name + "':");
        } else {
            out.println("Add this to " + location
                    + (Files.exists(location) ? "" : " (it does not exist yet)")
                    + ", or run this command again with --install to have it added (after a backup):");
        }
        out.println();
        out.println(ClientConfig.pretty(target.file(name, command)));
        return ExitCodes.OK;
    }

    private static int install(
            ClientConfig target, Path location, String name, List<String> command, PrintWriter out, PrintWriter err) {
        if (location == null) {
            err.println("reservoir config: the MCP Inspector has no configuration file of its own;"
                    + " name one with --file (then run it with --config FILE --server " + name + ")");
            return ExitCodes.USAGE;
        }
        try {
            boolean exists = Files.exists(location);
            String existing = exists ? Files.readString(location, StandardCharsets.UTF_8) : "";
            ObjectNode merged;
            try {
                merged = target.merged(existing, name, command);
            } catch (IllegalArgumentException e) {
                err.println("reservoir config: " + location + " was left as it is: " + e.getMessage());
                return UNWRITABLE;
            }
            boolean replaced = exists && target.holds(existing, name);
            if (exists) {
                Path backup = location.resolveSibling(
                        location.getFileName() + ".bak-" + LocalDateTime.now().format(STAMP));
                Files.copy(location, backup, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                out.println("Backed up " + location + " to " + backup);
            } else {
                Files.createDirectories(location.toAbsolutePath().getParent());
            }
            Path temporary = Files.createTempFile(location.toAbsolutePath().getParent(), ".reservoir-", ".json");
            Files.writeString(temporary, ClientConfig.pretty(merged) + "\n", StandardCharsets.UTF_8);
            Files.move(temporary, location, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            out.println((replaced ? "Replaced" : "Added") + " the server '" + name + "' in " + location + "; restart "
                    + clientName(target) + " (or reload its MCP servers) to use it.");
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("reservoir config: " + location + ": " + e.getMessage());
            return UNWRITABLE;
        }
    }

    private static String clientName(ClientConfig target) {
        return switch (target) {
            case CLAUDE -> "Claude Desktop";
            case VSCODE -> "VS Code";
            case CURSOR -> "Cursor";
            case INSPECTOR -> "the Inspector";
        };
    }

    /**
     * serve's arguments with folders and file options made absolute; checked by serve's own parser,
     * so a configuration that cannot start is refused here rather than in the client.
     */
    static List<String> absolute(List<String> args) {
        CommandSpec serve = Main.serveCommandLine().getCommandSpec();
        List<String> result = new ArrayList<>();
        boolean folders = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-")) {
                int eq = arg.indexOf('=');
                String optionName = eq < 0 ? arg : arg.substring(0, eq);
                OptionSpec option = serve.findOption(optionName);
                boolean takesValue = option != null
                        && option.arity().max() > 0
                        && !option.type().equals(boolean.class);
                if (eq >= 0) {
                    String value = arg.substring(eq + 1);
                    result.add(optionName + "=" + (PATH_OPTIONS.contains(optionName) ? existing(value) : value));
                } else if (takesValue && i + 1 < args.size()) {
                    String value = args.get(++i);
                    result.add(arg);
                    result.add(PATH_OPTIONS.contains(optionName) ? existing(value) : value);
                } else {
                    result.add(arg);
                }
                folders |= optionName.equals("--demo") || optionName.equals("--config");
            } else {
                result.add(existing(arg));
                folders = true;
            }
        }
        if (!folders) {
            result.add(existing("."));
        }
        try {
            Main.serveCommandLine().parseArgs(result.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("serve would refuse these arguments: " + e.getMessage());
        }
        return result;
    }

    private static String existing(String path) {
        Path absolute = ServeConfig.home(path).toAbsolutePath().normalize();
        if (!Files.exists(absolute)) {
            throw new IllegalArgumentException(path + ": no such file or folder");
        }
        return absolute.toString();
    }

    private static String defaultName(List<String> args) {
        if (args.contains("--demo")) {
            return "reservoir-demo";
        }
        for (String arg : args) {
            if (!arg.startsWith("-") && Files.isDirectory(Path.of(arg))) {
                return ClientConfig.serverName(Path.of(arg));
            }
        }
        return "reservoir";
    }
}
