package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * read-hot: random {@code resources/read} of 1 KiB text resources with 1, 16 and 64 requests in
 * flight, a closed loop (each worker sends its next request when its answer arrived), after a
 * warm-up. One server process per target and round serves every concurrency level. Over stdio,
 * the one worker at 1 in flight reads its answers itself, as a one-threaded host does (see {@link
 * StdioClient#exchange}); at 16 and 64, a reading thread hands each answer to its worker.
 *
 * <p>Targets measured together ({@link #interleaved}) are measured in turn, in short slices: all
 * their servers run, each is warmed up, and then each is loaded for a slice while the others wait,
 * round after round of slices, so that a target and its floor are measured within seconds of each
 * other. Measured one after the other (a minute apart on a 2-core machine shared with others), the
 * same build's stdio reads at 1 in flight came out at 2,992-7,341 a second from one round to the
 * next, and the ratio to the floor fell on either side of its target in every row
 * (PROFILE.md, forty-sixth pass): it measured the machine's minute more than the servers.
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

    /** What one target's server gave in a round: a result a level, and its peak RSS in bytes. */
    record Round(List<Result> levels, long peakRss) {}

    private ReadHot() {}

    /** One target alone: its levels measured each in one stretch (one slice). */
    static List<Result> run(
            Target target, int[] concurrencies, Duration warmup, Duration measure, Path log, long[] peakRss)
            throws Exception {
        Round round = interleaved(List.of(target), concurrencies, warmup, measure, 1, t -> log)
                .getFirst();
        peakRss[0] = round.peakRss();
        return round.levels();
    }

    /**
     * A round of the targets together: their servers all started, then at each level each one
     * warmed up in turn (and its JIT waited for), then {@code slices} slices of {@code measure /
     * slices} each, the targets in turn (the order shifted by one each slice). A target's figures
     * are those of its slices together: reads answered within them over their time, its server's
     * and this process's CPU over them.
     */
    static List<Round> interleaved(
            List<Target> targets,
            int[] concurrencies,
            Duration warmup,
            Duration measure,
            int slices,
            Function<Target, Path> logs)
            throws Exception {
        List<Served> served = new ArrayList<>();
        try {
            for (Target target : targets) {
                if (target.folder() != null) {
                    BenchFolder.ensure(target.folder());
                }
                served.add(Served.start(target, logs.apply(target)));
            }
            List<List<Result>> results = new ArrayList<>();
            served.forEach(s -> results.add(new ArrayList<>()));
            Duration slice = measure.dividedBy(slices);
            for (int level = 0; level < concurrencies.length; level++) {
                List<Load> loads = new ArrayList<>();
                try {
                    for (Served s : served) {
                        loads.add(new Load(
                                s.target, s.server, List.of(s.server), s.channels(concurrencies[level], level == 0)));
                    }
                    for (Load load : loads) {
                        load.warm(warmupFor(level, warmup));
                    }
                    for (int k = 0; k < slices; k++) {
                        for (int i = 0; i < loads.size(); i++) {
                            loads.get((i + k) % loads.size()).slice(slice);
                        }
                    }
                    for (int i = 0; i < loads.size(); i++) {
                        results.get(i).add(loads.get(i).result());
                    }
                } finally {
                    for (Load load : loads) {
                        load.stop();
                    }
                }
            }
            List<Round> rounds = new ArrayList<>();
            for (int i = 0; i < served.size(); i++) {
                rounds.add(new Round(results.get(i), served.get(i).server.peakRss()));
            }
            return rounds;
        } finally {
            for (Served s : served.reversed()) {
                s.close();
            }
        }
    }

    /** A target's running server, and over stdio the one client every level's channels share. */
    private record Served(Target target, ServerProcess server, StdioClient client, String session)
            implements AutoCloseable {

        static Served start(Target target, Path log) throws Exception {
            if (target.http()) {
                ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60));
                try {
                    return new Served(target, server, null, Driver.openSession(target, server.port));
                } catch (Exception | Error e) {
                    server.close();
                    throw e;
                }
            }
            ServerProcess server = ServerProcess.stdio(target.command(), log);
            StdioClient client = new StdioClient(server);
            try {
                client.initialize();
            } catch (Exception | Error e) {
                client.close();
                server.close();
                throw e;
            }
            return new Served(target, server, client, null);
        }

        List<Driver.Channel> channels(int concurrency, boolean first) throws Exception {
            List<Driver.Channel> channels = new ArrayList<>();
            for (int i = 0; i < concurrency; i++) {
                if (client == null) {
                    channels.add(Driver.http(target, server.port, session));
                } else {
                    // One in flight: the answer read on the worker's thread, as a one-threaded host
                    // does; a level of one comes first, before any call starts the client's reader.
                    channels.add(
                            concurrency == 1 && first
                                    ? Driver.stdioAlone(target, client)
                                    : Driver.stdio(target, client));
                }
            }
            return channels;
        }

        @Override
        public void close() {
            if (client != null) {
                client.close();
            }
            server.close();
        }
    }

    /**
     * The first level's warm-up is the whole of it (a fresh JVM compiles the read path then); a later
     * level runs on the same, warm server, and needs only a third, for its own number of
     * connections: the JIT's wait that follows covers what its new load still compiles.
     */
    private static Duration warmupFor(int level, Duration warmup) {
        return level == 0 ? warmup : warmup.dividedBy(3);
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
        // No one process to read the CPU of; the JIT of every one is waited for.
        Load load = new Load(target, null, servers, channels);
        try {
            load.warm(warmup);
            load.slice(measure);
            return load.result();
        } finally {
            load.stop();
        }
    }

    /** This process's CPU time (user and system) in nanoseconds, or -1 where the JVM does not tell it. */
    private static long ownCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }

    /** The longest a slice's workers may take to finish the reads they had in flight at its end. */
    private static final Duration DRAIN_MAX = Duration.ofSeconds(120);

    /**
     * One level's load on one target: a worker a channel, each running a closed loop while a slice
     * (or the warm-up) is open and waiting between them. Only reads that started and were answered
     * within a slice count; the CPU figures count every read answered between a slice's start and
     * the moment its last worker stopped (reads in flight at its end finish first), over the CPU
     * used in that time.
     */
    static final class Load {
        private final Target target;
        private final ServerProcess server;
        private final List<ServerProcess> compiling;
        private final List<Driver.Channel> channels;
        private final List<Thread> workers = new ArrayList<>();
        private final ReentrantLock lock = new ReentrantLock();
        /** Signalled when a slice opens, or the load stops (the workers wait on it). */
        private final Condition opened = lock.newCondition();
        /** Signalled when the last worker of a slice stopped, or one failed (the controller waits on it). */
        private final Condition idle = lock.newCondition();

        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final AtomicLong unanswered = new AtomicLong();
        private final long[][] latencies;
        private final int[] counts;
        /** When the open slice ends (System.nanoTime), and whether its reads count. */
        private volatile long until;

        private volatile boolean counting;
        // Guarded by lock.
        private int generation;
        private int running;
        private boolean stopped;
        /** Reads answered, counted or not: each worker adds its own when it stops after a slice. */
        private long answered;
        // The controller's own, summed over the slices.
        private long measuredNanos;
        private long serverCpuMillis;
        private long clientCpuNanos;
        private long answeredInCpuWindows;
        private boolean cpuKnown = true;
        private boolean settled = true;

        Load(Target target, ServerProcess server, List<ServerProcess> compiling, List<Driver.Channel> channels) {
            this.target = target;
            this.server = server;
            this.compiling = compiling;
            this.channels = channels;
            this.latencies = new long[channels.size()][];
            this.counts = new int[channels.size()];
            for (int w = 0; w < channels.size(); w++) {
                int worker = w;
                Thread.Builder builder =
                        channels.get(w).blocksItsThread() ? Thread.ofPlatform().daemon() : Thread.ofVirtual();
                workers.add(builder.start(() -> work(worker)));
            }
        }

        /**
         * Loads the server for {@code warmup}, then until its JIT has settled (see {@link
         * #jitSettled}), counting nothing: a fresh JVM compiles the read path then, and a warm one
         * what its new number of connections still needs.
         */
        void warm(Duration warmup) throws Exception {
            open(Long.MAX_VALUE, false);
            Thread.sleep(warmup);
            JitWait waited = jitSettled(compiling, warmup);
            settled = waited.settled();
            int c = channels.size();
            if (!waited.settled()) {
                System.err.printf(
                        "  %s, %d in flight: the JIT was still compiling %d ms after the warm-up; measured anyway%n",
                        target.name(), c, waited.millis());
            } else if (waited.millis() > 0) {
                System.err.printf(
                        "  %s, %d in flight: the JIT settled %d ms after the warm-up%n",
                        target.name(), c, waited.millis());
            }
            until = System.nanoTime();
            drain();
        }

        /** One measured slice of {@code length}. */
        void slice(Duration length) throws Exception {
            long cpu = server == null ? -1 : server.cpuMillis();
            long clientCpu = ownCpuNanos();
            long answeredBefore = answered(); // no worker runs between slices
            long start = System.nanoTime();
            open(start + length.toNanos(), true);
            drain();
            long cpuAfter = server == null ? -1 : server.cpuMillis();
            long clientCpuAfter = ownCpuNanos();
            measuredNanos += length.toNanos();
            answeredInCpuWindows += answered() - answeredBefore;
            if (cpu < 0 || cpuAfter < 0 || clientCpu < 0 || clientCpuAfter < 0) {
                cpuKnown = false;
            }
            serverCpuMillis += cpuAfter - cpu;
            clientCpuNanos += clientCpuAfter - clientCpu;
        }

        Result result() {
            lock.lock();
            try {
                int total = 0;
                for (int n : counts) {
                    total += n;
                }
                long[] all = new long[total];
                int at = 0;
                for (int w = 0; w < counts.length; w++) {
                    System.arraycopy(latencies[w], 0, all, at, counts[w]);
                    at += counts[w];
                }
                java.util.Arrays.sort(all);
                long n = answeredInCpuWindows;
                boolean cpu = server != null && cpuKnown && n > 0;
                return new Result(
                        channels.size(),
                        total / (measuredNanos / 1e9),
                        Stats.percentile(all, 50),
                        Stats.percentile(all, 99),
                        unanswered.get(),
                        cpu ? serverCpuMillis * 1000.0 / n : -1,
                        cpuKnown && n > 0 ? clientCpuNanos / 1000.0 / n : -1,
                        settled);
            } finally {
                lock.unlock();
            }
        }

        /** Ends the workers and closes the channels. */
        void stop() throws InterruptedException {
            lock.lock();
            try {
                stopped = true;
                opened.signalAll();
            } finally {
                lock.unlock();
            }
            until = System.nanoTime();
            for (Thread worker : workers) {
                worker.join(DRAIN_MAX.toMillis());
            }
            channels.forEach(Driver.Channel::close);
        }

        private void open(long end, boolean count) {
            lock.lock();
            try {
                until = end;
                counting = count;
                running = workers.size();
                generation++;
                opened.signalAll();
            } finally {
                lock.unlock();
            }
        }

        private long answered() {
            lock.lock();
            try {
                return answered;
            } finally {
                lock.unlock();
            }
        }

        /** Waits for every worker to have stopped after the open slice's end. */
        private void drain() throws Exception {
            lock.lock();
            try {
                long left = DRAIN_MAX.toNanos() + Math.max(0, until - System.nanoTime());
                while (running > 0 && failure.get() == null) {
                    if (left <= 0) {
                        throw new IllegalStateException(target.name() + ": read-hot workers did not finish");
                    }
                    left = idle.awaitNanos(left);
                }
            } finally {
                lock.unlock();
            }
            if (failure.get() != null) {
                throw new IllegalStateException(target.name() + " read-hot failed", failure.get());
            }
        }

        private void work(int worker) {
            Driver.Channel channel = channels.get(worker);
            SplittableRandom random = new SplittableRandom(worker);
            long[] mine = new long[1 << 16];
            int n = 0;
            int seen = 0;
            try {
                while (true) {
                    lock.lock();
                    try {
                        while (generation == seen && !stopped) {
                            opened.await();
                        }
                        if (stopped) {
                            return;
                        }
                        seen = generation;
                    } finally {
                        lock.unlock();
                    }
                    boolean count = counting;
                    boolean failed = false;
                    long answeredHere = 0;
                    try {
                        while (true) {
                            long start = System.nanoTime();
                            if (start >= until) {
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
                            answeredHere++;
                            if (count && stop <= until) {
                                if (n == mine.length) {
                                    mine = java.util.Arrays.copyOf(mine, n * 2);
                                }
                                mine[n++] = stop - start;
                            }
                        }
                    } catch (Exception | Error e) {
                        failure.compareAndSet(null, e); // before the drain can see this worker stop
                        failed = true;
                    } finally {
                        lock.lock();
                        try {
                            latencies[worker] = mine;
                            counts[worker] = n;
                            answered += answeredHere;
                            if (--running == 0 || failed) {
                                idle.signal();
                            }
                        } finally {
                            lock.unlock();
                        }
                    }
                    if (failed) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                failure.compareAndSet(null, e);
                lock.lock();
                try {
                    idle.signal();
                } finally {
                    lock.unlock();
                }
            }
        }
    }
}
