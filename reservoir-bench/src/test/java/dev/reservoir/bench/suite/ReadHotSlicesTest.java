package dev.reservoir.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** read-hot's slices: targets measured in turn get requests only in their own turns, and count only those. */
@Timeout(60)
class ReadHotSlicesTest {

    private static final Target TARGET = new Target("floor/test", List.of(), false, false, true, true);

    /** A channel that answers a text read after about 200 us, and notes when each call ran. */
    private static Driver.Channel answering(ConcurrentLinkedQueue<long[]> calls) {
        return (method, name, params) -> {
            long start = System.nanoTime();
            Thread.sleep(0, 200_000);
            calls.add(new long[] {start, System.nanoTime()});
            return "{\"result\":{\"contents\":[{\"text\":\"x\"}]}}";
        };
    }

    private static List<Driver.Channel> channels(int n, ConcurrentLinkedQueue<long[]> calls) {
        List<Driver.Channel> channels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            channels.add(answering(calls));
        }
        return channels;
    }

    private static boolean within(long[] call, List<long[]> windows) {
        return windows.stream().anyMatch(w -> call[0] >= w[0] && call[1] <= w[1]);
    }

    @Test
    void eachTargetIsLoadedOnlyInItsOwnTurnsAndCountsOnlyWhatItsSlicesAnswered() throws Exception {
        ConcurrentLinkedQueue<long[]> callsA = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<long[]> callsB = new ConcurrentLinkedQueue<>();
        ReadHot.Load a = new ReadHot.Load(TARGET, null, List.of(), channels(4, callsA));
        ReadHot.Load b = new ReadHot.Load(TARGET, null, List.of(), channels(4, callsB));
        List<long[]> turnsA = new ArrayList<>();
        List<long[]> turnsB = new ArrayList<>();
        List<long[]> slicesA = new ArrayList<>();
        try {
            turnsA.add(turn(() -> a.warm(Duration.ofMillis(30))));
            turnsB.add(turn(() -> b.warm(Duration.ofMillis(30))));
            for (int k = 0; k < 4; k++) {
                long[] sliceA = turn(() -> a.slice(Duration.ofMillis(50)));
                turnsA.add(sliceA);
                slicesA.add(sliceA);
                turnsB.add(turn(() -> b.slice(Duration.ofMillis(50))));
            }
            assertThat(callsA).isNotEmpty().allMatch(call -> within(call, turnsA), "in one of A's turns");
            assertThat(callsB).isNotEmpty().allMatch(call -> within(call, turnsB), "in one of B's turns");

            ReadHot.Result result = a.result();
            long inSlices =
                    callsA.stream().filter(call -> within(call, slicesA)).count();
            long counted = Math.round(result.opsPerSecond() * 0.2); // 4 slices of 50 ms
            // Counted: the reads of A's slices, less at most those in flight at each slice's end.
            assertThat(counted).isPositive().isLessThanOrEqualTo(inSlices).isGreaterThanOrEqualTo(inSlices - 4 * 4);
            assertThat(result.concurrency()).isEqualTo(4);
            assertThat(result.p50Nanos()).isGreaterThanOrEqualTo(200_000);
            assertThat(result.cpuMicrosPerOp()).isEqualTo(-1); // no server process to read
        } finally {
            a.stop();
            b.stop();
        }
    }

    @Test
    void aFailedReadFailsTheSliceItHappenedIn() throws Exception {
        ConcurrentLinkedQueue<long[]> calls = new ConcurrentLinkedQueue<>();
        List<Driver.Channel> channels = channels(3, calls);
        int[] left = {50};
        channels.add((method, name, params) -> {
            synchronized (left) {
                if (--left[0] < 0) {
                    throw new java.io.IOException("resources/read answered 500");
                }
            }
            return "{\"result\":{\"contents\":[{\"text\":\"x\"}]}}";
        });
        ReadHot.Load load = new ReadHot.Load(TARGET, null, List.of(), channels);
        try {
            assertThatThrownBy(() -> {
                        load.warm(Duration.ofMillis(10));
                        for (int k = 0; k < 100; k++) {
                            load.slice(Duration.ofMillis(20));
                        }
                    })
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("floor/test read-hot failed")
                    .hasRootCauseMessage("resources/read answered 500");
        } finally {
            load.stop();
        }
    }

    private interface Turn {
        void run() throws Exception;
    }

    /** When a turn began and ended, in System.nanoTime. */
    private static long[] turn(Turn turn) throws Exception {
        long start = System.nanoTime();
        turn.run();
        return new long[] {start, System.nanoTime()};
    }
}
