package dev.reservoir.cli;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What the output streams are connected to: output meant for people on a terminal (a progress
 * count, a final newline, a table that fits the width) is left out when they go to a pipe or file.
 *
 * @param stdout stdout is a terminal
 * @param stderr stderr is a terminal
 * @param columns the terminal's width, or 0 when unknown (then nothing is cut to fit)
 */
record Terminal(boolean stdout, boolean stderr, int columns) {

    /** Pipes or files: nothing for people only. */
    static final Terminal NONE = new Terminal(false, false, 0);

    /** The streams of this process. */
    static Terminal detect() {
        boolean out = isTerminal(1);
        boolean err = isTerminal(2);
        return new Terminal(out, err, columns(out));
    }

    private static boolean isTerminal(int fd) {
        Path link = Path.of("/proc/self/fd/" + fd);
        try {
            String target = Files.readSymbolicLink(link).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return consoleIsTerminal(); // no /proc (macOS): stdin and stdout, as the JDK sees them
        }
    }

    /** {@code System.console()} is a terminal (JDK 22+ has a console even for pipes, and says so). */
    private static boolean consoleIsTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = console.getClass().getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: a console exists only for a terminal
        }
    }

    /** $COLUMNS when set, else what {@code stty size} says of the terminal; 0 when unknown. */
    private static int columns(boolean onTerminal) {
        String env = System.getenv("COLUMNS");
        if (env != null && env.matches("\\d{1,4}")) {
            return Integer.parseInt(env);
        }
        if (!onTerminal || !Files.exists(Path.of("/dev/tty"))) {
            return 0;
        }
        try {
            Process stty = new ProcessBuilder("stty", "size")
                    .redirectInput(new java.io.File("/dev/tty"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String size = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (!stty.waitFor(2, TimeUnit.SECONDS)) {
                stty.destroyForcibly();
                return 0;
            }
            String[] rowsColumns = size.split("\\s+");
            return rowsColumns.length == 2 && rowsColumns[1].matches("\\d{1,4}") ? Integer.parseInt(rowsColumns[1]) : 0;
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
