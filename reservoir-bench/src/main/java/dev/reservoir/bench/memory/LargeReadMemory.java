package dev.reservoir.bench.memory;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.demo.BenchData;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a 100 MiB binary resource through the server and reports the peak heap: the content must
 * never be held whole (100 MiB of bytes, or 133 MiB of base64). The response is written to a
 * stream that only counts bytes, as a slow-enough transport would drain it. Run with a small heap
 * (for example -Xmx64m) to make the point: the read then cannot hold the content even once.
 */
public final class LargeReadMemory {

    static final long SIZE = 100L << 20;

    public static void main(String[] args) throws Exception {
        // The benchmark dataset's 100 MiB blob: pseudo-random bytes made as they are read.
        McpServer server = new BenchData(1).configure(McpServer.builder()).build();
        AtomicLong written = new AtomicLong();
        CountDownLatch done = new CountDownLatch(1);
        OutputStream counting = new OutputStream() {
            @Override
            public void write(int b) {
                written.incrementAndGet();
            }

            @Override
            public void write(byte[] b, int off, int len) {
                written.addAndGet(len);
            }
        };
        MessageSink sink = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) throws IOException {
                JsonRpcCodec.standard().write(message, counting);
                done.countDown();
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {}
        };
        ServerConnection connection = server.connect(sink);
        String request =
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"bench://blob/100MiB\","
                        + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        System.gc();
        long baseline = heapUsed();
        List<MemoryPoolMXBean> pools = heapPools();
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        long start = System.nanoTime();
        connection.receive(JsonRpcCodec.standard().decode(request.getBytes(StandardCharsets.UTF_8)), sink);
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the read did not finish");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = pools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        long expectedBase64 = (SIZE + 2) / 3 * 4;
        System.out.printf(
                "100 MiB blob read: %d bytes of response (base64 alone is %d) in %.2f s (%.0f MB/s of content)%n",
                written.get(), expectedBase64, seconds, SIZE / 1e6 / seconds);
        System.out.printf(
                "heap: %.1f MiB before, peak %.1f MiB during the read (max heap %.0f MiB); content is 100 MiB, its base64 133 MiB%n",
                baseline / 1048576.0, peak / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576.0);
        if (written.get() < expectedBase64) {
            throw new IllegalStateException("the response is shorter than the base64 of the content");
        }
        connection.close();
        server.close();
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .toList();
    }

    private static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
