package dev.reservoir.bench.suite;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Many clients subscribed to one resource over HTTP, each on its own connection: a stateful
 * session with resources/subscribe and a GET stream, or a 2026-07-28 subscriptions/listen stream.
 * Each records when it heard {@code notifications/resources/updated}.
 *
 * <p>The subscriptions are made on blocking connections, then every stream is read by one thread
 * with a selector ({@link EventFeed} parses what arrives). The suite's client shares this machine's
 * two cores with the server it measures: with a virtual thread and an SSE reader per stream, the
 * client's CPU per change was about the server's own (fan-out to 1,000 on the fan-out floor: 37 ms
 * of server CPU in 36 ms of wall time), so a change's time measured the client about as much as the
 * server. Real subscribers are on other machines.
 */
final class Subscribers implements AutoCloseable {

    static final String URI = "bench://text/0";

    private static final byte[] UPDATED = "notifications/resources/updated".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ACKNOWLEDGED =
            "notifications/subscriptions/acknowledged".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] URI_BYTES = ("\"" + URI + "\"").getBytes(StandardCharsets.US_ASCII);

    private final List<HttpConn> connections = new ArrayList<>();
    private final AtomicLongArray heard;
    private volatile CountDownLatch pending;
    private final Selector selector;
    private final Queue<Stream> arriving = new ConcurrentLinkedQueue<>();
    private final Thread reader;
    private final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean closed;

    private Subscribers(int count) throws IOException {
        this.heard = new AtomicLongArray(count);
        this.selector = Selector.open();
        this.reader = Thread.ofPlatform().name("subscribers-reader").daemon().unstarted(this::read);
    }

    /** Opens {@code count} subscribers and waits until every stream is open. */
    static Subscribers open(Target target, int port, int count) throws Exception {
        Subscribers s = new Subscribers(count);
        s.reader.start();
        CountDownLatch ready = new CountDownLatch(count);
        Semaphore opening = new Semaphore(64);
        for (int i = 0; i < count; i++) {
            int index = i;
            opening.acquire();
            Thread.ofVirtual().start(() -> {
                try {
                    s.subscribe(target, port, index, ready);
                } catch (Throwable t) {
                    s.failures.add(t);
                    ready.countDown();
                } finally {
                    opening.release();
                }
            });
        }
        if (!ready.await(300, TimeUnit.SECONDS)) {
            s.close();
            throw new IllegalStateException("subscribers not ready: " + ready.getCount() + " left");
        }
        if (!s.failures.isEmpty()) {
            s.close();
            throw new IllegalStateException(s.failures.size() + " subscribers failed", s.failures.getFirst());
        }
        return s;
    }

    /**
     * Subscribes one client and sends the request whose answer is its stream: a listen POST, or, in
     * the session era, a session, resources/subscribe and a GET. The stream then goes to the reader.
     */
    private void subscribe(Target target, int port, int index, CountDownLatch ready) throws IOException {
        // The session first, on a connection of its own; the stream's connection is opened when its
        // request is ready to go. Opened before, it would stay silent while initialize waits behind
        // thousands of others, and Reservoir answers 408 to a connection that has sent nothing 20 s
        // after it opened.
        String session = target.stateless() ? null : Driver.openSession(target, port);
        HttpConn conn = HttpConn.channel(port, "/mcp", 4096);
        synchronized (connections) {
            connections.add(conn);
        }
        if (target.stateless()) {
            conn.sendPost(
                    Requests.headers(TARGETLESS_STATELESS, null, "subscriptions/listen", null),
                    Requests.listen(1, URI));
        } else {
            HttpConn.Answer subscribed = conn.post(
                    Requests.headers(target, session, "resources/subscribe", URI), Requests.subscribe(2, URI));
            String message = subscribed.message();
            if (subscribed.status() != 200 || !message.contains("\"result\"")) {
                throw new IOException("subscribe failed: " + subscribed.status() + " " + message);
            }
            conn.sendGet(Requests.headers(target, session, null, null));
        }
        HttpConn.HandedOver stream = conn.handOver();
        // A GET stream's headers may come only with its first event: it counts as ready once sent.
        // A listen stream is ready once acknowledged.
        Stream s = new Stream(index, stream.channel(), target.stateless() ? ready : null);
        if (!target.stateless()) {
            ready.countDown();
        }
        s.feed.feed(stream.buffered(), 0, stream.buffered().length);
        arriving.add(s);
        selector.wakeup();
    }

    /** One subscriber's stream, read by the reader thread. */
    private final class Stream implements EventFeed.Listener {
        final int index;
        final SocketChannel channel;
        final EventFeed feed = new EventFeed(this);
        /** Counted down when the listen stream is acknowledged (or fails); null for a GET stream. */
        CountDownLatch ready;

        Stream(int index, SocketChannel channel, CountDownLatch ready) {
            this.index = index;
            this.channel = channel;
            this.ready = ready;
        }

        @Override
        public void event(byte[] bytes, int length) {
            if (ready != null && EventFeed.contains(bytes, length, ACKNOWLEDGED)) {
                readied();
            } else if (EventFeed.contains(bytes, length, UPDATED) && EventFeed.contains(bytes, length, URI_BYTES)) {
                heard.set(index, System.nanoTime());
                CountDownLatch latch = pending;
                if (latch != null) {
                    latch.countDown();
                }
            }
        }

        @Override
        public void failed(String why) {
            if (!closed) {
                failures.add(new IOException("subscriber " + index + ": " + why));
            }
            readied(); // not to be waited for (the failure is reported)
        }

        /** The stream ended: a listen stream not yet acknowledged will not be. */
        void ended() {
            readied();
        }

        private void readied() {
            if (ready != null) {
                ready.countDown();
                ready = null;
            }
        }
    }

    /** The reader thread: every stream's bytes, as they come, through its feed. */
    private void read() {
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        try {
            while (!closed) {
                selector.select();
                for (Stream s; (s = arriving.poll()) != null; ) {
                    if (s.feed.done()) {
                        s.ended();
                    } else {
                        s.channel.register(selector, SelectionKey.OP_READ, s);
                    }
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    Stream s = (Stream) key.attachment();
                    buffer.clear();
                    int n;
                    try {
                        n = s.channel.read(buffer);
                    } catch (IOException e) {
                        n = -1; // reset by the server: as if it ended
                    }
                    if (n > 0) {
                        try {
                            s.feed.feed(buffer.array(), 0, n);
                        } catch (RuntimeException e) { // one stream's fault, not the reader's end
                            s.failed(e.toString());
                            n = -1;
                        }
                    }
                    if (n < 0 || s.feed.done()) {
                        key.cancel();
                        s.ended();
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!closed) {
                failures.add(e);
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
        closed = true;
        try {
            selector.close(); // wakes the reader, which then ends
        } catch (IOException e) {
            // closing anyway
        }
        synchronized (connections) {
            connections.forEach(HttpConn::close);
            connections.clear();
        }
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
