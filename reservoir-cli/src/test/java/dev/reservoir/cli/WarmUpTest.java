package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The start's warm-up really runs the engine's first requests, and shows nothing of it. */
class WarmUpTest {

    @Test
    void everyRequestOfTheWarmUpIsAnsweredWithAResult() {
        // Were one refused (a method renamed, a parameter now required), the real server's first
        // answers would run cold again, silently: this keeps the warm-up in step with the engine.
        assertThat(WarmUp.serve()).isEqualTo(WarmUp.ANSWERS);
    }

    @Test
    void theWarmUpPrintsNothing() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
        try {
            System.setOut(capture);
            System.setErr(capture);
            WarmUp.serve();
            WarmUp.http();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        // stdout carries a stdio server's protocol, and stderr is what a user reads.
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
