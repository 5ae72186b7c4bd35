package dev.reservoir.cli;

import dev.reservoir.server.McpServer;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * How {@code reservoir serve} stops on SIGTERM (what MCP clients send when stdin closing was not
 * enough) or SIGINT (Ctrl-C): it takes no new requests, lets the answers in progress finish, for
 * at most {@link #GRACE}, then exits 0. A second signal stops it at once, with 128 plus the
 * signal's number (143, 130).
 */
final class StopSignals {

    /**
     * How long answers in progress may take to finish once a stop is asked for: 5 s (MCP clients
     * send SIGKILL a few seconds after SIGTERM), or the system property {@code reservoir.stopGrace}
     * (an ISO-8601 duration such as {@code PT30S}).
     */
    static final Duration GRACE = Duration.parse(System.getProperty("reservoir.stopGrace", "PT5S"));

    private StopSignals() {}

    static void install(McpServer server, PrintWriter err) {
        AtomicBoolean stopping = new AtomicBoolean();
        for (String name : List.of("TERM", "INT")) {
            // sun.misc.Signal (jdk.unsupported) is the JDK's only way to handle a signal: a shutdown
            // hook runs too late to refuse new requests and cannot choose the exit code.
            Signal.handle(new Signal(name), signal -> {
                if (!stopping.compareAndSet(false, true)) {
                    Runtime.getRuntime().halt(128 + signal.getNumber());
                }
                Thread.ofPlatform().name("reservoir-stop").start(() -> stop(server, err, signal.getName()));
            });
        }
    }

    private static void stop(McpServer server, PrintWriter err, String signal) {
        err.println("reservoir serve: stopping (SIG" + signal + "): finishing the answers in progress, for at most "
                + GRACE.toSeconds() + " s; new requests are refused");
        err.flush();
        try {
            if (!server.drain(GRACE)) {
                err.println(
                        "reservoir serve: answers still in progress after " + GRACE.toSeconds() + " s were cut short");
                err.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.exit(0);
    }
}
