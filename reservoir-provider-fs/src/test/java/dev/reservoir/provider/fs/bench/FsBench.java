package dev.reservoir.provider.fs.bench;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcResponse;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.model.Resource;
import dev.reservoir.provider.fs.FileSystemProvider;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The file system provider's benchmark: listing a generated tree, reading a large file through a
 * full server into a byte-counting sink, and the delay from a file write to the updated
 * notification. Data is made under java.io.tmpdir and deleted at the end. Run it with a small heap
 * to see that neither listing nor reading depends on the size of the data:
 *
 * <pre>
 * scripts/mvn -q -pl reservoir-provider-fs test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xmx128m -cp reservoir-provider-fs/target/classes:reservoir-provider-fs/target/test-classes:$(cat reservoir-provider-fs/target/cp.txt) \
 *     dev.reservoir.provider.fs.bench.FsBench
 * </pre>
 *
 * or {@code scripts/mvn -q -pl reservoir-provider-fs test-compile exec:java} (in Maven's JVM). System
 * properties: {@code fsbench.files} (default 100000), {@code fsbench.readMiB} (default 1024),
 * {@code fsbench.textMiB} (default 256), {@code fsbench.writes} (default 30).
 */
public final class FsBench {

    private static final int PAGE = 100;
    private static final Duration WAIT = Duration.ofMinutes(10);

    private FsBench() {}

    public static void main(String[] args) throws Exception {
        int files = Integer.getInteger("fsbench.files", 100_000);
        long readMiB = Long.getLong("fsbench.readMiB", 1024);
        long textMiB = Long.getLong("fsbench.textMiB", 256);
        int writes = Integer.getInteger("fsbench.writes", 30);
        System.out.printf(
                "FsBench: %d cores, max heap %d MiB, %s%n",
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20,
                System.getProperty("java.version"));
        Path work = Files.createTempDirectory("reservoir-fsbench-");
        try {
            list(work.resolve("tree"), files);
            read(work.resolve("big"), readMiB << 20, false);
            read(work.resolve("bigtext"), textMiB << 20, true);
            notifyDelay(work.resolve("watched"), writes, Duration.ofMillis(100));
            notifyDelay(work.resolve("watched-fast"), writes, Duration.ofMillis(20));
        } finally {
            deleteTree(work);
        }
    }

    private static void list(Path tree, int files) throws IOException {
        int folders = Math.max(1, files / 1000);
        long start = System.nanoTime();
        for (int d = 0; d < folders; d++) {
            Path folder = Files.createDirectories(tree.resolve("d%03d".formatted(d)));
            for (int f = 0; f < files / folders; f++) {
                Files.writeString(folder.resolve("f%04d.txt".formatted(f)), "file " + d + "/" + f + "\n");
            }
        }
        System.out.printf(
                "list: made %d files in %d folders in %.1f s%n", files, folders, (System.nanoTime() - start) / 1e9);
        try (FileSystemProvider fs = FileSystemProvider.create(tree)) {
            for (String pass : List.of("cold", "warm")) {
                System.gc();
                long before = heapUsed();
                resetPeaks();
                long[] nanos = new long[files / PAGE + folders + 10];
                int pages = 0;
                long items = 0;
                String cursor = null;
                long all = System.nanoTime();
                long live = 0;
                long sampling = 0;
                do {
                    long t = System.nanoTime();
                    Page<Resource> page = fs.list(new ListRequest(null, cursor, PAGE));
                    nanos[pages++] = System.nanoTime() - t;
                    items += page.items().size();
                    cursor = page.nextCursor();
                    if (pages % 100 == 0) {
                        // What a page keeps alive, not the garbage it leaves: heap after a full GC.
                        long g = System.nanoTime();
                        System.gc();
                        live = Math.max(live, heapUsed());
                        sampling += System.nanoTime() - g;
                    }
                } while (cursor != null);
                long total = System.nanoTime() - all - sampling;
                System.gc();
                live = Math.max(live, heapUsed());
                long[] sorted = Arrays.copyOf(nanos, pages);
                Arrays.sort(sorted);
                System.out.printf(
                        "list (%s): %d resources in %d pages of %d, %.2f s; per page mean %.2f ms, median %.2f ms,"
                                + " p99 %.2f ms, max %.2f ms; heap before %d MiB, peak %d MiB (garbage included),"
                                + " live after GC at most %d MiB%n",
                        pass,
                        items,
                        pages,
                        PAGE,
                        total / 1e9,
                        total / 1e6 / pages,
                        sorted[pages / 2] / 1e6,
                        sorted[(int) (pages * 0.99)] / 1e6,
                        sorted[pages - 1] / 1e6,
                        before >> 20,
                        peakHeap() >> 20,
                        live >> 20);
            }
        }
    }

    private static void read(Path dir, long bytes, boolean text) throws Exception {
        Files.createDirectories(dir);
        Path file = dir.resolve(text ? "big.txt" : "big.bin");
        long start = System.nanoTime();
        try (OutputStream out = Files.newOutputStream(file)) {
            byte[] chunk = new byte[1 << 20];
            Random random = new Random(42);
            for (long written = 0; written < bytes; written += chunk.length) {
                if (text) {
                    for (int i = 0; i < chunk.length; i++) {
                        chunk[i] = (byte) (i % 80 == 79 ? '\n' : 'a' + random.nextInt(26));
                    }
                } else {
                    random.nextBytes(chunk);
                }
                out.write(chunk, 0, (int) Math.min(chunk.length, bytes - written));
            }
        }
        System.out.printf(
                "read: made a %d MiB %s file in %.1f s%n",
                bytes >> 20, text ? "text" : "binary", (System.nanoTime() - start) / 1e9);
        FileSystemProvider fs = FileSystemProvider.builder()
                .root(dir)
                .maxReadBytes(Long.MAX_VALUE)
                .build();
        try (McpServer server =
                McpServer.builder().provider(fs).requestTimeout(WAIT).build()) {
            Client client = new Client(server);
            client.initialize();
            System.gc();
            long before = heapUsed();
            resetPeaks();
            long wireBefore = client.sink.bytes.get();
            long t = System.nanoTime();
            client.call(
                    "read",
                    "resources/read",
                    "{\"uri\": \"" + fs.rootUris().getFirst() + "/" + file.getFileName() + "\"}");
            long elapsed = System.nanoTime() - t;
            long wire = client.sink.bytes.get() - wireBefore;
            System.out.printf(
                    "read (%s, %d MiB) through the server: %.2f s, %.0f MB/s of file, %.0f MB/s on the wire (%d MiB"
                            + " of JSON); heap before %d MiB, peak %d MiB%n",
                    text ? "text" : "blob",
                    bytes >> 20,
                    elapsed / 1e9,
                    bytes / (elapsed / 1e9) / 1e6,
                    wire / (elapsed / 1e9) / 1e6,
                    wire >> 20,
                    before >> 20,
                    peakHeap() >> 20);
            client.close();
        }
        Files.delete(file);
    }

    private static void notifyDelay(Path dir, int writes, Duration window) throws Exception {
        Files.createDirectories(dir);
        Path file = Files.writeString(dir.resolve("watched.txt"), "0\n");
        FileSystemProvider fs =
                FileSystemProvider.builder().root(dir).coalesceWindow(window).build();
        try (McpServer server = McpServer.builder().provider(fs).build()) {
            Client client = new Client(server);
            client.initialize();
            client.call(
                    "sub", "resources/subscribe", "{\"uri\": \"" + fs.rootUris().getFirst() + "/watched.txt\"}");
            long[] delays = new long[writes];
            for (int i = 0; i < writes; i++) {
                Thread.sleep(window.toMillis() * 3 + 100); // quiet, so each write is its own notification
                client.notifications.clear();
                long t = System.nanoTime();
                Files.writeString(file, i + "\n");
                Long at = client.notifications.poll(10, TimeUnit.SECONDS);
                if (at == null) {
                    throw new IllegalStateException("no notification within 10 s for write " + i);
                }
                delays[i] = at - t;
            }
            Arrays.sort(delays);
            System.out.printf(
                    "write -> notifications/resources/updated (window %d ms, %d writes): median %.1f ms, p90 %.1f ms,"
                            + " max %.1f ms%n",
                    window.toMillis(),
                    writes,
                    delays[writes / 2] / 1e6,
                    delays[(int) (writes * 0.9)] / 1e6,
                    delays[writes - 1] / 1e6);
            client.close();
        }
    }

    /** A raw in-memory connection; responses and notifications are serialized into a counting sink. */
    private static final class Client {
        final CountingSink sink = new CountingSink();
        final BlockingQueue<Long> notifications = new LinkedBlockingQueue<>();
        final ServerConnection connection;

        Client(McpServer server) {
            this.connection = server.connect(sink);
        }

        void initialize() throws Exception {
            call(
                    "init",
                    "initialize",
                    "{\"protocolVersion\": \"2025-11-25\", \"capabilities\": {},"
                            + " \"clientInfo\": {\"name\": \"fsbench\", \"version\": \"1\"}}");
            connection.receive(
                    JsonRpcCodec.standard().decode("{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}"),
                    sink);
        }

        void call(String id, String method, String params) throws Exception {
            String frame = "{\"jsonrpc\": \"2.0\", \"id\": \"" + id + "\", \"method\": \"" + method + "\", \"params\": "
                    + params + "}";
            BlockingQueue<JsonRpcResponse> answer = new LinkedBlockingQueue<>();
            sink.waiting.put(id, answer);
            connection.receive(JsonRpcCodec.standard().decode(frame), sink);
            JsonRpcResponse response = answer.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            if (!(response instanceof JsonRpcResult)) {
                throw new IllegalStateException(method + " failed: " + response);
            }
        }

        void close() {
            connection.close();
        }

        private final class CountingSink implements MessageSink {
            final AtomicLong bytes = new AtomicLong();
            final Map<String, BlockingQueue<JsonRpcResponse>> waiting = new ConcurrentHashMap<>();
            private final OutputStream counter = new OutputStream() {
                @Override
                public void write(int b) {
                    bytes.incrementAndGet();
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    bytes.addAndGet(len);
                }
            };

            @Override
            public void send(JsonRpcMessage message) throws IOException {
                JsonRpcCodec.standard().write(message, counter);
                if (message instanceof JsonRpcNotification n && n.method().equals("notifications/resources/updated")) {
                    notifications.add(System.nanoTime());
                }
                if (message instanceof JsonRpcResponse r && r.id() instanceof RequestId.Str id) {
                    BlockingQueue<JsonRpcResponse> queue = waiting.remove(id.value());
                    if (queue != null) {
                        queue.add(r);
                    }
                }
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
                for (JsonRpcMessage message : messages) {
                    send(message);
                }
            }
        }
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

    /** The sum of the heap pools' peaks since the last reset (an upper bound of the real peak). */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
