package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;

/**
 * idle sessions: the server's resident memory per open session, each with its notification
 * stream open (a GET stream in the session era, a subscriptions/listen stream in 2026-07-28).
 */
final class IdleSessions {

    private IdleSessions() {}

    /** Bytes of resident memory per session, measured as the growth from 100 to {@code sessions} + 100 sessions. */
    static double run(Target target, int sessions, Path log) throws Exception {
        try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60));
                Subscribers warm = Subscribers.open(target, server.port, 100)) {
            Thread.sleep(1000);
            long before = server.rss();
            try (Subscribers idle = Subscribers.open(target, server.port, sessions)) {
                Thread.sleep(2000);
                long after = server.rss();
                return (after - before) / (double) sessions;
            }
        }
    }
}
