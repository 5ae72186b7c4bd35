package dev.reservoir.client.bench;

import dev.reservoir.client.McpClient;
import dev.reservoir.client.ReadResourceResult;
import dev.reservoir.client.support.Interop;
import dev.reservoir.core.model.Resource;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * End-to-end client benchmarks (a main, not a test): listing 100,000 resources and reading a
 * 100 MiB blob through {@link McpClient}, against Reservoir serving {@code BenchData} over stdio in
 * a separate JVM (so the heap measured is the client's alone). Peak heap is the largest heap in use
 * seen by a 5 ms sampler, after a GC before each run.
 *
 * <p>Run: {@code java -Xmx256m -cp <test classpath> dev.reservoir.client.bench.ClientBench [texts] [runs]}
 * ({@code scripts/mvn -o -pl reservoir-client dependency:build-classpath} gives the classpath);
 * flags after them: {@code javasdk} also reads from the Java SDK peer; {@code no-keep} skips the
 * listing that keeps every resource (for runs with a small {@code -Xmx}, proving the streaming
 * paths' memory is bounded).
 */
public final class ClientBench {

    private ClientBench() {}

    public static void main(String[] args) throws Exception {
        int texts = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String> flags = args.length > 2 ? List.of(args).subList(2, args.length) : List.of();
        boolean javaSdk = flags.contains("javasdk");
        boolean keep = !flags.contains("no-keep");
        System.out.printf(
                "JVM %s, max heap %d MiB, %d cores%n",
                Runtime.version(),
                Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        List<String> server = List.of(
                Interop.java(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                BenchServerMain.class.getName(),
                Integer.toString(texts));
        try (McpClient client = McpClient.builder()
                .stdio(server)
                .noCache()
                .requestTimeout(Duration.ofMinutes(5))
                .connect()) {
            System.out.printf(
                    "connected: %s over %s%n",
                    client.server().revision(), client.server().transport());
            for (int run = 1; run <= runs; run++) {
                measure(
                        "list " + texts + " (stream, count)   run " + run,
                        () -> client.resources().count() + " resources");
                if (keep) {
                    measure("list " + texts + " (toList, kept)    run " + run, () -> {
                        List<Resource> all = client.resources().toList();
                        return all.size() + " resources";
                    });
                }
                measure("read 100 MiB blob to a sink      run " + run, () -> {
                    CountingSink sink = new CountingSink();
                    client.readTo("bench://blob/100MiB", sink);
                    return mbPerSecond(sink.count.get());
                });
                measure("read 100 MiB blob (temp file)    run " + run, () -> {
                    try (ReadResourceResult result = client.read("bench://blob/100MiB")) {
                        return mbPerSecond(result.blob().size());
                    }
                });
            }
        }
        if (javaSdk) {
            try (McpClient client = McpClient.builder()
                    .stdio(Interop.javaSdkStdio(10))
                    .noCache()
                    .requestTimeout(Duration.ofMinutes(5))
                    .connect()) {
                for (int run = 1; run <= runs; run++) {
                    measure("Java SDK peer: 100 MiB blob to a sink run " + run, () -> {
                        CountingSink sink = new CountingSink();
                        client.readTo("bench://blob/100MiB", sink);
                        return mbPerSecond(sink.count.get());
                    });
                }
            }
        }
    }

    private static long started;

    private static String mbPerSecond(long bytes) {
        double seconds = (System.nanoTime() - started) / 1e9;
        return String.format("%d bytes, %.0f MB/s", bytes, bytes / 1e6 / seconds);
    }

    private static void measure(String name, Supplier<String> work) throws InterruptedException {
        System.gc();
        Thread.sleep(200);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long baseline = memory.getHeapMemoryUsage().getUsed();
        AtomicLong peak = new AtomicLong(baseline);
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        started = System.nanoTime();
        String outcome = work.get();
        long millis = (System.nanoTime() - started) / 1_000_000;
        sampler.interrupt();
        sampler.join();
        System.out.printf(
                "%-48s %6d ms  peak heap %4d MiB (baseline %3d MiB)  %s%n",
                name, millis, peak.get() >> 20, baseline >> 20, outcome);
    }

    private static final class CountingSink extends OutputStream {
        final AtomicLong count = new AtomicLong();

        @Override
        public void write(int b) {
            count.incrementAndGet();
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count.addAndGet(len);
        }
    }
}
