package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.testkit.InteropScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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

    /** Runs the script with the real jar as its server command; returns its OK steps. */
    private static List<String> runClient(String scenario, List<String> serveArgs) throws Exception {
        String jar = Path.of(System.getProperty("reservoir.jar", "target/reservoir.jar"))
                .toAbsolutePath()
                .toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> args = new ArrayList<>(List.of(scenario, java, "-jar", jar));
        args.addAll(serveArgs);
        return InteropScript.run("stdio.mjs", args, words -> {
            throw new IllegalStateException("stdio.mjs fires nothing, not " + String.join(" ", words));
        });
    }
}
