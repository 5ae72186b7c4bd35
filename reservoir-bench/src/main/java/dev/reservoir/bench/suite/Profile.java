package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Profiles one target under read-hot's load: starts it with a JFR recording, drives random 1 KiB
 * reads at one concurrency for a while after a warm-up, and leaves the recording in a file to read
 * with {@code jfr print --events jdk.ExecutionSample} or {@code jfr summary}. See PROFILE.md.
 *
 * <p>Usage: {@code Profile --root REPO --target reservoir/stdio [--in-flight 64] [--seconds 20] [--jfr FILE]}.
 */
public final class Profile {

    private Profile() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        String name = "reservoir/http-2026-07-28";
        int inFlight = 64;
        int seconds = 20;
        Path jfr = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--target" -> name = args[++i];
                case "--in-flight" -> inFlight = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--jfr" -> jfr = Path.of(args[++i]);
                default -> {
                    System.err.println(
                            "usage: Profile --root REPO --target NAME [--in-flight N] [--seconds S] [--jfr FILE]");
                    System.exit(2);
                }
            }
        }
        Target target = Suite.targets(root.toAbsolutePath().normalize()).get(name);
        if (target == null) {
            throw new IllegalArgumentException("no target " + name);
        }
        List<String> command = jfr == null
                ? target.command()
                : Suite.withJvmOptions(
                        target.command(),
                        "-XX:StartFlightRecording=filename=" + jfr.toAbsolutePath() + ",settings=profile");
        Target profiled =
                new Target(target.name(), command, target.http(), target.stateless(), target.dataset(), target.floor());
        long[] peak = {0};
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-profile.log");
        ReadHot.Result r = ReadHot.run(
                        profiled, new int[] {inFlight}, Duration.ofSeconds(5), Duration.ofSeconds(seconds), log, peak)
                .getFirst();
        System.out.printf(
                Locale.ROOT,
                "%s: %d in flight, %.0f ops/s, p50 %.2f ms, p99 %.2f ms, peak RSS %d MiB%s%n",
                name,
                inFlight,
                r.opsPerSecond(),
                r.p50Nanos() / 1e6,
                r.p99Nanos() / 1e6,
                peak[0] >> 20,
                jfr == null ? "" : "; recording in " + jfr);
    }
}
