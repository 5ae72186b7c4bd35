package dev.reservoir.provider.git.bench;

import dev.reservoir.core.model.Resource;
import dev.reservoir.provider.git.GitProvider;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The git provider's benchmark, against {@code git cat-file --batch} (the floor) and the git
 * command line, all in the same run so the ratios compare like with like:
 *
 * <ul>
 *   <li>reads of random files at HEAD and at the first commit through a full server, 1 and 16 in
 *       flight, against cat-file (one process per reader) and {@code git show REV:PATH};
 *   <li>the log of a file touched by every tenth of 10,000 commits, and of the whole history,
 *       against {@code git log};
 *   <li>listing the 100,000-file tree a page of 100 at a time (time, peak and live heap) against
 *       {@code git ls-tree -r -t};
 *   <li>the time from {@code git update-ref} moving a branch to the {@code updated} notification.
 * </ul>
 *
 * Run it with {@code scripts/mvn -q -pl reservoir-provider-git -am test-compile exec:java} (in Maven's JVM) or, with a small
 * heap, {@code java -Xmx256m -cp ... dev.reservoir.provider.git.bench.GitBench}. Properties:
 * {@code gitbench.files} (100000), {@code gitbench.commits} (10000), {@code gitbench.reads} (4000).
 * The machines are shared: read the ratios, not the absolute figures.
 */
public final class GitBench {

    private GitBench() {}

    public static void main(String[] args) throws Exception {
        int files = Integer.getInteger("gitbench.files", 100_000);
        int commits = Integer.getInteger("gitbench.commits", 10_000);
        int reads = Integer.getInteger("gitbench.reads", 4_000);
        System.out.printf(
                "GitBench: %d cores, max heap %d MiB, java %s, %s%n",
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.version"),
                BenchRepo.run(Path.of("."), "git", "--version").strip());
        Path work = Files.createTempDirectory("reservoir-gitbench-");
        try {
            Path repo = work.resolve("bench.git");
            long t = System.nanoTime();
            BenchRepo.make(repo, files, commits);
            System.out.printf(
                    "made %d files and %d commits with git fast-import in %.1f s%n",
                    files, commits, (System.nanoTime() - t) / 1e9);
            String first = BenchRepo.run(repo, "git", "rev-list", "--max-parents=0", "main")
                    .strip();
            // A served repository's refs are mostly older than a few seconds; the provider answers
            // ref lookups from memory only once the ref files are 2 s old (RefCache.SETTLE), and
            // through JGit before. Reads are measured in that steady state.
            Thread.sleep(2_500);
            try (GitProvider provider = GitProvider.builder(repo).name("bench").build();
                    McpServer server = McpServer.builder()
                            .provider(provider)
                            .requestTimeout(Duration.ofMinutes(5))
                            .build();
                    BenchClient client = new BenchClient(server)) {
                String only = System.getProperty("gitbench.only", "reads,logs,list,notify");
                if (only.contains("reads")) {
                    warmUp(client, files, List.of("main", first));
                    reads(repo, client, files, reads, "main", "HEAD");
                    reads(repo, client, files, reads, first, "the first commit");
                }
                if (only.contains("logs")) {
                    logs(repo, client);
                }
                if (only.contains("list")) {
                    list(repo, provider, files);
                }
            }
            if (System.getProperty("gitbench.only", "notify").contains("notify")) {
                Notify.run(work.resolve("notify"), Duration.ofMillis(100), 20);
                Notify.run(work.resolve("notify-fast"), Duration.ofMillis(10), 20);
            }
        } finally {
            try (Stream<Path> walk = Files.walk(work)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /**
     * Reads at every revision measured, for at least 8 s, before any is measured: with only the short
     * warm-up each measure has, whichever kind of read came first was measured while the JIT still
     * compiled what it needs (up to 2x slower than the same reads measured again right after). A
     * fixed time, not a fixed count: the JIT's compiling takes time whatever the reads cost.
     */
    private static void warmUp(BenchClient client, int files, List<String> revs) throws Exception {
        Random random = new Random(11);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
        while (System.nanoTime() < end) {
            for (String rev : revs) {
                run(
                        2_000,
                        16,
                        i -> client.read(
                                "git://bench/tree/" + rev + "/" + BenchRepo.path(random.nextInt(files), files)));
            }
        }
    }

    private static void reads(Path repo, BenchClient client, int files, int count, String rev, String label)
            throws Exception {
        Random random = new Random(7);
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            paths.add(BenchRepo.path(random.nextInt(files), files));
        }
        for (int inFlight : new int[] {1, 16}) {
            // Warm-up: the JIT, JGit's caches and the pack index.
            run(Math.min(500, count), inFlight, i -> client.read("git://bench/tree/" + rev + "/" + paths.get(i)));
            double ours = run(count, inFlight, i -> client.read("git://bench/tree/" + rev + "/" + paths.get(i)));
            double floor = catFile(repo, paths, rev, inFlight);
            int cliCount = Math.min(count, 400);
            double cli = run(cliCount, inFlight, i -> BenchRepo.run(repo, "git", "show", rev + ":" + paths.get(i)));
            System.out.printf(
                    "read at %s, %d in flight: reservoir %.0f ops/s; git cat-file --batch %.0f ops/s;"
                            + " git show %.0f ops/s; reservoir/cat-file %.2f, reservoir/git show %.1f%n",
                    label, inFlight, ours, floor, cli, ours / floor, ours / cli);
        }
    }

    private static double catFile(Path repo, List<String> paths, String rev, int inFlight) throws Exception {
        List<CatFile> processes = new ArrayList<>();
        for (int i = 0; i < inFlight; i++) {
            processes.add(new CatFile(repo));
        }
        try {
            java.util.concurrent.BlockingQueue<CatFile> idle =
                    new java.util.concurrent.LinkedBlockingQueue<>(processes);
            Op op = i -> {
                CatFile process = idle.take();
                try {
                    process.read(rev + ":" + paths.get(i));
                } finally {
                    idle.add(process);
                }
            };
            run(Math.min(500, paths.size()), inFlight, op);
            return run(paths.size(), inFlight, op);
        } finally {
            for (CatFile process : processes) {
                process.close();
            }
        }
    }

    private static void logs(Path repo, BenchClient client) throws Exception {
        String format = "--format=%H%x09%aI%x09%an%x09%s";
        for (String[] pair :
                new String[][] {{"?path=hot/target.txt&limit=10000", "hot/target.txt"}, {"?limit=10000", null}}) {
            String uri = "git://bench/log/main" + pair[0];
            double ours = median(5, () -> client.read(uri));
            double git = median(5, () -> {
                if (pair[1] == null) {
                    BenchRepo.run(repo, "git", "log", format, "main");
                } else {
                    BenchRepo.run(repo, "git", "log", format, "main", "--", pair[1]);
                }
            });
            System.out.printf(
                    "log of %s: reservoir %.0f ms, git log %.0f ms, ratio %.2f%n",
                    pair[1] == null ? "the whole history" : pair[1], ours, git, ours / git);
        }
    }

    private static void list(Path repo, GitProvider provider, int files) throws Exception {
        for (String pass : List.of("cold", "warm")) {
            System.gc();
            long before = heapUsed();
            resetPeaks();
            long live = 0;
            long sampling = 0;
            int pages = 0;
            long items = 0;
            String cursor = null;
            long start = System.nanoTime();
            do {
                Page<Resource> page = provider.list(new ListRequest(null, cursor, 100));
                items += page.items().size();
                cursor = page.nextCursor();
                if (++pages % 200 == 0) {
                    long g = System.nanoTime();
                    System.gc();
                    live = Math.max(live, heapUsed());
                    sampling += System.nanoTime() - g;
                }
            } while (cursor != null);
            long elapsed = System.nanoTime() - start - sampling;
            double git = median(3, () -> BenchRepo.run(repo, "git", "ls-tree", "-r", "-t", "-l", "main"));
            System.out.printf(
                    "list (%s): %d resources in %d pages of 100, %.2f s (%.2f ms a page); git ls-tree -r -t -l"
                            + " %.0f ms, ratio %.1f; heap before %d MiB, peak %d MiB (garbage included), live after GC at"
                            + " most %d MiB%n",
                    pass,
                    items,
                    pages,
                    elapsed / 1e9,
                    elapsed / 1e6 / pages,
                    git,
                    elapsed / 1e6 / git,
                    before >> 20,
                    peakHeap() >> 20,
                    live >> 20);
        }
    }

    @FunctionalInterface
    interface Op {
        void run(int i) throws Exception;
    }

    @FunctionalInterface
    interface Task {
        void run() throws Exception;
    }

    /** Runs {@code count} operations, {@code inFlight} at a time; returns operations per second. */
    static double run(int count, int inFlight, Op op) throws Exception {
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(inFlight)) {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < inFlight; w++) {
                workers.add(pool.submit(() -> {
                    for (int i; (i = next.getAndIncrement()) < count; ) {
                        op.run(i);
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get(30, TimeUnit.MINUTES);
            }
        }
        return count / ((System.nanoTime() - start) / 1e9);
    }

    /** The median of {@code runs} timings of a task, in milliseconds. */
    static double median(int runs, Task task) throws Exception {
        double[] ms = new double[runs];
        task.run(); // warm-up
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            task.run();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return ms[runs / 2];
    }

    private static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
