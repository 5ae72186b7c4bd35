package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * read-hot: random {@code resources/read} of 1 KiB text resources with 1, 16 and 64 requests in
 * flight, a closed loop (each worker sends its next request when its answer arrived), after a
 * warm-up. One server process per round serves every concurrency level. Over stdio, the one
 * worker at 1 in flight reads its answers itself, as a one-threaded host does (see {@link
 * StdioClient#exchange}); at 16 and 64, a reading thread hands each answer to its worker.
 */
final class ReadHot {

    /**
     * One measured level.
     *
     * @param cpuMicrosPerOp the server's CPU time (user and system) per answered read while
     *     measured, in microseconds; less sensitive than throughput to other load on the machine
     * @param clientCpuMicrosPerOp this benchmark process's CPU time per answered read over the same
     *     window (its workers, their connections' reading threads, and the measuring threads): on
     *     a machine whose cores both sides share, a server that makes its client work harder per
     *     read costs throughput that its own CPU figure does not show
     * @param jitSettled false when the server's JIT was still compiling when the measure began
     *     (the wait reached {@link #JIT_WAIT_MAX}): the figure then counts compiling too
     */
    record Result(
            int concurrency,
            double opsPerSecond,
            long p50Nanos,
            long p99Nanos,
            long unanswered,
            double cpuMicrosPerOp,
            double clientCpuMicrosPerOp,
            boolean jitSettled) {}

    private ReadHot() {}

    static List<Result> run(
            Target target, int[] concurrencies, Duration warmup, Duration measure, Path log, long[] peakRss)
            throws Exception {
        if (target.folder() != null) {
            BenchFolder.ensure(target.folder());
        }
        List<Result> results = new ArrayList<>();
        if (target.http()) {
            try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60))) {
                String session = Driver.openSession(target, server.port);
                for (int c : concurrencies) {
                    List<Driver.Channel> channels = new ArrayList<>();
                    for (int i = 0; i < c; i++) {
                        channels.add(Driver.http(target, server.port, session));
                    }
                    results.add(
                            measure(target, server, List.of(server), channels, c, warmupFor(results, warmup), measure));
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
                        // One in flight: the answer read on the worker's thread, as a one-threaded host
                        // does; a level of one comes first, before any call starts the client's reader.
                        channels.add(
                                c == 1 && results.isEmpty()
                                        ? Driver.stdioAlone(target, client)
                                        : Driver.stdio(target, client));
                    }
                    results.add(
                            measure(target, server, List.of(server), channels, c, warmupFor(results, warmup), measure));
                }
                peakRss[0] = server.peakRss();
            }
        }
        return results;
    }

    /**
     * The first level's warm-up is the whole of it (a fresh JVM compiles the read path then); a later
     * level runs on the same, warm server, and needs only a third, for its own number of
     * connections: the JIT's wait that follows covers what its new load still compiles.
     */
    private static Duration warmupFor(List<Result> measured, Duration warmup) {
        return measured.isEmpty() ? warmup : warmup.dividedBy(3);
    }

    /** The longest the measure waits for a server's JIT to settle, after the warm-up. */
    static final Duration JIT_WAIT_MAX = Duration.ofSeconds(4);

    /** A window in which the JIT compiled for less than a tenth of it counts as settled. */
    private static final Duration JIT_WINDOW = Duration.ofMillis(500);

    /** How long the measure waited for the JIT, in ms, and whether it settled within the limit. */
    private record JitWait(long millis, boolean settled) {}

    /**
     * Waits until the servers' JIT compiler threads are nearly idle (under a tenth of a core, all
     * together, over {@link #JIT_WINDOW}), at most {@link #JIT_WAIT_MAX}; returns how long it
     * waited. A JVM under a new load compiles for seconds on this machine's two cores, and a short warm-up
     * measured that more than the server (the later levels of a run came out better than the first
     * ones, and a larger program, such as a web server's request path, worse than a small floor).
     * That holds for a later level too: a server that served one connection compiles again for
     * sixteen (Reservoir over HTTP for 1 to 3.5 s after that level's warm-up, measured 0.54x-0.62x
     * the raw floor without this wait and 0.78x-0.83x with it; the floors settle at once). Returns
     * at once for processes without compiler threads, and in a quick run (warm-up under half a
     * second).
     */
    private static JitWait jitSettled(List<ServerProcess> servers, Duration warmup) throws InterruptedException {
        if (servers.isEmpty() || warmup.compareTo(Duration.ofMillis(500)) < 0 || compilerCpuMillis(servers) <= 0) {
            return new JitWait(0, true);
        }
        long start = System.nanoTime();
        // A later level (its warm-up shorter than a second) waits half as long at most: its server
        // is warm already, and what it still compiles is the new load's part.
        Duration most = warmup.compareTo(Duration.ofSeconds(1)) < 0 ? JIT_WAIT_MAX.dividedBy(2) : JIT_WAIT_MAX;
        long limit = start + most.toNanos();
        long before = compilerCpuMillis(servers);
        boolean settled = false;
        while (!settled && System.nanoTime() < limit) {
            Thread.sleep(JIT_WINDOW);
            long now = compilerCpuMillis(servers);
            settled = now - before < JIT_WINDOW.toMillis() / 10;
            before = now;
        }
        return new JitWait((System.nanoTime() - start) / 1_000_000 - JIT_WINDOW.toMillis(), settled);
    }

    /** The JIT compiler threads' CPU time of all these servers together, in ms. */
    private static long compilerCpuMillis(List<ServerProcess> servers) {
        long total = 0;
        for (ServerProcess server : servers) {
            total += Math.max(0, server.compilerCpuMillis());
        }
        return total;
    }

    /**
     * Measures one level against servers that are already running, reached through {@code port}
     * (a balancer in front of replicas, or one of them direct), once the JIT of every one of
     * {@code servers} has settled under the load: three replicas each compile what one does, with
     * a third of the load each, on the same two cores.
     */
    static Result against(
            Target target, int port, List<ServerProcess> servers, int concurrency, Duration warmup, Duration measure)
            throws Exception {
        String session = Driver.openSession(target, port);
        List<Driver.Channel> channels = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            channels.add(Driver.http(target, port, session));
        }
        try {
            // No one process to read the CPU of; the JIT of every one is waited for.
            return measure(target, null, servers, channels, concurrency, warmup, measure);
        } finally {
            channels.forEach(Driver.Channel::close);
        }
    }

    /** This process's CPU time (user and system) in nanoseconds, or -1 where the JVM does not tell it. */
    private static long ownCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }

    private static Result measure(
            Target target,
            ServerProcess server,
            List<ServerProcess> compiling,
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
        // The measure starts after the warm-up, and once the server's JIT is done with the load
        // (see jitSettled): until then both machines' cores go partly to compiling, which the
        // start-up workload measures, not this one.
        AtomicLong measureStartAt = new AtomicLong(Long.MAX_VALUE);
        AtomicLong endAt = new AtomicLong(Long.MAX_VALUE);
        long[] cpu = new long[2];
        long[] clientCpu = new long[2];
        boolean[] settled = {true};
        Thread cpuReader = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(warmup);
                JitWait waited = jitSettled(compiling, warmup);
                settled[0] = waited.settled();
                if (!waited.settled()) {
                    System.err.printf(
                            "  %s, %d in flight: the JIT was still compiling %d ms after the warm-up; measured anyway%n",
                            target.name(), c, waited.millis());
                } else if (waited.millis() > 0) {
                    System.err.printf(
                            "  %s, %d in flight: the JIT settled %d ms after the warm-up%n",
                            target.name(), c, waited.millis());
                }
                cpu[0] = server == null ? -1 : server.cpuMillis();
                clientCpu[0] = ownCpuNanos();
                long start = System.nanoTime();
                measureStartAt.set(start);
                endAt.set(start + measure.toNanos());
                Thread.sleep(measure);
                cpu[1] = server == null ? -1 : server.cpuMillis();
                clientCpu[1] = ownCpuNanos();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (int w = 0; w < c; w++) {
            int worker = w;
            Driver.Channel channel = channels.get(w);
            Thread.Builder thread =
                    channel.blocksItsThread() ? Thread.ofPlatform().daemon() : Thread.ofVirtual();
            thread.start(() -> {
                SplittableRandom random = new SplittableRandom(worker);
                long[] mine = new long[1 << 16];
                int n = 0;
                try {
                    while (true) {
                        long start = System.nanoTime();
                        if (start >= endAt.get()) {
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
                        if (start >= measureStartAt.get()) {
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
        if (!done.await(warmup.plus(JIT_WAIT_MAX).plus(measure).toSeconds() + 120, TimeUnit.SECONDS)) {
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
        double clientCpuPerOp = clientCpu[0] < 0 || clientCpu[1] < 0 || total == 0
                ? -1
                : (clientCpu[1] - clientCpu[0]) / 1000.0 / total;
        return new Result(
                c,
                total / seconds,
                Stats.percentile(all, 50),
                Stats.percentile(all, 99),
                unanswered.get(),
                cpuPerOp,
                clientCpuPerOp,
                settled[0]);
    }
}
