package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.server.transport.MessageSink;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Coalescing, bounds, holding and release of queued notifications. */
class NotificationOutboxTest {

    private final BlockingQueue<String> sent = new LinkedBlockingQueue<>();
    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch sending = new CountDownLatch(1);

    /** A sink that blocks until the gate opens, like a client that does not read. */
    private final MessageSink slow = new MessageSink() {
        @Override
        public void send(JsonRpcMessage message) {
            sending.countDown();
            try {
                gate.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sent.add(((JsonRpcNotification) message).method());
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) {}
    };

    private static JsonRpcNotification n(String method) {
        return new JsonRpcNotification(method, null);
    }

    @Test
    void pendingNotificationsWithTheSameKeyCoalesce() throws Exception {
        NotificationOutbox outbox = new NotificationOutbox(slow, 100, () -> {});
        outbox.offer("first", n("first"));
        awaitDrainerBlockedOnFirst();
        for (int i = 0; i < 1000; i++) {
            outbox.offer("a", n("a"));
            outbox.offer("b", n("b"));
        }
        assertThat(outbox.pendingCount()).isEqualTo(2);
        gate.countDown();
        assertThat(List.of(take(), take(), take())).containsExactly("first", "a", "b");
        assertThat(sent.poll(200, TimeUnit.MILLISECONDS)).isNull();
    }

    @Test
    void distinctNotificationsBeyondTheBoundAreDropped() throws Exception {
        NotificationOutbox outbox = new NotificationOutbox(slow, 10, () -> {});
        outbox.offer("first", n("first"));
        awaitDrainerBlockedOnFirst();
        for (int i = 0; i < 50; i++) {
            outbox.offer(i, n("n" + i));
        }
        assertThat(outbox.pendingCount()).isEqualTo(10);
        gate.countDown();
    }

    @Test
    void heldNotificationsGoOutInOrderOnRelease() throws Exception {
        gate.countDown();
        NotificationOutbox outbox = new NotificationOutbox(slow, 100, () -> {});
        outbox.hold();
        outbox.offer("ack", n("ack"));
        outbox.offer("u", n("updated"));
        assertThat(sent.poll(200, TimeUnit.MILLISECONDS))
                .as("nothing while held")
                .isNull();
        outbox.release();
        assertThat(List.of(take(), take())).containsExactly("ack", "updated");
    }

    @Test
    void aSinkThatOnlyQueuesIsSentToOnTheCallingThreadInOrder() throws Exception {
        List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        MessageSink queueing = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) {
                threads.add(Thread.currentThread().getName());
                sent.add(((JsonRpcNotification) message).method());
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {}

            @Override
            public boolean queues() {
                return true;
            }
        };
        NotificationOutbox outbox = new NotificationOutbox(queueing, 100, () -> {});
        outbox.hold();
        outbox.offer("ack", n("ack"));
        outbox.offer("u", n("updated"));
        assertThat(sent).isEmpty();
        outbox.release();
        outbox.offer("v", n("again"));
        // Sent before offer/release returned: nothing to wait for.
        assertThat(List.copyOf(sent)).containsExactly("ack", "updated", "again");
        assertThat(threads).containsOnly(Thread.currentThread().getName());
    }

    /**
     * Threads offering at once to one sink that queues, each offer a notification of its own:
     * whichever thread sends, each arrives once, and each thread's arrive in the order it offered
     * them (an offer returns only once its notification is sent or in another sender's hands).
     */
    @Test
    void concurrentOffersArriveOnceEachAndInEachThreadsOrder() throws Exception {
        int threads = 4;
        int each = 20_000;
        java.util.Queue<String> got = new java.util.concurrent.ConcurrentLinkedQueue<>();
        MessageSink queueing = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) {
                got.add(((JsonRpcNotification) message).method());
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {}

            @Override
            public boolean queues() {
                return true;
            }
        };
        NotificationOutbox outbox = new NotificationOutbox(queueing, Integer.MAX_VALUE, () -> {});
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> offering = new java.util.ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            offering.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    String method = thread + "/" + i;
                    outbox.offer(method, n(method));
                }
            }));
        }
        start.countDown();
        for (Thread t : offering) {
            t.join(30_000);
        }
        int[] next = new int[threads];
        for (String method : got) {
            int slash = method.indexOf('/');
            int thread = Integer.parseInt(method.substring(0, slash));
            assertThat(Integer.parseInt(method.substring(slash + 1)))
                    .as("thread %d's next", thread)
                    .isEqualTo(next[thread]++);
        }
        assertThat(next).containsOnly(each);
        assertThat(outbox.pendingCount()).isZero();
    }

    /** "first" has left the queue: the drainer is inside the sink, which holds it until the gate opens. */
    private void awaitDrainerBlockedOnFirst() throws InterruptedException {
        assertThat(sending.await(10, TimeUnit.SECONDS))
                .as("the drainer reached the sink")
                .isTrue();
    }

    private String take() throws InterruptedException {
        String next = sent.poll(5, TimeUnit.SECONDS);
        assertThat(next).isNotNull();
        return next;
    }
}
