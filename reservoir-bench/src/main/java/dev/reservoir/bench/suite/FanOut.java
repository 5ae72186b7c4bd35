package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * fan-out: N clients subscribed to one resource; one change (a read of {@code bench://touch/0});
 * the time until every client has heard {@code notifications/resources/updated}, and the p99 of
 * the clients' delays. Several changes per run, after as many unmeasured ones; one server process
 * per run.
 */
final class FanOut {

    /** The delays of every change: time until all heard (ms) and p99 of the per-client delay (ms), per change. */
    record Result(
            int subscribers, List<Double> allMillis, List<Double> p99Millis, int missed, double serverCpuMillis) {}

    private FanOut() {}

    /**
     * Runs {@code warmUps} changes unmeasured, then {@code changes} measured. A fresh server ran its
     * first changes in the interpreter: measured from the first, fan-out to 1,000 spread by ±47% to
     * ±201% over five changes, and the server CPU per change was up to twice that of twenty.
     */
    static Result run(Target target, int subscribers, int warmUps, int changes, Path log) throws Exception {
        try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60));
                Subscribers subs = Subscribers.open(target, server.port, subscribers)) {
            String session = Driver.openSession(target, server.port);
            Thread.sleep(1000); // GET streams whose headers come with the first event: let the server register them
            List<Double> all = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            int missed = 0;
            long cpuBefore = -1;
            try (Driver.Channel trigger = Driver.http(target, server.port, session)) {
                for (int round = -warmUps; round < changes; round++) {
                    Thread.sleep(200); // let the previous round's notifications drain completely
                    if (round == 0) {
                        cpuBefore = server.cpuMillis();
                    }
                    CountDownLatch latch = subs.expect();
                    long t0 = System.nanoTime();
                    trigger.call("resources/read", "bench://touch/0", "\"uri\":\"bench://touch/0\"");
                    boolean allHeard = latch.await(30, TimeUnit.SECONDS);
                    if (round < 0) {
                        continue; // a warm-up change
                    }
                    if (!allHeard) {
                        missed++;
                    }
                    long[] delays = subs.delays(t0);
                    long[] heard =
                            Arrays.stream(delays).filter(d -> d >= 0).sorted().toArray();
                    if (heard.length == 0) {
                        continue;
                    }
                    all.add(heard[heard.length - 1] / 1e6);
                    p99.add(Stats.percentile(heard, 99) / 1e6);
                }
            }
            // Server CPU per change (the rounds' pauses cost next to nothing; the trigger read is counted).
            long cpu = server.cpuMillis() - cpuBefore;
            return new Result(subscribers, all, p99, missed, cpuBefore < 0 ? -1 : (double) cpu / changes);
        }
    }
}
