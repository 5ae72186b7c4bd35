package dev.reservoir.cli;

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
        int code = commandLine().execute(args);
        System.exit(code);
    }

    /** The command tree, for tests that run commands in-process. */
    public static CommandLine commandLine() {
        return new CommandLine(new ReservoirCommand());
    }
}
