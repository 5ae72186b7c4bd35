package dev.reservoir.cli;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.transport.http.HttpTransport;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;

/** The {@code reservoir} command line. */
public final class Main {

    /** Counted down once SLF4J has started, when {@link #main} started it on the warm-up thread. */
    private static final CountDownLatch LOGGING = new CountDownLatch(1);

    private static volatile boolean warmingUp;

    /**
     * picocli's own factory, made only when the command line has something for it to make. Made
     * at once (picocli's default), its class's start looks for Groovy's {@code Closure}: a class the
     * archive cannot hold, so the class loader opened the jar for it on the main thread, reading the
     * index of its 13,900 entries before the command line was read (15-30 ms; async-profiler, the
     * index reads' callers). The warm-up thread opens the jar anyway (SLF4J's service lookup), beside
     * the main thread.
     */
    static final CommandLine.IFactory LAZY_FACTORY = new CommandLine.IFactory() {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            return CommandLine.defaultFactory().create(cls);
        }
    };

    private Main() {}

    public static void main(String[] args) {
        boolean serve = args.length > 0 && args[0].equals("serve");
        if (serve) {
            serverLocales();
        }
        logging(args);
        boolean http = http(args);
        warmingUp = true;
        Thread.ofPlatform().daemon().name("reservoir-warm-up").start(() -> warmUp(serve, http));
        int code;
        if (serve) {
            // The server needs only its own command: building the whole tree would load every
            // client command (and what they use) before the first answer.
            code = serveCommandLine().execute(Arrays.copyOfRange(args, 1, args.length));
        } else {
            code = commandLine(Terminal.detect()).execute(args);
        }
        System.exit(code);
    }

    /**
     * Whether the command line asks for HTTP. A loop, not a stream's {@code anyMatch}: its lambda
     * would be made at run time whenever the training, which serves over HTTP, did not meet it
     * (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
     */
    private static boolean http(String[] args) {
        for (String arg : args) {
            if (arg.equals("--http") || arg.startsWith("--http=")) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a server's first answer needs that does not depend on the command line, done on a second
     * core while picocli reads it (on a fresh JVM picocli is the costliest step before that answer):
     * the logger (SLF4J's start, the date format of log lines), then the JSON machinery, and a
     * first message decoded. Decoding loads Jackson's parser, whose constants start
     * {@code BigDecimal}, and JDK 25's {@code BigDecimal} computes 5^(2^16) when it starts (about
     * 20 ms before the JIT): done here, it is off the path from the first request to its answer.
     * The logger goes first: the server's first logger is made soon after this starts, and one
     * made while SLF4J is still starting would stand in for the real one for good. Over HTTP
     * (option {@code --http}), what Jetty's start needs comes next ({@link HttpTransport#prepare}:
     * the JDK's and Jetty's statics, among them the list of the JDK's locales, which Jetty's
     * {@code MimeTypes} reads when it starts, about 45 ms on the main thread with CLDR's locales:
     * see {@link #serverLocales}), before the JSON machinery: the main thread needs it some 40 ms
     * after the logger, the JSON machinery only once a request has come through the port. After
     * it, over HTTP, the JDK's security providers, for session ids; last, for a server, the JDK's
     * base64 encoder, for a first blob (see {@link #warmUpBase64}).
     */
    static void warmUp(boolean serve, boolean http) {
        try {
            // The jar's index first: the class loader reads it once, for the first class or
            // resource the archive does not hold. SLF4J's service lookup needs it here; left to the
            // main thread, the provider kinds' lookup read it there before the command line was
            // read (13,900 entries, interpreted: 15-30 ms).
            ClassLoader.getSystemClassLoader().getResource("META-INF/MANIFEST.MF");
            org.slf4j.LoggerFactory.getILoggerFactory();
        } finally {
            LOGGING.countDown();
        }
        if (http) {
            HttpTransport.prepare();
        }
        JsonRpcCodec.standard()
                .decode("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\",\"params\":{}}"
                        .getBytes(StandardCharsets.UTF_8));
        if (http) {
            new java.security.SecureRandom().nextInt();
        }
        if (serve) {
            warmUpBase64();
        }
    }

    /**
     * Encodes a small block a couple of hundred times, so that C2 compiles the JDK's base64 encoder
     * (with its vector code, which only C2 puts in) before a blob is read: the launcher's
     * {@code CompileThresholdScaling} for {@code Base64$Encoder::encode0} makes that some 50 calls.
     * Left to a fresh server's first blob, the encoder ran as Java code, interpreted and then C1's,
     * for the first 100 ms of it, while C2 compiled the rest of the read's path: a 100 MiB blob
     * from a fresh server over HTTP took 0.88x the time with this done first (2026-07-28; 0.90x
     * after a 2025-11-25 initialize; curl, 10 starts each), and the first answer over HTTP was
     * unchanged (20 starts each). Over stdio, a fresh server's 100 MiB blob came 1.09x and 1.14x
     * as fast (two runs of 12 interleaved rounds), and the first answer took 0.4-2.0% longer
     * (medians of 30-40 alternating starts, three runs). A block of 48 bytes instead of 768 left
     * the encoder interpreted and C1's for 11-15 ms of the blob's thread, as before (async-profiler,
     * three fresh servers; reservoir-bench/PROFILE.md, thirty-second pass).
     *
     * <p>One call in four encodes a block with one or two bytes left over, as a blob's last piece
     * mostly has: with whole groups only, C2 compiled the padding as a trap, and the end of a fresh
     * server's first blob threw its code away (the next blob's pieces then ran the encoder
     * interpreted until C2 compiled it again: PROFILE.md, fiftieth pass).
     */
    static void warmUpBase64() {
        byte[] block = new byte[3 * 256];
        byte[] oneLeft = new byte[3 * 255 + 1];
        byte[] twoLeft = new byte[3 * 255 + 2];
        byte[] encoded = new byte[4 * 256];
        Base64.Encoder encoder = Base64.getEncoder();
        for (int i = 0; i < 200; i++) {
            encoder.encode(i % 4 == 1 ? oneLeft : i % 4 == 3 ? twoLeft : block, encoded);
        }
    }

    /**
     * A server formats nothing for a reader's locale (what it sends is JSON, its logs carry a fixed
     * time pattern), so it uses the JDK's root locale data ({@code java.locale.providers=FALLBACK})
     * rather than CLDR's, unless the user chose providers. Listing CLDR's 1,158 locales (which
     * Jetty's {@code MimeTypes} does when it starts) and finding a calendar's provider (SLF4J's
     * date format does) are the costliest steps of a server's start on a fresh JVM: first answer
     * over stdio 0.80x the time and 0.78x the CPU, over HTTP 0.71x and 0.68x (12 interleaved starts
     * each, reservoir-bench/PROFILE.md). Set before anything reads the locale providers.
     */
    static void serverLocales() {
        System.getProperties().putIfAbsent("java.locale.providers", "FALLBACK");
    }

    /**
     * Waits until SLF4J has started, when the warm-up thread is starting it: a message logged
     * while it starts is held and replayed, and SLF4J then prints a warning about it on stderr
     * (at every start serving a folder over HTTP with the class archive, once the command line
     * was read sooner; LauncherIT checks it). Called before a
     * command does anything that may log; returns at once when nothing is starting SLF4J.
     */
    static void awaitLogging() {
        if (!warmingUp) {
            return;
        }
        try {
            LOGGING.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Logs go to stderr (in stdio mode stdout carries protocol messages only), with the time and
     * the logger. Jetty's INFO lines (version, connectors) appear only with {@code serve --verbose}
     * or {@code -Dreservoir.log=LEVEL}.
     */
    static void logging(String[] args) {
        String command = args.length > 0 && !args[0].startsWith("-") ? args[0] : null;
        boolean verbose = List.of(args).contains("--verbose");
        String asked = System.getProperty("reservoir.log");
        // A client command reports what went wrong itself (a stdio server's stray output included),
        // in its own words: only errors are logged unless asked for.
        String level = asked != null ? asked : "serve".equals(command) ? "info" : "error";
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", level);
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", replicaPrefix(args) + "HH:mm:ss.SSS");
        // Lettuce (the Redis bus) logs every reconnect attempt; the bus says once that Redis is away.
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.io.lettuce", "error");
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.io.netty", "error");
        // Netty (under Lettuce) would use sun.misc.Unsafe, which JDK 24+ warns about on stderr.
        System.getProperties().putIfAbsent("io.netty.noUnsafe", "true");
        if (asked == null && !verbose) {
            System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        }
    }

    /**
     * With many replicas ({@code --bus} or {@code --replica-id} given, or {@code bus:} or
     * {@code replicaId:} in the {@code --config} file; the option wins), every log line starts with
     * the replica's name (as a quoted literal of the date format: the simple logger has no other
     * place for it), so that logs gathered from all replicas say which one spoke.
     */
    static String replicaPrefix(String[] args) {
        String id = null;
        boolean bus = false;
        String config = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--replica-id") && i + 1 < args.length) {
                id = args[i + 1];
            } else if (args[i].startsWith("--replica-id=")) {
                id = args[i].substring("--replica-id=".length());
            } else if (args[i].equals("--bus") || args[i].startsWith("--bus=")) {
                bus = true;
            } else if (args[i].equals("--config") && i + 1 < args.length) {
                config = args[i + 1];
            } else if (args[i].startsWith("--config=")) {
                config = args[i].substring("--config=".length());
            }
        }
        if (config != null && args.length > 0 && args[0].equals("serve")) {
            com.fasterxml.jackson.databind.JsonNode file = ServeConfig.replicaKeys(java.nio.file.Path.of(config));
            if (id == null && file.path("replicaId").isTextual()) {
                id = file.path("replicaId").asText();
            }
            bus |= file.path("bus").isTextual();
        }
        if (id == null && !bus) {
            return "";
        }
        String name = id != null ? id : dev.reservoir.server.McpServerBuilder.defaultReplicaId();
        return "'" + name.replace("'", "''") + " '";
    }

    /** {@code reservoir serve} alone. */
    static CommandLine serveCommandLine() {
        CommandLine serve = new CommandLine(new ServeCommand().commandSpec(), LAZY_FACTORY);
        serve.setCommandName("reservoir serve");
        return Usage.configure(serve);
    }

    /** The command tree, for tests that run commands in-process (as if on no terminal). */
    public static CommandLine commandLine() {
        return commandLine(Terminal.NONE);
    }

    /** The command tree, on this terminal. */
    static CommandLine commandLine(Terminal terminal) {
        CommandLine tree = new CommandLine(new ReservoirCommand(terminal));
        // In the order of --help. serve is declared through picocli's model (Bindings says why), so
        // an annotation's list of subcommands could not name it.
        for (Object command : List.of(
                new SetupCommand(),
                new ConfigCommand(),
                new ServeCommand().commandSpec(),
                new LsCommand(),
                new ReadCommand(),
                new InfoCommand(),
                new WatchCommand(),
                new FindCommand(),
                new ConsoleCommand())) {
            tree.addSubcommand(command);
        }
        Usage.configure(tree);
        // config passes serve's options on: they are its arguments, not options of its own.
        tree.getSubcommands().get("config").setUnmatchedOptionsArePositionalParams(true);
        return tree;
    }
}
