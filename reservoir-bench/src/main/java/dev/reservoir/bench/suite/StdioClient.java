package dev.reservoir.bench.suite;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/** JSON-RPC over a server process's stdin and stdout, with many requests in flight, matched by id. */
final class StdioClient implements AutoCloseable {

    private final ServerProcess server;
    private final BufferedWriter in;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Map<Long, CompletableFuture<String>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1000);
    private volatile IOException broken;

    StdioClient(ServerProcess server) {
        this.server = server;
        this.in = new BufferedWriter(
                new OutputStreamWriter(server.process.getOutputStream(), StandardCharsets.UTF_8), 1 << 16);
        BufferedReader out = server.stdout();
        Thread.ofPlatform().daemon().name("stdio-reader").start(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    long id = Requests.id(line);
                    CompletableFuture<String> f = id < 0 ? null : pending.remove(id);
                    if (f != null) {
                        f.complete(line);
                    }
                }
                broken = new IOException("the server closed its output");
            } catch (IOException e) {
                broken = e;
            }
            pending.values().forEach(f -> f.completeExceptionally(broken));
        });
    }

    long nextId() {
        return ids.incrementAndGet();
    }

    /**
     * Sends a request (whose id must be {@code id}) and waits for its response line, at most 5 s: the
     * slowest answer any target gives in these workloads is a tenth of that, and a request a server
     * drops (the Java SDK's under load) holds its worker that long past the measured seconds.
     */
    String call(long id, String request) throws Exception {
        CompletableFuture<String> f = new CompletableFuture<>();
        pending.put(id, f);
        send(request);
        try {
            return f.get(5, TimeUnit.SECONDS);
        } finally {
            pending.remove(id);
        }
    }

    void send(String message) throws IOException {
        if (broken != null) {
            throw broken;
        }
        writeLock.lock();
        try {
            in.write(message);
            in.write('\n');
            in.flush();
        } finally {
            writeLock.unlock();
        }
    }

    /** initialize + notifications/initialized (stateful targets). */
    void initialize() throws Exception {
        long id = nextId();
        String answer = call(id, Requests.initialize(id));
        if (!answer.contains("\"result\"")) {
            throw new IOException("initialize failed: " + answer);
        }
        send(Requests.initialized());
    }

    @Override
    public void close() {
        server.close();
    }
}
