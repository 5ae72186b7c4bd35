package dev.reservoir.bench.suite;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.demo.BenchData;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The engine's CPU time per {@code resources/read} of a 1 KiB bench text, in this process, with no
 * transport: requests decoded from bytes, answered through a sink that caps message sizes and
 * writes JSON (as stdio's does) into a stream that drops it, with a number of reads in flight.
 * Process CPU time per read is steadier than throughput on a machine others load; run it against
 * two builds' jars in turn ({@code java -cp BUILD/reservoir.jar:reservoir-bench.jar ...}, the
 * build's jar first) to compare them.
 *
 * <p>Usage: {@code EngineCpu [--in-flight 16] [--reads 400000] [--warm-up 200000] [--era 2025-11-25]}.
 */
public final class EngineCpu {

    private EngineCpu() {}

    public static void main(String[] args) throws Exception {
        int inFlight = 16;
        long reads = 400_000;
        long warmUp = 200_000;
        String era = "2025-11-25";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--in-flight" -> inFlight = Integer.parseInt(args[++i]);
                case "--reads" -> reads = Long.parseLong(args[++i]);
                case "--warm-up" -> warmUp = Long.parseLong(args[++i]);
                case "--era" -> era = args[++i];
                default -> {
                    System.err.println("usage: EngineCpu [--in-flight N] [--reads N] [--warm-up N] [--era REV]");
                    System.exit(2);
                }
            }
        }
        McpServerBuilder builder = McpServer.builder().serverInfo("bench", "1");
        new BenchData(10_000).configure(builder);
        try (McpServer server = builder.build()) {
            Loop loop = new Loop(server, inFlight, era);
            loop.run(warmUp);
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            loop.run(reads);
            long cpu = os.getProcessCpuTime() - cpu0;
            long wall = System.nanoTime() - wall0;
            System.out.printf(
                    Locale.ROOT,
                    "engine CPU %.2f us per read, %.0f reads/s, %d in flight, era %s%n",
                    cpu / 1e3 / reads,
                    reads / (wall / 1e9),
                    inFlight,
                    era);
        }
    }

    /** A closed loop: each answer sends the next request on the same connection. */
    private static final class Loop {
        private final ServerConnection connection;
        private final int inFlight;
        private final boolean stateless;
        private final JsonRpcCodec codec = JsonRpcCodec.standard();
        private final AtomicLong ids = new AtomicLong();
        private final SplittableRandom random = new SplittableRandom(1);
        private final ReentrantLock lock = new ReentrantLock();
        private final Sink sink = new Sink();
        private volatile long left;
        private volatile CountDownLatch done;

        Loop(McpServer server, int inFlight, String era) {
            this.inFlight = inFlight;
            this.stateless = era.compareTo("2026") > 0;
            this.connection = server.connect(sink);
            if (!stateless) {
                send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + era
                        + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"b\",\"version\":\"1\"}}}");
                send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            }
        }

        void run(long reads) throws InterruptedException {
            left = reads;
            done = new CountDownLatch(inFlight);
            sink.counting = true;
            for (int i = 0; i < inFlight; i++) {
                next();
            }
            done.await();
        }

        /** Sends the next read, or counts this worker done. */
        void next() {
            long n;
            lock.lock();
            try {
                n = left--;
            } finally {
                lock.unlock();
            }
            if (n <= 0) {
                done.countDown();
                return;
            }
            int i;
            lock.lock();
            try {
                i = random.nextInt(10_000);
            } finally {
                lock.unlock();
            }
            String meta = stateless
                    ? ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                            + "\"io.modelcontextprotocol/clientCapabilities\":{}}"
                    : "";
            send("{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet()
                    + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"bench://text/" + i + "\"" + meta + "}}");
        }

        private void send(String json) {
            connection.receive(codec.decode(json.getBytes(StandardCharsets.UTF_8)), sink);
        }

        /** Writes answers as stdio does (capped, JSON to a stream), and sends the next read. */
        private final class Sink implements MessageSink {
            private final ReentrantLock writing = new ReentrantLock();
            private final OutputStream nowhere = OutputStream.nullOutputStream();
            volatile boolean counting;

            @Override
            public void send(JsonRpcMessage message) throws IOException {
                writing.lock();
                try {
                    codec.write(message, nowhere);
                } finally {
                    writing.unlock();
                }
                if (counting && message instanceof dev.reservoir.core.jsonrpc.JsonRpcResponse) {
                    next();
                }
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
                throw new IOException("no batches here");
            }

            @Override
            public boolean capsMessageSize() {
                return true;
            }
        }
    }
}
