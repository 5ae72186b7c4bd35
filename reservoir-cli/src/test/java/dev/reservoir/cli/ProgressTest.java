package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ProgressTest {

    @Test
    void quickWorkPrintsNothing() {
        StringWriter err = new StringWriter();
        try (Progress progress = Progress.start(new PrintWriter(err), "listing", "resources")) {
            progress.increment();
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void slowWorkShowsACountAfterASecondAndErasesIt() throws InterruptedException {
        StringWriter err = new StringWriter();
        try (Progress progress = Progress.start(new PrintWriter(err), "listing", "resources")) {
            for (int i = 0; i < 12_345; i++) {
                progress.increment();
            }
            Thread.sleep(1400);
        }
        assertThat(err.toString()).contains("\rlisting... 12,345 resources").endsWith("\r");
    }
}
