package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * read-hot: random {@code resources/read} of 1 KiB text resources with 1, 16 and 64 requests in
 * flight, a closed loop (each worker sends its next request when its answer arrived), after a
 * warm-up. One server process per round serves every concurrency level.
 */
final class ReadHot {

    /**
     * One measured level.
     *
     * @param cpuMicrosPerOp the server's CPU time (user and system) per answered read while
     *     measured, in microseconds; less sensitive than throughput to other load on the machine
     */
    record Result(
            int concurrency,
            double opsPerSecond,
            long p50Nanos,
            long p99Nanos,
            long unanswered,
            double cpuMicrosPerOp) {}

    private ReadHot() {}

    static List<Result> run(
            Target target, int[] concurrencies, Duration warmup, Duration measure, Path log, long[] peakRss)
            throws Exception {
        List<Result> results = new ArrayList<>();
        if (target.http()) {
            try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60))) {
                String session = Driver.openSession(target, server.port);
                for (int c : concurrencies) {
                    List<Driver.Channel> channels = new ArrayList<>();
                    for (int i = 0; i < c; i++) {
                        channels.add(Driver.http(target, server.port, session));
                    }
                    results.add(measure(target, server, channels, c, warmupFor(results, warmup), measure));
                    channels.forEach(Driver.Channel::close);
                }
                peakRss[0] = server.peakRss();
            }
        } else {
            try (ServerProcess server = ServerProcess.stdio(target.command(), log);
                    StdioClient client = new StdioClient(server)) {
                client.initialize();
                for (int c : concurrencies) {
                    List<Driver.Channel> channels = new ArrayList<>();
                    for (int i = 0; i < c; i++) {
                        channels.add(Driver.stdio(target, client));
                    }
                    results.add(measure(target, server, channels, c, warmupFor(results, warmup), measure));
                }
                peakRss[0] = server.peakRss();
            }
        }
        return results;
    }

    /**
     * The first level's warm-up is the whole of it (a fresh JVM compiles the read path then); a later
     * level runs on the same, warm server, and needs only half, for its own number of connections.
     */
    private static Duration warmupFor(List<Result> measured, Duration warmup) {
        return measured.isEmpty() ? warmup : warmup.dividedBy(2);
    }

    /** Measures one level against a server that is already running (a balancer in front of replicas). */
    static Result against(Target target, int port, int concurrency, Duration warmup, Duration measure)
            throws Exception {
        String session = Driver.openSession(target, port);
        List<Driver.Channel> channels = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            channels.add(Driver.http(target, port, session));
        }
        try {
            return measure(target, null, channels, concurrency, warmup, measure); // no one process to read CPU of
        } finally {
            channels.forEach(Driver.Channel::close);
        }
    }

    private static Result measure(
            Target target,
            ServerProcess server,
            List<Driver.Channel> channels,
            int c,
            Duration warmup,
            Duration measure)
            throws Exception {
        long[][] latencies = new long[c][];
        int[] counts = new int[c];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        java.util.concurrent.atomic.AtomicLong unanswered = new java.util.concurrent.atomic.AtomicLong();
        CountDownLatch done = new CountDownLatch(c);
        long measureStart = System.nanoTime() + warmup.toNanos();
        long end = measureStart + measure.toNanos();
        long[] cpu = new long[2];
        Thread cpuReader = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(Duration.ofNanos(measureStart - System.nanoTime()));
                cpu[0] = server == null ? -1 : server.cpuMillis();
                Thread.sleep(Duration.ofNanos(end - System.nanoTime()));
                cpu[1] = server == null ? -1 : server.cpuMillis();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (int w = 0; w < c; w++) {
            int worker = w;
            Driver.Channel channel = channels.get(w);
            Thread.ofVirtual().start(() -> {
                SplittableRandom random = new SplittableRandom(worker);
                long[] mine = new long[1 << 16];
                int n = 0;
                try {
                    while (true) {
                        long start = System.nanoTime();
                        if (start >= end) {
                            break;
                        }
                        String uri = target.textUri(random.nextInt(10_000));
                        String answer;
                        try {
                            answer = channel.call("resources/read", uri, "\"uri\":\"" + uri + "\"");
                        } catch (java.util.concurrent.TimeoutException e) {
                            unanswered.incrementAndGet(); // reported next to the figure, not hidden
                            continue;
                        }
                        long stop = System.nanoTime();
                        if (!answer.contains("\"text\"")) {
                            throw new IllegalStateException(
                                    "not a text read: " + answer.substring(0, Math.min(200, answer.length())));
                        }
                        if (start >= measureStart) {
                            if (n == mine.length) {
                                mine = java.util.Arrays.copyOf(mine, n * 2);
                            }
                            mine[n++] = stop - start;
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    latencies[worker] = mine;
                    counts[worker] = n;
                    done.countDown();
                }
            });
        }
        if (!done.await(warmup.plus(measure).toSeconds() + 120, TimeUnit.SECONDS)) {
            throw new IllegalStateException("read-hot workers did not finish");
        }
        if (failure.get() != null) {
            throw new IllegalStateException(target.name() + " read-hot failed", failure.get());
        }
        cpuReader.join();
        int total = 0;
        for (int n : counts) {
            total += n;
        }
        long[] all = new long[total];
        int at = 0;
        for (int w = 0; w < c; w++) {
            System.arraycopy(latencies[w], 0, all, at, counts[w]);
            at += counts[w];
        }
        java.util.Arrays.sort(all);
        double seconds = measure.toNanos() / 1e9;
        double cpuPerOp = cpu[0] < 0 || cpu[1] < 0 || total == 0 ? -1 : (cpu[1] - cpu[0]) * 1000.0 / total;
        return new Result(
                c, total / seconds, Stats.percentile(all, 50), Stats.percentile(all, 99), unanswered.get(), cpuPerOp);
    }
}
