package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code reservoir watch} stopped with Ctrl-C, as the real jar does it. */
@Timeout(120)
class WatchInterruptIT {

    @Test
    void ctrlCStopsWatchingWithAPlainWordAndExit130() throws Exception {
        String demo = "stdio:" + Cli.java() + " -jar " + Cli.jar() + " serve --demo";
        Process watch = new ProcessBuilder(Cli.java(), "-jar", Cli.jar(), "watch", demo, "test://watched-resource")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        BufferedReader err = new BufferedReader(new InputStreamReader(watch.getErrorStream(), StandardCharsets.UTF_8));
        String banner = err.readLine();
        assertThat(banner).isEqualTo("reservoir watch: watching 1 resource (protocol 2026-07-28); Ctrl-C to stop");
        interrupt(watch);
        assertThat(watch.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(watch.exitValue()).isEqualTo(130);
        assertThat(err.lines().toList()).containsExactly("reservoir watch: stopped");
    }

    /** What Ctrl-C does: SIGINT. */
    private static void interrupt(Process process) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("sh", "-c", "kill -INT " + process.pid()).start(); // the shell's own kill
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }
}
