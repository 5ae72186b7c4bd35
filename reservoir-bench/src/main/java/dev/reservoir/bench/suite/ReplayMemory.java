package dev.reservoir.bench.suite;

import dev.reservoir.bench.memory.LiveHeap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a server keeps for the events its sessions can replay: {@code sessions} subscribers, each
 * with its notification stream open, hear {@code changes} changes; the server's live heap after a
 * full collection ({@link LiveHeap}), before and after them, divided by the events delivered. In
 * the session era every stream is resumable, so each keeps its newest events (1,000 by default)
 * for a client that reconnects with {@code Last-Event-ID}: up to that many changes, every event
 * delivered is still held.
 *
 * <p>Usage: {@code ReplayMemory --root REPO [--target reservoir/http-2025-11-25] [--sessions 1000]
 * [--changes 1000]}. The target must be a JVM.
 */
public final class ReplayMemory {

    private ReplayMemory() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        String name = "reservoir/http-2025-11-25";
        int sessions = 1000;
        int changes = 1000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--target" -> name = args[++i];
                case "--sessions" -> sessions = Integer.parseInt(args[++i]);
                case "--changes" -> changes = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: ReplayMemory --root REPO [--target NAME] [--sessions N] [--changes N]");
                    System.exit(2);
                }
            }
        }
        Target target = Suite.target(root, name);
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-replay-memory.log");
        try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60));
                Subscribers subs = Subscribers.open(target, server.port, sessions);
                Driver.Channel trigger = Driver.http(target, server.port, Driver.openSession(target, server.port))) {
            long pid = server.process.pid();
            Thread.sleep(1000);
            long before = LiveHeap.afterFullGc(pid);
            long t0 = System.nanoTime();
            for (int i = 0; i < changes; i++) {
                CountDownLatch heard = subs.expect();
                trigger.call("resources/read", "bench://touch/0", "\"uri\":\"bench://touch/0\"");
                if (!heard.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("change " + i + " did not reach every subscriber");
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long after = LiveHeap.afterFullGc(pid);
            long events = (long) sessions * changes;
            System.out.printf(
                    "%s: %d sessions heard %d changes in %.1f s; live heap after a full GC %.1f -> %.1f MiB:"
                            + " %.1f bytes a delivered event, %.1f KiB a session%n",
                    name,
                    sessions,
                    changes,
                    seconds,
                    before / 1048576.0,
                    after / 1048576.0,
                    (after - before) / (double) events,
                    (after - before) / 1024.0 / sessions);
        }
    }
}
