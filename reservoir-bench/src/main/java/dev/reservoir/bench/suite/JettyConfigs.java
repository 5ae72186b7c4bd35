package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What Jetty's set-up costs: the Jetty floor ({@code floor/http}) started with variants of its
 * configuration ({@code -Dfloor.jetty.*} options, see {@link dev.reservoir.bench.suite.floor.HttpFloor}),
 * each measured under read-hot's load next to the raw-socket floor in interleaved rounds.
 *
 * <p>Usage: {@code JettyConfigs --root REPO [--rounds 3] [--seconds 5] [--in-flight 64]
 * [--variant NAME=-Dfloor.jetty.virtual=false,-Dfloor.jetty.maxThreads=200 ...]}; without a
 * variant, Reservoir's set-up alone.
 */
public final class JettyConfigs {

    private JettyConfigs() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        int rounds = 3;
        int seconds = 5;
        int inFlight = 64;
        Map<String, List<String>> variants = new LinkedHashMap<>();
        variants.put("jetty-as-reservoir", List.of());
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--in-flight" -> inFlight = Integer.parseInt(args[++i]);
                case "--variant" -> {
                    String[] v = args[++i].split("=", 2);
                    variants.put(v[0], List.of(v[1].split(",")));
                }
                default -> {
                    System.err.println("usage: JettyConfigs --root REPO [--rounds N] [--seconds S] [--in-flight N]"
                            + " [--variant NAME=-Dopt=value,...]");
                    System.exit(2);
                }
            }
        }
        Map<String, Target> targets = Suite.targets(root.toAbsolutePath().normalize());
        Map<String, Target> runs = new LinkedHashMap<>();
        runs.put("raw", targets.get("floor/http-raw"));
        Target jetty = targets.get("floor/http");
        for (var v : variants.entrySet()) {
            List<String> command = new ArrayList<>(jetty.command());
            command.addAll(1, v.getValue());
            runs.put(v.getKey(), new Target(v.getKey(), command, true, false, false, true));
        }
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-jetty-configs.log");
        for (int round = 1; round <= rounds; round++) {
            double raw = 0;
            for (var run : runs.entrySet()) {
                ReadHot.Result r = ReadHot.run(
                                run.getValue(),
                                new int[] {inFlight},
                                Duration.ofSeconds(3),
                                Duration.ofSeconds(seconds),
                                log,
                                new long[1])
                        .getFirst();
                if (run.getKey().equals("raw")) {
                    raw = r.opsPerSecond();
                }
                ratios.computeIfAbsent(run.getKey(), k -> new ArrayList<>()).add(r.opsPerSecond() / raw);
                cpu.computeIfAbsent(run.getKey(), k -> new ArrayList<>()).add(r.cpuMicrosPerOp());
                System.err.printf(
                        Locale.ROOT,
                        "round %d %s %.0f ops/s, server CPU %.1f us per request%n",
                        round,
                        run.getKey(),
                        r.opsPerSecond(),
                        r.cpuMicrosPerOp());
            }
        }
        for (var v : ratios.entrySet()) {
            Stats.Spread s = Stats.Spread.of(v.getValue());
            System.out.printf(
                    Locale.ROOT,
                    "%-24s %.2fx the raw floor (%s), server CPU %.1f us per request (median)%n",
                    v.getKey(),
                    s.median(),
                    s.relative(),
                    Stats.Spread.of(cpu.get(v.getKey())).median());
        }
    }
}
