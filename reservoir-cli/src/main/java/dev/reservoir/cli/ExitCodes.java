package dev.reservoir.cli;

import dev.reservoir.client.SizeMismatchException;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;

/** The exit codes of the client commands, and the one place that turns a failure into one. */
final class ExitCodes {

    static final int OK = 0;
    /** {@code find} matched nothing. */
    static final int NO_MATCH = 1;
    /** Bad options or arguments (picocli's own code for usage errors). */
    static final int USAGE = 2;
    /** The server could not be started or reached, or the connection broke. */
    static final int UNREACHABLE = 3;

    static final int NOT_FOUND = 4;
    static final int TIMEOUT = 5;
    /** The server answered with an error. */
    static final int SERVER_ERROR = 6;
    /** The server does not offer what was asked (resources at all, SEP-2093 calls, subscriptions). */
    static final int UNSUPPORTED = 7;

    /** Ctrl-C (SIGINT); SIGTERM ends the JVM with 143. */
    static final int INTERRUPTED = 130;

    // The help text's lines, one constant each so every command's @Command can list them.
    static final String E0 = "0:success";
    static final String E1 = "1:find matched nothing";
    static final String E2 = "2:bad options or arguments";
    static final String E3 = "3:the server could not be started or reached, or the connection broke";
    static final String E4 = "4:the resource does not exist";
    static final String E5 = "5:the server did not connect or answer in time (--timeout)";
    static final String E6 = "6:the server answered with an error, or with content other than it announced";
    static final String E7 = "7:the server does not offer what was asked (resources, subscriptions)";
    static final String E130 = "130:interrupted (Ctrl-C); 143 when stopped with SIGTERM";

    private ExitCodes() {}

    /** Prints what went wrong (one line, prefixed with the command) and returns its exit code. */
    static int report(String command, Exception e, PrintWriter err) {
        int code;
        String message;
        switch (e) {
            case ResourceNotFoundException nf -> {
                code = NOT_FOUND;
                message = "not found: " + nf.uri();
            }
            case McpTimeoutException t -> {
                code = TIMEOUT;
                message = t.getMessage();
            }
            case SizeMismatchException s -> {
                code = SERVER_ERROR;
                message = s.getMessage();
            }
            case LocalFileException f -> {
                code = USAGE;
                message = f.getMessage();
            }
            case McpException m -> {
                code = SERVER_ERROR;
                message = "the server answered with an error: " + m.getMessage();
            }
            case McpClientException c -> {
                code = c.getCause() instanceof InterruptedException ? INTERRUPTED : UNREACHABLE;
                message = c.getMessage();
            }
            case UnsupportedOperationException u -> {
                code = UNSUPPORTED;
                message = u.getMessage();
            }
            case IllegalArgumentException a -> {
                code = USAGE;
                message = a.getMessage();
            }
            case IOException io -> {
                code = UNREACHABLE;
                message = io.getMessage();
            }
            default -> {
                code = SERVER_ERROR;
                message = e.toString();
            }
        }
        err.println("reservoir " + command + ": " + message);
        err.flush();
        return code;
    }
}
