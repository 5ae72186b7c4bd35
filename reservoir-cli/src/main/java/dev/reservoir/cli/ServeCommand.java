package dev.reservoir.cli;

import static dev.reservoir.cli.Bindings.option;
import static dev.reservoir.cli.Bindings.positionals;

import dev.reservoir.demo.BenchData;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.provider.fs.SkillsFolder;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.stdio.StdioTransport;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code reservoir serve}: folders, repositories, databases (or the demo set) as MCP resources, over
 * stdio or HTTP. Its options are declared through picocli's model ({@link #commandSpec()}), not
 * annotations: see {@link Bindings} for why.
 */
final class ServeCommand implements Callable<Integer> {

    private static final String[] DESCRIPTION = {
        "Serve folders as MCP resources, over stdio or HTTP.",
        "Every file and folder becomes a file:// resource (default: the current folder), live: clients hear"
                + " when files change. Hidden files, what .gitignore ignores and .git are not shown. Over stdio"
                + " by default (one client, the process that started this one), or over HTTP with --http"
                + " (Streamable HTTP at /mcp for every protocol revision, and the 2024-11-05 HTTP+SSE transport"
                + " at /sse). HTTP binds 127.0.0.1 unless told otherwise and then answers only to the Host"
                + " names it is known by and to pages of its own origin; --allow-host and --allow-origin add"
                + " others. An address other machines can reach needs a token. Git repositories and databases"
                + " are served from their SPECs too (the kinds found are listed below)."
    };

    private static final String[][] EXIT_CODES = {
        {
            "0",
            "the client closed stdin or stdout (stdio), or the server was stopped (SIGTERM, Ctrl-C) after the answers in progress"
        },
        {"1", "the server failed"},
        {"2", "bad options, a spec no kind accepts, a missing folder or an unreadable config file"},
        {"3", "could not listen on the HTTP address (in use, not an address of this machine, or not allowed)"},
        {"130, 143", "a second Ctrl-C or SIGTERM stopped it without waiting for answers in progress"}
    };

    CommandSpec spec;
    List<String> specs = new ArrayList<>();
    Path configFile;
    Boolean stdio;
    boolean demo;
    Duration changeEvery;
    /** The benchmark dataset (bench://text/0 ...), for reservoir-bench; not for people. */
    Integer benchTexts;

    String name;
    boolean console;
    int consolePort;
    /** Read by {@link Main#logging} before picocli runs (loggers are set up first); here for --help and parsing. */
    boolean verbose;

    Long maxMessageSize;
    Integer pageSize;
    Boolean tools;
    Path skillsDir;

    final HttpOptions httpOptions = new HttpOptions();
    final FolderOptions folderOptions = new FolderOptions();
    final ReplicaOptions replicaOptions = new ReplicaOptions();

    /** The command's model, bound to this object's fields; made once per object. */
    CommandSpec commandSpec() {
        if (spec != null) {
            return spec;
        }
        Map<String, String> exitCodes = new LinkedHashMap<>();
        for (String[] code : EXIT_CODES) {
            exitCodes.put(code[0], code[1]);
        }
        spec = CommandSpec.wrapWithoutInspection(this, Main.LAZY_FACTORY)
                .name("serve")
                .versionProvider(new VersionProvider());
        spec.usageMessage()
                .description(DESCRIPTION)
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(exitCodes);
        spec.addOption(OptionSpec.builder("-h", "--help")
                .type(boolean.class)
                .usageHelp(true)
                .description("Show this help message and exit.")
                .build());
        spec.addOption(OptionSpec.builder("-V", "--version")
                .type(boolean.class)
                .versionHelp(true)
                .description("Print version information and exit.")
                .build());
        spec.addPositional(positionals(() -> specs, v -> specs = v)
                .paramLabel("SPEC")
                .arity("0..*")
                .description("What to serve: folders, git:PATH[#NAME] repositories, databases (./app.db, jdbc:..., "
                        + "postgresql://...); the kinds found are listed below (default: the current folder).")
                .build());
        spec.addOption(option("--config", Path.class, () -> configFile, v -> configFile = v)
                .paramLabel("FILE")
                .description("Read settings from this YAML file; options given here win.")
                .build());
        spec.addOption(option("--stdio", Boolean.class, () -> stdio, v -> stdio = v)
                .description("With --http, serve stdio as well (until stdin closes).")
                .build());
        spec.addOption(option("--demo", boolean.class, () -> demo, v -> demo = v)
                .description("Serve the fixed demo set instead of folders (conformance resources, a collection, 1,000"
                        + " items, a 4 MiB blob).")
                .build());
        spec.addOption(option("--demo-change-every", Duration.class, () -> changeEvery, v -> changeEvery = v)
                .paramLabel("DURATION")
                .description("How often the demo's test://watched-resource changes (default: ${DEFAULT-VALUE}).")
                .defaultValue("3s")
                .converters(new DurationConverter())
                .build());
        spec.addOption(option("--bench-data", Integer.class, () -> benchTexts, v -> benchTexts = v)
                .hidden(true)
                .paramLabel("TEXTS")
                .build());
        spec.addOption(option("--name", String.class, () -> name, v -> name = v)
                .paramLabel("<name>")
                .description("Server name reported to clients (default: reservoir).")
                .build());
        spec.addOption(option("--console", boolean.class, () -> console, v -> console = v)
                .description("Also open a web console for what is served (on 127.0.0.1).")
                .build());
        spec.addOption(option("--console-port", int.class, () -> consolePort, v -> consolePort = v)
                .paramLabel("PORT")
                .description("The console's port (default: any free port).")
                .build());
        spec.addOption(option("--verbose", boolean.class, () -> verbose, v -> verbose = v)
                .description(
                        "Also log what is routine (Jetty's start and stop lines); -Dreservoir.log=debug logs more.")
                .build());
        spec.addOption(option("--max-message-size", Long.class, () -> maxMessageSize, v -> maxMessageSize = v)
                .paramLabel("SIZE")
                .description("Over stdio, the largest message sent (default 8MiB: MCP clients drop larger ones);"
                        + " a read whose answer would be larger gets an error saying so. HTTP streams larger answers.")
                .converters(new ByteSizeConverter())
                .build());
        spec.addOption(option("--page-size", Integer.class, () -> pageSize, v -> pageSize = v)
                .paramLabel("N")
                .description("Resources per resources/list page (1 to 10000). Default: as many as fit in an"
                        + " eighth of --max-message-size, at most 1MiB of them.")
                .build());
        spec.addOption(option("--tools", Boolean.class, () -> tools, v -> tools = v)
                .description("Also serve the resources as tools (list_resources, read_resource, search_resources),"
                        + " for MCP hosts that use tools only (config key: tools).")
                .build());
        spec.addOption(option("--skills", Path.class, () -> skillsDir, v -> skillsDir = v)
                .paramLabel("DIR")
                .description("Also serve the agent skills in DIR (subfolders with a SKILL.md) as the Skills extension"
                        + " (SEP-2640) defines: skill:// resources, skills/list, resources/directory/read (config key:"
                        + " skills).")
                .build());
        httpOptions.addTo(spec);
        folderOptions.addTo(spec);
        replicaOptions.addTo(spec);
        return spec;
    }

    @Override
    public Integer call() throws Exception {
        Main.awaitLogging(); // what follows logs (the server's start, Jetty's)
        PrintWriter err = spec.commandLine().getErr();
        ServeConfig config;
        ServeConfig.Loaded loaded;
        HttpTransport http;
        ProviderKinds kinds = ProviderKinds.found();
        try {
            loaded = configFile == null ? ServeConfig.Loaded.NONE : ServeConfig.read(configFile, kinds.sections());
            config = loaded.config();
            http = httpOptions.build(config.http(), configFile);
            if (demo && (!specs.isEmpty() || benchTexts != null)) {
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
        if (maxMessageSize != null || pageSize != null) {
            try {
                if (pageSize != null) {
                    builder.pageSize(pageSize);
                }
                if (maxMessageSize != null) {
                    builder.maxMessageBytes(maxMessageSize);
                }
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
        } else if (specs.isEmpty()
                && (config.paths() == null || config.paths().isEmpty())
                && (skillsDir != null || config.skills() != null)) {
            what = "no folder";
        } else {
            try {
                what = providers(kinds, config, loaded, builder);
            } catch (IllegalArgumentException | picocli.CommandLine.TypeConversionException e) {
                return fail(err, e.getMessage(), 2);
            }
        }
        builder.toolsBridge(tools != null ? tools : Boolean.TRUE.equals(config.tools()));
        Path skills = skillsDir != null
                ? ServeConfig.home(skillsDir.toString())
                : config.skills() != null ? ServeConfig.resolve(configFile, config.skills()) : null;
        if (skills != null) {
            try {
                SkillsFolder folder = SkillsFolder.create(skills);
                builder.provider(folder).skills(folder, true);
            } catch (IllegalArgumentException e) {
                return fail(err, e.getMessage(), 2);
            }
            String skillsWhat = "the skills in " + skills.toAbsolutePath().normalize();
            what = what.equals("no folder") ? skillsWhat : what + " and " + skillsWhat;
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

    /** Adds the providers of the specs and the file's sections to the server; says what they serve. */
    private String providers(
            ProviderKinds kinds, ServeConfig config, ServeConfig.Loaded loaded, McpServerBuilder builder) {
        long maxReadBytes = folderOptions.maxReadBytes(config);
        FactoryContext context = new FactoryContext(
                null,
                configFile == null
                        ? Path.of("").toAbsolutePath()
                        : configFile.toAbsolutePath().getParent(),
                System.getenv(),
                Duration.ofSeconds(30),
                maxReadBytes);
        List<ResourceProvider> providers =
                kinds.create(specs(config, loaded), loaded, folderOptions.settings(config), context);
        providers.forEach(builder::provider);
        builder.readOptions(new ReadOptions(50, 1 << 20, maxReadBytes));
        return String.join(", ", providers.stream().map(ServeCommand::describe).toList());
    }

    /** The specs to serve: the command line's, else the file's paths (relative to it), else "." unless the file names sources. */
    private List<String> specs(ServeConfig config, ServeConfig.Loaded loaded) {
        if (!specs.isEmpty()) {
            return specs.stream().map(s -> ServeConfig.spec(s, null)).toList(); // ~ as a shell would
        }
        if (config.paths() != null && !config.paths().isEmpty()) {
            Path folder = configFile.toAbsolutePath().getParent();
            return config.paths().stream().map(s -> ServeConfig.spec(s, folder)).toList();
        }
        return loaded.sections().isEmpty() ? List.of(".") : List.of();
    }

    /** What a provider serves, for the start-up line: its declared prefixes. */
    private static String describe(ResourceProvider provider) {
        // Not a pattern switch: a server's way to its first answer makes no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        return provider.space() instanceof UriSpace.Prefixes p
                ? String.join(
                        ", ", p.prefixes().stream().map(ServeCommand::prefix).toList())
                : provider.toString();
    }

    private static String prefix(UriPrefix prefix) {
        String text = prefix.toString();
        return prefix.scheme().equals("file") && text.endsWith("/") && text.length() > "file:///".length()
                ? text.substring(0, text.length() - 1)
                : text;
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
        Runtime.getRuntime().addShutdownHook(new Thread(new Stop(running), "reservoir-stop"));
        running.join();
        return 0;
    }

    /**
     * Stops an HTTP server at shutdown. A class of its own, not a method reference: the training
     * that makes the launcher's class archive serves HTTP and stdio together and never takes this
     * way, so a lambda here was made at run time, on the main thread just as the port opened
     * (LauncherIT.anHttpSessionsFirstAnswersMakeNoClassAtRunTimeButReflections;
     * reservoir-bench/PROFILE.md, forty-ninth pass).
     */
    private static final class Stop implements Runnable {

        private final HttpTransport.Running running;

        Stop(HttpTransport.Running running) {
            this.running = running;
        }

        @Override
        public void run() {
            running.close();
        }
    }

    private static int fail(PrintWriter err, String message, int code) {
        err.println("reservoir serve: " + message);
        err.flush();
        return code;
    }
}
