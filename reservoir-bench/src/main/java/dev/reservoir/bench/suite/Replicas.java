package dev.reservoir.bench.suite;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * replicas (full mode only): Reservoir as three replicas sharing a Redis bus, next to one replica,
 * in one run: read-hot through HAProxy (docs/replicas/haproxy.cfg) against one replica direct;
 * fan-out to listen subscribers spread over three replicas (the change made on one, carried by
 * Redis) against all on one replica; and the time from a change to its notification with the
 * Redis bus against the in-process one. Prints its figures as ratios; needs redis-server and
 * haproxy on the PATH.
 */
final class Replicas {

    private final Path root;
    private final List<String> replicaCommand;
    private final Path logs;
    private final List<AutoCloseable> running = new ArrayList<>();

    Replicas(Path root, List<String> replicaCommand, Path logs) {
        this.root = root;
        this.replicaCommand = replicaCommand;
        this.logs = logs;
    }

    /** The 2026-07-28 target with {@code extra} options (the bus), for the drivers' headers. */
    private Target target(String name, String... extra) {
        List<String> command = new ArrayList<>(replicaCommand);
        command.addAll(List.of(extra));
        return new Target(name, command, true, true, true, false);
    }

    void run(int subscribers, int changes, Duration warmup, Duration measure) throws Exception {
        int redisPort = ServerProcess.freePort();
        Process redis = start(
                List.of(
                        "redis-server",
                        "--port",
                        Integer.toString(redisPort),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no"),
                "replicas-redis.log");
        awaitPort(redisPort);
        String bus = "redis://127.0.0.1:" + redisPort;
        try {
            Target shared = target("reservoir/replica", "--bus", bus);
            Target alone = target("reservoir/alone");
            ServerProcess one = server(alone, "replicas-alone.log");
            ServerProcess[] three = {
                server(shared, "replicas-r1.log"), server(shared, "replicas-r2.log"), server(shared, "replicas-r3.log")
            };
            int balancer = haproxy(three);
            readHot(shared, alone, balancer, three, one, warmup, measure);
            fanOut(shared, alone, three, one, subscribers, changes);
            latency(shared, alone, three[0], one, changes);
        } finally {
            for (AutoCloseable c : running.reversed()) {
                c.close();
            }
            redis.destroy();
            redis.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private void readHot(
            Target shared,
            Target alone,
            int balancer,
            ServerProcess[] three,
            ServerProcess direct,
            Duration warmup,
            Duration measure)
            throws Exception {
        // Each replica is warmed by a load of its own first, as the one replica is by its own
        // measure's warm-up. Through HAProxy each has a third of the load, and three JITs on two
        // cores were still compiling when measured: 0.13x-0.32x one replica in three full runs;
        // 0.57x-0.64x with each warmed first (PROFILE.md, forty-fourth pass).
        for (ServerProcess replica : three) {
            ReadHot.against(shared, replica.port, List.of(replica), 16, warmup, Duration.ofMillis(500));
        }
        for (int c : new int[] {16, 64}) {
            ReadHot.Result lb = ReadHot.against(shared, balancer, List.of(three), c, warmup, measure);
            ReadHot.Result one = ReadHot.against(alone, direct.port, List.of(direct), c, warmup, measure);
            System.out.printf(
                    Locale.ROOT,
                    "replicas: read-hot, %d in flight: 3 replicas via HAProxy %.0f ops/s"
                            + " (p99 %.1f ms), 1 replica direct %.0f ops/s (p99 %.1f ms); ratio %.2f%s%n",
                    c,
                    lb.opsPerSecond(),
                    lb.p99Nanos() / 1e6,
                    one.opsPerSecond(),
                    one.p99Nanos() / 1e6,
                    lb.opsPerSecond() / one.opsPerSecond(),
                    lb.jitSettled() && one.jitSettled() ? "" : " (a JIT was still compiling when measured)");
        }
    }

    private void fanOut(Target shared, Target alone, ServerProcess[] three, ServerProcess one, int count, int changes)
            throws Exception {
        List<Subscribers> spread = new ArrayList<>();
        for (int i = 0; i < three.length; i++) {
            // count split as evenly as it goes: 10,000 is 3,334 + 3,333 + 3,333
            int here = count / three.length + (i < count % three.length ? 1 : 0);
            spread.add(Subscribers.open(shared, three[i].port, here));
        }
        double threeMs = median(allHeard(shared, three[0].port, spread, changes));
        spread.forEach(Subscribers::close);
        try (Subscribers together = Subscribers.open(alone, one.port, count)) {
            double oneMs = median(allHeard(alone, one.port, List.of(together), changes));
            System.out.printf(
                    Locale.ROOT,
                    "replicas: fan-out to %d listen subscribers, until all heard a change:"
                            + " over 3 replicas (Redis bus) %.1f ms, on 1 replica %.1f ms (medians of %d); ratio %.2f%n",
                    count,
                    threeMs,
                    oneMs,
                    changes,
                    threeMs / oneMs);
        }
    }

    private void latency(Target shared, Target alone, ServerProcess replica, ServerProcess one, int changes)
            throws Exception {
        try (Subscribers viaRedis = Subscribers.open(shared, replica.port, 1);
                Subscribers inProcess = Subscribers.open(alone, one.port, 1)) {
            double redisMs = median(allHeard(shared, replica.port, List.of(viaRedis), changes));
            double localMs = median(allHeard(alone, one.port, List.of(inProcess), changes));
            System.out.printf(
                    Locale.ROOT,
                    "replicas: change to notification, 1 subscriber: Redis bus %.2f ms,"
                            + " in-process %.2f ms (medians of %d); the bus adds %.2f ms (ratio %.2f)%n",
                    redisMs,
                    localMs,
                    changes,
                    redisMs - localMs,
                    redisMs / localMs);
        }
    }

    /** Per change (a read of bench://touch/0 on {@code port}), the ms until every subscriber heard it. */
    private static List<Double> allHeard(Target target, int port, List<Subscribers> groups, int changes)
            throws Exception {
        List<Double> out = new ArrayList<>();
        String session = Driver.openSession(target, port);
        try (Driver.Channel trigger = Driver.http(target, port, session)) {
            for (int round = 0; round < changes; round++) {
                Thread.sleep(200); // the previous round's notifications drain completely
                List<CountDownLatch> latches =
                        groups.stream().map(Subscribers::expect).toList();
                long t0 = System.nanoTime();
                trigger.call("resources/read", "bench://touch/0", "\"uri\":\"bench://touch/0\"");
                long last = -1;
                for (int g = 0; g < groups.size(); g++) {
                    if (!latches.get(g).await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("subscribers did not hear change " + round);
                    }
                    last = Math.max(
                            last, Arrays.stream(groups.get(g).delays(t0)).max().orElse(-1));
                }
                out.add(last / 1e6);
            }
        }
        return out;
    }

    private static double median(List<Double> values) {
        return Stats.Spread.of(values).median();
    }

    private ServerProcess server(Target target, String log) throws Exception {
        ServerProcess server = ServerProcess.http(target.command(), logs.resolve(log), Duration.ofSeconds(120));
        running.add(server);
        return server;
    }

    private int haproxy(ServerProcess[] three) throws Exception {
        int port = ServerProcess.freePort();
        ProcessBuilder b = new ProcessBuilder(
                        "haproxy",
                        "-f",
                        root.resolve("docs/replicas/haproxy.cfg").toString())
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve("replicas-haproxy.log").toFile());
        b.environment().put("RESERVOIR_LISTEN", "127.0.0.1:" + port);
        for (int i = 0; i < 3; i++) {
            b.environment().put("RESERVOIR_REPLICA" + (i + 1), "127.0.0.1:" + three[i].port);
        }
        b.environment()
                .put(
                        "RESERVOIR_HAPROXY_SOCKET",
                        logs.resolve("haproxy.sock").toAbsolutePath().toString());
        Process p = b.start();
        running.add(() -> {
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
        });
        awaitPort(port);
        Thread.sleep(3000); // HAProxy's health checks (rise 2, every second) put the replicas in rotation
        return port;
    }

    private Process start(List<String> command, String log) throws IOException {
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(log).toFile())
                .start();
    }

    private static void awaitPort(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("nothing listens on " + port);
                }
                Thread.sleep(50);
            }
        }
    }
}
