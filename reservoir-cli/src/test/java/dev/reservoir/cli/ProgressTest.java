package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ProgressTest {

    @Test
    void stderrThatIsNotATerminalGetsNothingHoweverLongTheWork() {
        StringWriter err = new StringWriter();
        try (Progress progress = Progress.start(new PrintWriter(err), Terminal.NONE, "listing", "resources")) {
            for (int i = 0; i < 12_345; i++) {
                progress.increment();
            }
            assertThat(progress.count()).isEqualTo(12_345);
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void quickWorkOnATerminalPrintsNothing() {
        StringWriter err = new StringWriter();
        try (Progress progress =
                Progress.start(new PrintWriter(err), new Terminal(true, true, 80), "listing", "resources")) {
            progress.increment();
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aShownCountIsWrittenOverTheLineAndErasedAtTheEnd() {
        StringWriter err = new StringWriter();
        try (Progress progress = new Progress(new PrintWriter(err), "listing", "resources")) {
            for (int i = 0; i < 12_345; i++) {
                progress.increment();
            }
            progress.show();
        }
        assertThat(err.toString()).startsWith("\rlisting... 12,345 resources\r").endsWith("\r");
    }
}
