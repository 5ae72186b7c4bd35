package dev.reservoir.bench.suite;

import dev.reservoir.core.sse.SseReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Many clients subscribed to one resource over HTTP, each on its own connection: a stateful
 * session with resources/subscribe and a GET stream, or a 2026-07-28 subscriptions/listen stream.
 * Each records when it last heard {@code notifications/resources/updated}.
 */
final class Subscribers implements AutoCloseable {

    static final String URI = "bench://text/0";

    private final List<HttpConn> connections = new ArrayList<>();
    private final AtomicLongArray heard;
    private volatile CountDownLatch pending;

    private Subscribers(int count) {
        this.heard = new AtomicLongArray(count);
    }

    /** Opens {@code count} subscribers and waits until every stream is open. */
    static Subscribers open(Target target, int port, int count) throws Exception {
        Subscribers s = new Subscribers(count);
        CountDownLatch ready = new CountDownLatch(count);
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.Semaphore opening = new java.util.concurrent.Semaphore(64);
        for (int i = 0; i < count; i++) {
            int index = i;
            opening.acquire();
            Thread.ofVirtual().start(() -> {
                try {
                    HttpConn conn = s.subscribe(target, port);
                    opening.release();
                    if (!target.stateless()) {
                        ready.countDown(); // the GET is sent; its headers may come only with the first event
                    }
                    s.listen(index, conn, ready, target.stateless());
                } catch (Throwable t) {
                    opening.release();
                    failures.add(t);
                    ready.countDown();
                }
            });
        }
        if (!ready.await(300, TimeUnit.SECONDS)) {
            throw new IllegalStateException("subscribers not ready: " + ready.getCount() + " left");
        }
        if (!failures.isEmpty()) {
            s.close();
            throw new IllegalStateException(failures.size() + " subscribers failed", failures.getFirst());
        }
        return s;
    }

    /**
     * Subscribes one client: a listen POST (its answer is the stream) or, in the session era, a
     * session, resources/subscribe and a GET whose answer is read later.
     */
    private HttpConn subscribe(Target target, int port) throws IOException {
        HttpConn conn = new HttpConn(port, "/mcp", 4096);
        synchronized (connections) {
            connections.add(conn);
        }
        if (target.stateless()) {
            return conn;
        }
        String session = Driver.openSession(target, port);
        HttpConn.Answer subscribed =
                conn.post(Requests.headers(target, session, "resources/subscribe", URI), Requests.subscribe(2, URI));
        String message = subscribed.message();
        if (subscribed.status() != 200 || !message.contains("\"result\"")) {
            throw new IOException("subscribe failed: " + subscribed.status() + " " + message);
        }
        conn.sendGet(Requests.headers(target, session, null, null));
        return conn;
    }

    /** Reads one subscriber's stream; a listen stream is ready once acknowledged. */
    private void listen(int index, HttpConn conn, CountDownLatch ready, boolean listenStream) {
        boolean[] acknowledged = {false};
        try {
            HttpConn.Answer answer = listenStream
                    ? conn.post(
                            Requests.headers(TARGETLESS_STATELESS, null, "subscriptions/listen", null),
                            Requests.listen(1, URI))
                    : conn.answer();
            if (answer.status() != 200 || !answer.sse()) {
                throw new IOException("the notification stream answered " + answer.status());
            }
            // A small buffer: 10,000 mostly idle streams in this one JVM.
            SseReader events = new SseReader(answer.body(), new SseReader.Fields() {}, 4096);
            for (SseReader.Event event; (event = events.next()) != null; ) {
                String data = event.text(1 << 20);
                if (data.contains("notifications/subscriptions/acknowledged") && !acknowledged[0]) {
                    acknowledged[0] = true;
                    ready.countDown();
                } else if (data.contains("notifications/resources/updated") && data.contains(URI)) {
                    heard.set(index, System.nanoTime());
                    CountDownLatch latch = pending;
                    if (latch != null) {
                        latch.countDown();
                    }
                }
            }
        } catch (IOException e) {
            // closed at the end, or failed (then the round reports who did not hear)
        } finally {
            if (listenStream && !acknowledged[0]) {
                ready.countDown();
            }
        }
    }

    /** Any stateless target: listen needs only the era's headers. */
    private static final Target TARGETLESS_STATELESS =
            new Target("listen", java.util.List.of(), true, true, true, false);

    /** Starts a round: every subscriber must hear the next change. */
    CountDownLatch expect() {
        for (int i = 0; i < heard.length(); i++) {
            heard.set(i, 0);
        }
        CountDownLatch latch = new CountDownLatch(heard.length());
        pending = latch;
        return latch;
    }

    /** Each subscriber's delay since {@code t0}, in nanoseconds (-1 for one that did not hear). */
    long[] delays(long t0) {
        long[] d = new long[heard.length()];
        for (int i = 0; i < d.length; i++) {
            long at = heard.get(i);
            d[i] = at == 0 ? -1 : at - t0;
        }
        return d;
    }

    @Override
    public void close() {
        synchronized (connections) {
            connections.forEach(HttpConn::close);
            connections.clear();
        }
    }
}
