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
 * <p>Usage: {@code Profile --root REPO --target reservoir/stdio [--in-flight 64] [--seconds 20] [--jfr FILE]
 * [--fan-out SUBSCRIBERS [--changes N]] [--list N] [--sampling high] [--agentpath LIB=OPTIONS]}. With {@code --fan-out} it
 * drives fan-out's changes instead of reads; with {@code --list} it lists everything N times;
 * {@code --sampling max} takes a Java sample every millisecond instead of every 10.
 */
public final class Profile {

    /** Changes made at least before fan-out's measured ones (more while the JIT compiles, as in the suite). */
    private static final int FAN_OUT_WARM_UPS = 5;

    private Profile() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        String name = "reservoir/http-2026-07-28";
        int inFlight = 64;
        int seconds = 20;
        Path jfr = null;
        int fanOut = 0;
        int changes = 20;
        int listings = 0;
        String sampling = "high";
        String agentPath = null;
        String jvmOptions = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--target" -> name = args[++i];
                case "--in-flight" -> inFlight = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--jfr" -> jfr = Path.of(args[++i]);
                case "--fan-out" -> fanOut = Integer.parseInt(args[++i]);
                case "--changes" -> changes = Integer.parseInt(args[++i]);
                case "--list" -> listings = Integer.parseInt(args[++i]);
                case "--sampling" -> sampling = args[++i];
                case "--agentpath" -> agentPath = args[++i];
                case "--jvm-options" -> jvmOptions = args[++i];
                default -> {
                    System.err.println(
                            "usage: Profile --root REPO --target NAME [--in-flight N] [--seconds S] [--jfr FILE]"
                                    + " [--sampling normal|high|max] [--agentpath LIB=OPTIONS] [--jvm-options OPTIONS]");
                    System.exit(2);
                }
            }
        }
        Target target = Suite.target(root, name);
        List<String> command = target.command();
        if (jfr != null) {
            // -Dbench.samplePeriod=1ms samples more often still (short workloads).
            String period = System.getProperty("bench.samplePeriod");
            command = Suite.withJvmOptions(
                    command,
                    "-XX:StartFlightRecording=filename=" + jfr.toAbsolutePath() + ",settings=profile,method-profiling="
                            + sampling
                            + (period == null ? "" : ",jdk.ExecutionSample#period=" + period));
        }
        if (agentPath != null) {
            // A native profiler instead, e.g. async-profiler (which, unlike JFR, works with the AOT cache):
            // --agentpath /path/libasyncProfiler.so=start,event=cpu,interval=100us,file=out.collapsed,collapsed
            command = Suite.withJvmOptions(command, "-agentpath:" + agentPath);
        }
        if (jvmOptions != null) {
            // Any other options for the server's JVM, e.g. "-XX:+PrintCompilation" (its output goes
            // to the server's log, reservoir-profile.log in the temporary directory).
            command = Suite.withJvmOptions(command, jvmOptions);
        }
        Target profiled = target.withCommand(command);
        long[] peak = {0};
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-profile.log");
        if (fanOut > 0) {
            FanOut.Result f = FanOut.run(profiled, fanOut, FAN_OUT_WARM_UPS, FanOut.MAX_EXTRA_WARM_UPS, changes, log);
            System.out.printf(
                    Locale.ROOT,
                    "%s: fan-out to %d, all notified %.1f ms (%s), p99 %.1f ms, server CPU %.0f ms per change,"
                            + " after %d warm-up changes (%s)%s%n",
                    name,
                    fanOut,
                    Stats.Spread.of(f.allMillis()).median(),
                    Stats.Spread.of(f.allMillis()).relative(),
                    Stats.Spread.of(f.p99Millis()).median(),
                    f.serverCpuMillis(),
                    f.warmUps(),
                    f.settled() ? "the JIT settled" : "the JIT still compiling",
                    jfr == null ? "" : "; recording in " + jfr);
            return;
        }
        if (listings > 0) {
            System.out.printf(
                    Locale.ROOT,
                    "%s: server CPU %.1f ms per listing%s%n",
                    name,
                    ListAll.cpuPerListing(profiled, log, listings),
                    jfr == null ? "" : "; recording in " + jfr);
            return;
        }
        ReadHot.Result r = ReadHot.run(
                        profiled, new int[] {inFlight}, Duration.ofSeconds(5), Duration.ofSeconds(seconds), log, peak)
                .getFirst();
        System.out.printf(
                Locale.ROOT,
                "%s: %d in flight, %.0f ops/s, server CPU %.1f us per read, client CPU %.1f us per read, p50 %.2f ms, p99 %.2f ms, peak RSS %d MiB%s%n",
                name,
                inFlight,
                r.opsPerSecond(),
                r.cpuMicrosPerOp(),
                r.clientCpuMicrosPerOp(),
                r.p50Nanos() / 1e6,
                r.p99Nanos() / 1e6,
                peak[0] >> 20,
                jfr == null ? "" : "; recording in " + jfr);
    }
}
