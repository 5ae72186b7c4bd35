package dev.reservoir.bench.suite;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * JSON-RPC over a server process's stdin and stdout, with many requests in flight, matched by id;
 * or, before any such call, one request at a time read on the caller's thread ({@link #exchange}).
 */
final class StdioClient implements AutoCloseable {

    private final ServerProcess server;
    private final BufferedWriter in;
    private final BufferedReader out;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Map<Long, CompletableFuture<String>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1000);
    /** Set once the thread that reads answers for {@link #call} has started; {@link #exchange} reads no more then. */
    private final AtomicBoolean readerStarted = new AtomicBoolean();

    private volatile IOException broken;

    StdioClient(ServerProcess server) {
        this.server = server;
        this.in = new BufferedWriter(
                new OutputStreamWriter(server.process.getOutputStream(), StandardCharsets.UTF_8), 1 << 16);
        this.out = server.stdout();
    }

    /** Starts the thread that reads every answer and hands each to the call waiting for it, once. */
    private void startReader() {
        if (!readerStarted.compareAndSet(false, true)) {
            return;
        }
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
        startReader();
        CompletableFuture<String> f = new CompletableFuture<>();
        pending.put(id, f);
        send(request);
        try {
            return f.get(5, TimeUnit.SECONDS);
        } finally {
            pending.remove(id);
        }
    }

    /**
     * Sends a request (whose id must be {@code id}) and reads the answer on this thread, as a host
     * that runs on one thread (an event loop, as Node's) does: with one request in flight, a call
     * answered through the reading thread woke two threads of this client per answer (the reader,
     * then the waiting call's), and the client's CPU a read (97-177 us, three to four times the
     * server's) and its spread decided the figure (reservoir-bench/PROFILE.md, forty-sixth pass).
     * Only until the first {@link #call}; there is no timeout (a server that never answers is
     * ended by the workload's own limit, which closes its output).
     */
    String exchange(long id, String request) throws IOException {
        if (readerStarted.get()) {
            throw new IllegalStateException("answers are read by the reading thread already");
        }
        send(request);
        for (String line; (line = out.readLine()) != null; ) {
            if (Requests.id(line) == id) {
                return line;
            }
        }
        throw new IOException("the server closed its output");
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

    /** How long a server may take to answer initialize (a launcher may build its jar first). */
    private static final Duration INITIALIZE_LIMIT = Duration.ofSeconds(60);

    /**
     * initialize + notifications/initialized (stateful targets), the client's first request:
     * answered on this thread ({@link #exchange}); a server that has not answered within {@link
     * #INITIALIZE_LIMIT} is stopped.
     */
    void initialize() throws Exception {
        long id = nextId();
        AtomicBoolean late = new AtomicBoolean();
        Thread limit = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(INITIALIZE_LIMIT);
                late.set(true);
                server.close();
            } catch (InterruptedException e) {
                // answered in time
            }
        });
        String answer;
        try {
            answer = exchange(id, Requests.initialize(id));
        } catch (IOException e) {
            throw late.get() ? new IOException("no answer to initialize within " + INITIALIZE_LIMIT, e) : e;
        } finally {
            limit.interrupt();
        }
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
