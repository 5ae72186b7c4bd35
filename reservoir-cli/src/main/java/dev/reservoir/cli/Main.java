package dev.reservoir.cli;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import java.util.Arrays;
import picocli.CommandLine;

/** The {@code reservoir} command line. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        // Logs go to stderr: in stdio mode stdout carries protocol messages only.
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("reservoir.log", "info"));
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        // Load the JSON machinery on a second core while picocli reads the command line: on a
        // fresh JVM these are the two costliest steps before a server's first answer.
        Thread.ofPlatform().daemon().name("reservoir-warm-up").start(JsonRpcCodec::standard);
        int code;
        if (args.length > 0 && args[0].equals("serve")) {
            // The server needs only its own command: building the whole tree would load every
            // client command (and what they use) before the first answer.
            code = serveCommandLine().execute(Arrays.copyOfRange(args, 1, args.length));
        } else {
            code = commandLine().execute(args);
        }
        System.exit(code);
    }

    /** {@code reservoir serve} alone. */
    static CommandLine serveCommandLine() {
        CommandLine serve = new CommandLine(new ServeCommand());
        serve.setCommandName("reservoir serve");
        return serve;
    }

    /** The command tree, for tests that run commands in-process. */
    public static CommandLine commandLine() {
        return new CommandLine(new ReservoirCommand());
    }
}
