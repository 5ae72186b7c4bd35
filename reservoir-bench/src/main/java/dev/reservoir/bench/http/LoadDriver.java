package dev.reservoir.bench.http;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * A closed-loop HTTP load driver: N virtual threads, each on its own persistent connection,
 * sending one request and reading its answer before the next, for a fixed time after a warm-up.
 * Reports throughput and latency percentiles. Only the loopback server under test is targeted,
 * and a run stops by itself.
 */
final class LoadDriver {

    /** What one worker sends: its headers and the body of its n-th request. */
    interface Worker {
        Map<String, String> headers();

        String body(long n);
    }

    /** One measured run. */
    record Result(
            String name, int concurrency, long operations, double seconds, long p50Nanos, long p99Nanos, long errors) {
        double opsPerSecond() {
            return operations / seconds;
        }
    }

    Result run(String name, URI target, int concurrency, IntFunction<Worker> workers, Duration warmup, Duration measure)
            throws Exception {
        Run run = new Run(concurrency);
        for (int w = 0; w < concurrency; w++) {
            int id = w;
            Thread.ofVirtual().name("load-" + w).start(() -> run.work(id, target, workers.apply(id)));
        }
        Thread.sleep(warmup.toMillis());
        run.recording = true;
        long start = System.nanoTime();
        Thread.sleep(measure.toMillis());
        run.recording = false;
        double seconds = (System.nanoTime() - start) / 1e9;
        run.stop = true;
        if (!run.finished.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("load workers did not stop");
        }
        if (run.failure.get() != null) {
            throw new IllegalStateException(name + " failed", run.failure.get());
        }
        long[] all = run.latencies();
        return new Result(
                name,
                concurrency,
                all.length,
                seconds,
                percentile(all, 0.50),
                percentile(all, 0.99),
                Arrays.stream(run.errors).sum());
    }

    /** The state of one run: per worker, its latencies while recording, and its errors. */
    private static final class Run {
        final long[][] samples;
        final int[] counts;
        final long[] errors;
        final CountDownLatch finished;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        volatile boolean recording;
        volatile boolean stop;

        Run(int concurrency) {
            samples = new long[concurrency][1 << 20];
            counts = new int[concurrency];
            errors = new long[concurrency];
            finished = new CountDownLatch(concurrency);
        }

        void work(int id, URI target, Worker worker) {
            try (KeepAliveConnection connection = new KeepAliveConnection(target, worker.headers())) {
                long n = 0;
                while (!stop) {
                    String body = worker.body(n++);
                    long start = System.nanoTime();
                    KeepAliveConnection.Answer answer = connection.post(body);
                    long took = System.nanoTime() - start;
                    if (!recording) {
                        continue;
                    }
                    if (answer.status() != 200 || answer.length() < 100) {
                        errors[id]++;
                    } else if (counts[id] < samples[id].length) {
                        samples[id][counts[id]++] = took;
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                finished.countDown();
            }
        }

        long[] latencies() {
            long[] all = new long[Arrays.stream(counts).sum()];
            int at = 0;
            for (int w = 0; w < counts.length; w++) {
                System.arraycopy(samples[w], 0, all, at, counts[w]);
                at += counts[w];
            }
            Arrays.sort(all);
            return all;
        }
    }

    private static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1))];
    }
}
