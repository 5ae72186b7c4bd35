package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares two builds of Reservoir under read-hot's load, in rounds (floor, before, after; again),
 * each round's servers running together and measured in turn in half-second slices (see {@link
 * ReadHot}), so that a change is judged by ratios from the same seconds on a noisy machine:
 * each build to the floor, and after to before. "After" is this tree's launcher; "before" is the
 * launcher of another tree (built from the commit before the change), named by its launcher or its
 * reservoir-cli/target/reservoir.jar. Each runs as users run it: through its ./reservoir, with that
 * launcher's JVM options and class archive.
 *
 * <p>Usage: {@code Compare --root REPO --before JAR|LAUNCHER [--target reservoir/stdio] [--rounds 3]
 * [--in-flight 64] [--seconds 8] [--peer node-everything/stdio] [--list]}; the floor is the target's
 * transport's (the raw one for HTTP). A peer, when named, runs in every round too, and each build's
 * peak RSS is given as a ratio to the peer's. With {@code --list} it compares the time of list-all (every page) instead, without a floor.
 * With {@code --blob} it compares blob's MB/s (a 100 MiB blob read once from a fresh server; floor, before, after
 * in each round).
 */
public final class Compare {

    private Compare() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        Path before = null;
        String name = "reservoir/stdio";
        int rounds = 3;
        int inFlight = 64;
        int seconds = 8;
        boolean list = false;
        boolean blob = false;
        String peer = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--before" -> before = Path.of(args[++i]);
                case "--target" -> name = args[++i];
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--in-flight" -> inFlight = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--list" -> list = true;
                case "--blob" -> blob = true;
                case "--peer" -> peer = args[++i];
                default -> {
                    System.err.println("usage: Compare --root REPO --before JAR|LAUNCHER [--target NAME] [--rounds N]"
                            + " [--in-flight N] [--seconds S] [--peer NAME] [--list | --blob]");
                    System.exit(2);
                }
            }
        }
        Map<String, Target> targets = Suite.targets(root.toAbsolutePath().normalize());
        Target after = Suite.target(targets, name);
        Map<String, Target> runs = new LinkedHashMap<>();
        runs.put("floor", targets.get(after.http() ? Suite.rawFloor(after) : "floor/stdio"));
        if (peer != null) {
            runs.put("peer", Suite.target(targets, peer));
        }
        runs.put("before", launchedBy(after, launcher(before.toAbsolutePath().normalize())));
        runs.put("after", after);
        if (list) {
            compareListings(runs, rounds);
            return;
        }
        if (blob) {
            compareBlobs(name, runs, rounds);
            return;
        }
        Map<String, List<Double>> ops = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        Map<String, List<Double>> clientCpu = new LinkedHashMap<>();
        Map<String, List<Double>> rss = new LinkedHashMap<>();
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-compare.log");
        for (int round = 1; round <= rounds; round++) {
            // All of a round's servers run together and are measured in turn, in half-second
            // slices (see ReadHot): before and after within a second of each other.
            List<String> keys = order(runs.keySet(), round);
            List<ReadHot.Round> measured = ReadHot.interleaved(
                    keys.stream().map(runs::get).toList(),
                    new int[] {inFlight},
                    Duration.ofSeconds(5),
                    Duration.ofSeconds(seconds),
                    Math.max(1, seconds * 2),
                    t -> log);
            for (int i = 0; i < keys.size(); i++) {
                String key = keys.get(i);
                ReadHot.Result r = measured.get(i).levels().getFirst();
                long peak = measured.get(i).peakRss();
                ops.computeIfAbsent(key, k -> new ArrayList<>()).add(r.opsPerSecond());
                cpu.computeIfAbsent(key, k -> new ArrayList<>()).add(r.cpuMicrosPerOp());
                rss.computeIfAbsent(key, k -> new ArrayList<>()).add((double) peak);
                clientCpu.computeIfAbsent(key, k -> new ArrayList<>()).add(r.clientCpuMicrosPerOp());
                System.err.printf(
                        Locale.ROOT,
                        "round %d %s %.0f ops/s, server CPU %.1f us per read, client CPU %.1f us per read, peak RSS %d MiB%n",
                        round,
                        key,
                        r.opsPerSecond(),
                        r.cpuMicrosPerOp(),
                        r.clientCpuMicrosPerOp(),
                        peak >> 20);
            }
        }
        System.out.printf(
                Locale.ROOT, "%s, %d in flight, %d rounds: %s%n", name, inFlight, rounds, ratios(ops, rounds));
        printMedians("server CPU per read", cpu);
        printMedians("client CPU per read", clientCpu);
        if (peer != null) {
            printMemory(peer, rss, rounds);
        }
    }

    /** One line: the median of each run's figures (microseconds), floor, before and after. */
    private static void printMedians(String what, Map<String, List<Double>> figures) {
        System.out.printf(
                Locale.ROOT,
                "%s (median): floor %.1f us, before %.1f us, after %.1f us%n",
                what,
                Stats.Spread.of(figures.get("floor")).median(),
                Stats.Spread.of(figures.get("before")).median(),
                Stats.Spread.of(figures.get("after")).median());
    }

    /**
     * The order of one round: the baselines first, then the two builds, before first in odd rounds
     * and after first in even ones. In a fixed order the build in the first place read 4-5% faster
     * than the same build in the second (two runs of the same pair with the places swapped each
     * gave after/before 0.95x-0.96x), which a change of a few percent cannot be told from.
     */
    private static List<String> order(java.util.Collection<String> keys, int round) {
        List<String> order = new ArrayList<>(keys);
        if (round % 2 == 0) {
            int b = order.indexOf("before");
            int a = order.indexOf("after");
            order.set(b, "after");
            order.set(a, "before");
        }
        return order;
    }

    /** Peak RSS of each build as a ratio to the peer's in the same round: medians and spreads. */
    private static void printMemory(String peer, Map<String, List<Double>> rss, int rounds) {
        StringBuilder line = new StringBuilder("peak RSS under load, to " + peer + "'s (")
                .append(Math.round(Stats.Spread.of(rss.get("peer")).median() / 1048576))
                .append(" MiB):");
        for (String build : List.of("before", "after")) {
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                ratios.add(rss.get(build).get(i) / rss.get("peer").get(i));
            }
            Stats.Spread r = Stats.Spread.of(ratios);
            line.append(String.format(
                    Locale.ROOT,
                    " %s %.2fx (%s, %d MiB)",
                    build,
                    r.median(),
                    r.relative(),
                    Math.round(Stats.Spread.of(rss.get(build)).median() / 1048576)));
        }
        System.out.println(line);
    }

    /** blob (100 MiB, each read by a fresh server) by the floor and each build in interleaved rounds. */
    private static void compareBlobs(String name, Map<String, Target> runs, int rounds) throws Exception {
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-compare.log");
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (String key : order(runs.keySet(), round)) {
                Blob.Result r = Blob.run(runs.get(key), "bench://blob/100MiB", log);
                if (r.decodedBytes() != Blob.SIZE) {
                    throw new IllegalStateException(key + ": the blob decoded to " + r.decodedBytes() + " bytes");
                }
                rates.computeIfAbsent(key, k -> new ArrayList<>()).add(r.mbPerSecond());
                System.err.printf(
                        Locale.ROOT,
                        "round %d %s %.0f MB/s, peak RSS %d MiB%n",
                        round,
                        key,
                        r.mbPerSecond(),
                        r.peakRss() >> 20);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%s, blob 100 MiB, %d rounds: floor %.0f MB/s, %s%n",
                name,
                rounds,
                Stats.Spread.of(rates.get("floor")).median(),
                ratios(rates, rounds));
    }

    /**
     * Each build's figure to the floor's and after's to before's, round by round (higher is
     * better): "before 0.80x floor (±3%), after 0.84x floor (±2%), after/before 1.05x (±4%)".
     */
    private static String ratios(Map<String, List<Double>> figures, int rounds) {
        List<Double> beforeToFloor = new ArrayList<>();
        List<Double> afterToFloor = new ArrayList<>();
        List<Double> afterToBefore = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            double floor = figures.get("floor").get(i);
            double before = figures.get("before").get(i);
            double after = figures.get("after").get(i);
            beforeToFloor.add(before / floor);
            afterToFloor.add(after / floor);
            afterToBefore.add(after / before);
        }
        Stats.Spread b = Stats.Spread.of(beforeToFloor);
        Stats.Spread a = Stats.Spread.of(afterToFloor);
        Stats.Spread ab = Stats.Spread.of(afterToBefore);
        return String.format(
                Locale.ROOT,
                "before %.2fx floor (%s), after %.2fx floor (%s), after/before %.2fx (%s)",
                b.median(),
                b.relative(),
                a.median(),
                a.relative(),
                ab.median(),
                ab.relative());
    }

    /** list-all (every page, warm) by each build in interleaved rounds: the time of after to before. */
    private static void compareListings(Map<String, Target> runs, int rounds) throws Exception {
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "reservoir-compare.log");
        List<Double> ratios = new ArrayList<>();
        List<Double> firstRatios = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            List<String> builds = order(List.of("before", "after"), round);
            Map<String, ListAll.Result> listed = new LinkedHashMap<>();
            for (String build : builds) {
                listed.put(build, ListAll.run(runs.get(build), log));
            }
            ListAll.Result b = listed.get("before");
            ListAll.Result a = listed.get("after");
            double before = b.seconds();
            double after = a.seconds();
            ratios.add(after / before);
            firstRatios.add(a.firstSeconds() / b.firstSeconds());
            // The CPU figure drives the server over stdio: an HTTP target's command would not answer there.
            boolean stdio = !runs.get("after").http();
            Map<String, Double> cpu = new LinkedHashMap<>();
            for (String build : builds) {
                cpu.put(build, stdio ? ListAll.cpuPerListing(runs.get(build), log, 50) : Double.NaN);
            }
            double cpuBefore = cpu.get("before");
            double cpuAfter = cpu.get("after");
            cpuRatios.add(cpuAfter / cpuBefore);
            System.err.printf(
                    Locale.ROOT,
                    "round %d list-all before %.1f ms in %d pages (first %.1f ms, server CPU %.1f ms),"
                            + " after %.1f ms in %d pages (first %.1f ms, %.1f ms)%n",
                    round,
                    before * 1e3,
                    b.pages(),
                    b.firstSeconds() * 1e3,
                    cpuBefore,
                    after * 1e3,
                    a.pages(),
                    a.firstSeconds() * 1e3,
                    cpuAfter);
        }
        Stats.Spread r = Stats.Spread.of(ratios);
        Stats.Spread f = Stats.Spread.of(firstRatios);
        Stats.Spread c = Stats.Spread.of(cpuRatios);
        System.out.printf(
                Locale.ROOT,
                "list-all, %d rounds: after's time / before's %.2fx (%s); first listing %.2fx (%s);"
                        + " server CPU per listing, after / before %.2fx (%s)%n",
                rounds,
                r.median(),
                r.relative(),
                f.median(),
                f.relative(),
                c.median(),
                c.relative());
    }

    /** The launcher of the tree a jar was built in (its reservoir-cli/target/reservoir.jar), or the launcher itself. */
    private static Path launcher(Path given) {
        Path launcher = given.toString().endsWith(".jar") && given.getNameCount() >= 3
                ? given.getParent().getParent().getParent().resolve("reservoir")
                : given;
        if (!java.nio.file.Files.isExecutable(launcher)) {
            throw new IllegalArgumentException("no launcher at " + launcher + ": give --before the ./reservoir of"
                    + " a built tree (a worktree of the commit before), or its reservoir-cli/target/reservoir.jar");
        }
        return launcher;
    }

    /** The target started by another launcher. */
    private static Target launchedBy(Target target, Path launcher) {
        List<String> command = new ArrayList<>();
        for (String a : target.command()) {
            command.add(Path.of(a).getFileName().toString().equals("reservoir") ? launcher.toString() : a);
        }
        return target.withCommand(command);
    }
}
