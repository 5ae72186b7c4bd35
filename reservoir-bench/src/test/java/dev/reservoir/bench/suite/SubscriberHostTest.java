package dev.reservoir.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A target's fan-out subscribers in a process of their own, against the real fan-out floor. */
class SubscriberHostTest {

    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;

    private static List<String> floor() {
        return List.of(
                JAVA,
                "-cp",
                System.getProperty("java.class.path"),
                "dev.reservoir.bench.suite.floor.HttpFloor",
                "{PORT}");
    }

    @Test
    void everySubscriberInTheChildHearsEachChangeWithItsDelayOnTheParentsClock() throws Exception {
        Path log = dir.resolve("floor.log");
        try (ServerProcess server = ServerProcess.http(floor(), log, Duration.ofSeconds(60))) {
            Target target = new Target("floor/http-listen", floor(), true, true, false, true);
            try (SubscriberHost.Remote subs = SubscriberHost.Remote.open(target, server.port, 25, log);
                    Driver.Channel trigger = Driver.http(target, server.port, null)) {
                for (int change = 0; change < 3; change++) {
                    subs.expect();
                    long t0 = System.nanoTime();
                    trigger.call("resources/read", "bench://touch/0", "\"uri\":\"bench://touch/0\"");
                    long after = System.nanoTime();
                    FanOut.Change c = subs.await(t0);

                    assertThat(c.allHeard()).isTrue();
                    assertThat(c.delays()).hasSize(25);
                    // Heard after the change was made, and (the floor answers the trigger once
                    // every stream was written) not long after its answer came.
                    assertThat(Arrays.stream(c.delays()).min().orElseThrow()).isPositive();
                    assertThat(Arrays.stream(c.delays()).max().orElseThrow())
                            .isLessThan(after - t0 + Duration.ofSeconds(5).toNanos());
                }
            }
        }
    }

    @Test
    void aChildThatCannotOpenItsSubscribersSaysWhy() throws Exception {
        int closed = ServerProcess.freePort(); // nothing listens there
        Target target = new Target("floor/http-listen", floor(), true, true, false, true);
        assertThatThrownBy(() -> SubscriberHost.Remote.open(target, closed, 3, dir.resolve("child.log")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("subscriber process: failed")
                .hasMessageContaining("subscribers failed");
    }
}
