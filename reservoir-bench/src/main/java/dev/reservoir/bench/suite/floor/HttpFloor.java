package dev.reservoir.bench.suite.floor;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP floor: Jetty set up as Reservoir's HTTP transport sets it up (a selector thread per
 * core, from 2 to 8, and a handler that answers on the selector thread that read the request, with
 * the body read without waiting), answering a fixed JSON-RPC response the size of Reservoir's
 * answer to a 1 KiB read. Usage: {@code HttpFloor PORT}; prints "listening on PORT" to stderr when
 * ready. {@code -Dfloor.jetty.*} options vary the set-up ({@link dev.reservoir.bench.suite.JettyConfigs}).
 *
 * <p>It is also the floor of fan-out: a POST with {@code Mcp-Method: subscriptions/listen} is
 * answered with an SSE stream that gets a fixed acknowledgement and is kept open; a request that
 * names {@code bench://touch/0} writes one fixed {@code updated} event to every open stream (on
 * virtual threads, as Reservoir runs a change: above 256 streams, shared among up to one thread
 * per core; without waiting for any of the writes) before it is answered. On one thread, fan-out
 * to 1,000 took 20.5 ms at the median on a 2-core machine, on two 12.5 and 13.6 ms: a one-thread
 * floor measured how a server shares the work out, not what Jetty and the sockets cost. No JSON
 * is parsed or encoded, no subscription is matched: what is left is Jetty and the sockets.
 */
public final class HttpFloor {

    private HttpFloor() {}

    /** Streams one thread writes a change to before another is started: Reservoir's rule (SubscriptionHub). */
    static final int STREAMS_PER_THREAD = 256;

    /** Streams a writing thread takes at a time: Reservoir's rule (SubscriptionHub). */
    static final int STREAMS_PER_CLAIM = 32;

    private static final byte[] ACKNOWLEDGED =
            sse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\",\"params\":{}}");
    private static final byte[] UPDATED = sse(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"bench://text/0\",\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1}}}");

    private static byte[] sse(String json) {
        return ("event: message\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        Set<Response> streams = ConcurrentHashMap.newKeySet();
        // RawHttpFloor's answer: the two floors carry the same bytes.
        byte[] body = RawHttpFloor.body(RawHttpFloor.LENGTH).getBytes(StandardCharsets.US_ASCII);
        // -Dfloor.jetty.* vary Jetty's set-up (to measure what each option costs); the defaults are
        // Reservoir's (JettyServers).
        QueuedThreadPool pool = new QueuedThreadPool(Integer.getInteger("floor.jetty.maxThreads", 16), 2);
        if (Boolean.parseBoolean(System.getProperty("floor.jetty.virtual", "true"))) {
            pool.setVirtualThreadsExecutor(
                    Executors.newThreadPerTaskExecutor(Thread.ofVirtual().factory()));
        }
        Server jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendDateHeader(Boolean.parseBoolean(System.getProperty("floor.jetty.date", "true")));
        ServerConnector connector = new ServerConnector(
                jetty,
                Integer.getInteger("floor.jetty.acceptors", 1),
                Integer.getInteger(
                        "floor.jetty.selectors", Math.clamp(Runtime.getRuntime().availableProcessors(), 2, 8)),
                new HttpConnectionFactory(config));
        // Reservoir's streams keep their connections alive; the floor writes no keep-alives, and its
        // streams may wait a minute or more while fan-out opens other targets' subscribers.
        connector.setIdleTimeout(Long.getLong("floor.jetty.idleTimeout", 600_000));
        connector.setAcceptQueueSize(Integer.getInteger("floor.jetty.acceptQueue", 65_535)); // Reservoir's
        connector.setHost("127.0.0.1");
        connector.setPort(Integer.parseInt(args[0]));
        jetty.addConnector(connector);
        // Reservoir answers a read from memory on the selector thread that read it (NON_BLOCKING),
        // with its body read without waiting, and runs anything else on a virtual thread.
        jetty.setHandler(
                new Handler.Abstract(Invocable.InvocationType.valueOf(
                        System.getProperty("floor.jetty.invocation", "NON_BLOCKING"))) {
                    @Override
                    public boolean handle(Request request, Response response, Callback callback) {
                        readThen(request, new ByteArrayOutputStream(), callback, in -> {
                            if ("subscriptions/listen"
                                    .equals(request.getHeaders().get("Mcp-Method"))) {
                                response.setStatus(200);
                                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
                                streams.add(response);
                                response.write(
                                        false, ByteBuffer.wrap(ACKNOWLEDGED), Callback.from(() -> {}, failure -> {
                                            streams.remove(response);
                                            callback.failed(failure);
                                        }));
                                return; // open until the client leaves
                            }
                            if (new String(in, StandardCharsets.ISO_8859_1).contains("bench://touch/0")) {
                                // A change is not a read from memory: Reservoir runs it on a virtual thread.
                                Thread.ofVirtual().start(() -> {
                                    fanOut(streams.toArray(Response[]::new), streams);
                                    answer(response, body, callback);
                                });
                                return;
                            }
                            answer(response, body, callback);
                        });
                        return true;
                    }
                });
        jetty.start();
        System.err.println("listening on " + connector.getLocalPort());
        jetty.join();
    }

    /**
     * Writes {@link #UPDATED} to every stream, shared as Reservoir shares a change: above {@link
     * #STREAMS_PER_THREAD} streams, among up to one virtual thread per core ({@code
     * -Dfloor.fanout.threads} sets the most; 1 writes on one thread), each taking the next {@link
     * #STREAMS_PER_CLAIM} streams not yet taken until none are left. Returns when every write was
     * started.
     */
    private static void fanOut(Response[] all, Set<Response> streams) {
        int most =
                Integer.getInteger("floor.fanout.threads", Runtime.getRuntime().availableProcessors());
        int parts = Math.max(1, Math.min(most, all.length / STREAMS_PER_THREAD));
        AtomicInteger claimed = new AtomicInteger();
        List<Thread> helpers = new ArrayList<>();
        for (int part = 1; part < parts; part++) {
            helpers.add(Thread.ofVirtual().start(() -> write(all, claimed, streams)));
        }
        write(all, claimed, streams);
        for (Thread helper : helpers) {
            try {
                helper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void write(Response[] all, AtomicInteger claimed, Set<Response> streams) {
        while (true) {
            int from = claimed.getAndAdd(STREAMS_PER_CLAIM);
            if (from >= all.length) {
                return;
            }
            for (int i = from; i < Math.min(all.length, from + STREAMS_PER_CLAIM); i++) {
                Response stream = all[i];
                stream.write(
                        false, ByteBuffer.wrap(UPDATED), Callback.from(() -> {}, failure -> streams.remove(stream)));
            }
        }
    }

    private static void answer(Response response, byte[] body, Callback callback) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** Reads the whole body without waiting for it (called again when more arrives), then hands it on. */
    private static void readThen(
            Request request, ByteArrayOutputStream into, Callback callback, Consumer<byte[]> then) {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                request.demand(Invocable.from(
                        Invocable.InvocationType.NON_BLOCKING, () -> readThen(request, into, callback, then)));
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                callback.failed(chunk.getFailure());
                return;
            }
            ByteBuffer bytes = chunk.getByteBuffer();
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            into.writeBytes(copy);
            boolean last = chunk.isLast();
            chunk.release();
            if (last) {
                then.accept(into.toByteArray());
                return;
            }
        }
    }
}
