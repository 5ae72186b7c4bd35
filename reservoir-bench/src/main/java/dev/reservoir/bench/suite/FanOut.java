package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * fan-out: N clients subscribed to one resource; one change (a read of {@code bench://touch/0});
 * the time until every client has heard {@code notifications/resources/updated}, and the p99 of
 * the clients' delays. Several changes per run, after at least as many unmeasured ones (more while
 * the server's JIT compiles); one server process per run.
 */
final class FanOut {

    /**
     * The delays of every change: time until all heard (ms) and p99 of the per-client delay (ms),
     * per change; how many warm-up changes ran, and whether the server's JIT had settled by the
     * last of them.
     */
    record Result(
            int subscribers,
            List<Double> allMillis,
            List<Double> p99Millis,
            int missed,
            double serverCpuMillis,
            int warmUps,
            boolean settled) {}

    /** Changes in a row during which the server's JIT compiled nothing, for it to count as settled. */
    static final int QUIET_CHANGES = 3;

    /**
     * Warm-up changes at most beyond the minimum, while the JIT compiles: Reservoir's JIT, after
     * ten changes to 1,000 subscribers, compiled in changes up to the thirty-fifth.
     */
    static final int MAX_EXTRA_WARM_UPS = 30;

    private FanOut() {}

    /**
     * Runs at least {@code warmUps} changes unmeasured, and more while the server's JIT still
     * compiles (at most {@code maxExtraWarmUps} more; see {@link Warming}), then {@code changes}
     * measured. A fresh server ran its first changes in the interpreter: measured from the first,
     * fan-out to 1,000 spread by ±47% to ±201% over five changes, and the server CPU per change was
     * up to twice that of twenty.
     */
    static Result run(Target target, int subscribers, int warmUps, int maxExtraWarmUps, int changes, Path log)
            throws Exception {
        return run(List.of(target), subscribers, warmUps, maxExtraWarmUps, changes, List.of(log), false)
                .getFirst();
    }

    /**
     * As {@link #run(Target, int, int, int, int, Path)}, for several targets at once, their changes
     * interleaved: every target's server and subscribers are opened first, then each measured round
     * makes one change on each target in turn (in an order that rotates from round to round), so
     * that a busy minute on a shared machine weighs on every target alike. Run one after another,
     * the same fan-out floor to 10,000 took 102, 128 and 157 ms at the median in three runs within
     * ten minutes, and a target's ratio to it moved with the minute it ran in, not with its code.
     * With {@code apart}, each target's subscribers are held by a process of their own ({@link
     * SubscriberHost}), for when this one may not have all their connections open. Results in the
     * targets' order.
     */
    static List<Result> run(
            List<Target> targets,
            int subscribers,
            int warmUps,
            int maxExtraWarmUps,
            int changes,
            List<Path> logs,
            boolean apart)
            throws Exception {
        List<Running> running = new ArrayList<>();
        try {
            // Every target opened at once: opening is mostly waiting for answers, and 10,000
            // subscribers of three targets took a minute or more one target after another.
            long opening = System.nanoTime();
            List<Future<Running>> opened = new ArrayList<>();
            try (ExecutorService open = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < targets.size(); i++) {
                    int k = i;
                    opened.add(open.submit(() -> Running.open(targets.get(k), subscribers, logs.get(k), apart)));
                }
            }
            Exception failed = null;
            for (Future<Running> f : opened) {
                try {
                    running.add(f.get());
                } catch (ExecutionException e) {
                    failed = failed != null ? failed : e.getCause() instanceof Exception x ? x : e;
                }
            }
            if (failed != null) {
                throw failed; // the targets that did open are closed below
            }
            System.err.printf(
                    "fan-out: %d subscribers of %d target(s) open in %.1f s%n",
                    subscribers, targets.size(), (System.nanoTime() - opening) / 1e9);
            // Each trigger's connection once every target is open: opening 10,000 subscribers takes
            // a target 20-60 s, and a server closes a connection idle that long.
            for (Running r : running) {
                r.connect();
            }
            Thread.sleep(1000); // GET streams whose headers come with the first event: let the servers register them
            for (Running r : running) {
                r.warming = new Warming(warmUps, maxExtraWarmUps);
            }
            // Warmed up in turn as well: each target's next warm-up change after the others' (while they need one).
            boolean more = true;
            while (more) {
                more = false;
                for (Running r : running) {
                    if (r.warming.more()) {
                        long compiled = r.server.compilerCpuMillis();
                        change(r.trigger, r.subs);
                        r.warming.changed(r.server.compilerCpuMillis() - compiled);
                        more |= r.warming.more();
                    }
                }
            }
            for (int round = 0; round < changes; round++) {
                for (int k = 0; k < running.size(); k++) {
                    running.get((round + k) % running.size()).measure();
                }
            }
            List<Result> results = new ArrayList<>();
            for (Running r : running) {
                results.add(new Result(
                        subscribers,
                        r.all,
                        r.p99,
                        r.missed,
                        r.cpu < 0 ? -1 : (double) r.cpu / changes,
                        r.warming.done(),
                        r.warming.settled()));
            }
            return results;
        } finally {
            // Every target closed, even if one fails to close: a server left behind would weigh
            // on every later workload of the run.
            for (int i = running.size() - 1; i >= 0; i--) {
                try {
                    running.get(i).close();
                } catch (Exception e) {
                    System.err.println("fan-out: closing a target failed: " + e);
                }
            }
        }
    }

    /** One target's server, subscribers and trigger, and what its measured changes gave. */
    private static final class Running implements AutoCloseable {
        private final Target target;
        private final ServerProcess server;
        private final Audience subs;
        private Driver.Channel trigger;
        private final List<Double> all = new ArrayList<>();
        private final List<Double> p99 = new ArrayList<>();
        private int missed;
        /**
         * Server CPU over this target's measured changes, each with the pause before it (the
         * trigger read counted), or -1 when it cannot be read; not over the other targets' turns,
         * in which an idle server still does some work (the fan-out floor to 1,000 measured over
         * whole rounds: 41 ms a change; over its own changes: 21).
         */
        private long cpu;

        private Warming warming;

        private Running(Target target, ServerProcess server, Audience subs) {
            this.target = target;
            this.server = server;
            this.subs = subs;
        }

        static Running open(Target target, int subscribers, Path log, boolean apart) throws Exception {
            ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60));
            Audience subs = null;
            try {
                subs = apart
                        ? SubscriberHost.Remote.open(target, server.port, subscribers, log)
                        : local(Subscribers.open(target, server.port, subscribers));
                return new Running(target, server, subs);
            } catch (Exception | Error e) {
                if (subs != null) {
                    subs.close();
                }
                server.close();
                throw e;
            }
        }

        /** Opens the connection (and session) that makes this target's changes. */
        void connect() throws Exception {
            trigger = Driver.http(target, server.port, Driver.openSession(target, server.port));
        }

        /** One measured change. */
        void measure() throws Exception {
            long before = server.cpuMillis();
            Change c = change(trigger, subs);
            long after = server.cpuMillis();
            cpu = before < 0 || after < 0 || cpu < 0 ? -1 : cpu + after - before;
            if (!c.allHeard()) {
                missed++;
            }
            long[] heard =
                    Arrays.stream(c.delays()).filter(d -> d >= 0).sorted().toArray();
            if (heard.length == 0) {
                return;
            }
            all.add(heard[heard.length - 1] / 1e6);
            p99.add(Stats.percentile(heard, 99) / 1e6);
        }

        @Override
        public void close() throws Exception {
            try (ServerProcess s = server;
                    Audience u = subs;
                    Driver.Channel t = trigger) {
                // closed in reverse: the trigger, the subscribers, then the server
            }
        }
    }

    /** What one change gave: whether every subscriber heard it within 30 s, and each one's delay (ns, -1 if not). */
    record Change(boolean allHeard, long[] delays) {}

    /** A target's subscribers, held in this process or in one of their own ({@link SubscriberHost}). */
    interface Audience extends AutoCloseable {
        /** Arms every subscriber for the next change. */
        void expect() throws Exception;

        /** Waits up to 30 s until every subscriber heard the change made at {@code t0} ({@link System#nanoTime}). */
        Change await(long t0) throws Exception;

        @Override
        void close();
    }

    /** Subscribers held in this process. */
    private static Audience local(Subscribers subs) {
        return new Audience() {
            private CountDownLatch latch;

            @Override
            public void expect() {
                latch = subs.expect();
            }

            @Override
            public Change await(long t0) throws InterruptedException {
                boolean allHeard = latch.await(30, TimeUnit.SECONDS);
                return new Change(allHeard, subs.delays(t0));
            }

            @Override
            public void close() {
                subs.close();
            }
        };
    }

    private static Change change(Driver.Channel trigger, Audience subs) throws Exception {
        Thread.sleep(200); // let the previous change's notifications drain completely
        subs.expect();
        long t0 = System.nanoTime();
        trigger.call("resources/read", "bench://touch/0", "\"uri\":\"bench://touch/0\"");
        return subs.await(t0);
    }

    /**
     * When the warm-up may end: after the minimum, once the server's JIT compiler threads used no
     * CPU (under the 10 ms a tick of /proc counts) over {@link #QUIET_CHANGES} whole changes in a
     * row, each with the pause before it, or after the most extra changes allowed. As read-hot waits
     * for the JIT before it measures: ten warm-up changes to 1,000 subscribers left Reservoir's JIT
     * compiling during the next ten (10-30 ms of a compiler thread in most of those changes, each
     * about 20 ms long), and those changes took 19.0 ms at the median where the twenty after took
     * 15.8; the Java SDK's JIT had settled by then. A server that is not a JVM, or a machine
     * without /proc, counts as settled.
     */
    static final class Warming {
        private final int least;
        private final int most;
        private int done;
        private int quiet;

        Warming(int least, int maxExtra) {
            this.least = least;
            this.most = least + Math.max(0, maxExtra);
        }

        /** Whether to run another warm-up change. */
        boolean more() {
            return done < least || (done < most && !settled());
        }

        /** One warm-up change ran, during which (with its pause) the JIT compiled for {@code compilerMillis}. */
        void changed(long compilerMillis) {
            done++;
            quiet = compilerMillis <= 0 ? quiet + 1 : 0;
        }

        /** Whether the last {@link #QUIET_CHANGES} changes saw no compiling. */
        boolean settled() {
            return quiet >= QUIET_CHANGES;
        }

        /** Warm-up changes run so far. */
        int done() {
            return done;
        }
    }
}
