package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.bus.NotificationBus;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A change to many subscribers is handed over by several threads, each subscriber gets it once,
 * and the change is with all of them when the hub returns.
 */
class SubscriptionHubFanOutTest {

    private static final String URI_TEXT = "mem://shared";

    /** Counts what it is handed, and on which threads. */
    private static final class Counting implements Subscriber {
        final AtomicInteger updates = new AtomicInteger();
        final AtomicInteger listChanges = new AtomicInteger();
        final Set<Thread> threads;

        Counting(Set<Thread> threads) {
            this.threads = threads;
        }

        @Override
        public void updated(ResourceUpdate update) {
            assertThat(update.uri()).isEqualTo(URI_TEXT);
            threads.add(Thread.currentThread());
            updates.incrementAndGet();
        }

        @Override
        public void listChanged() {
            threads.add(Thread.currentThread());
            listChanges.incrementAndGet();
        }
    }

    private static SubscriptionHub hub(int threads) {
        InMemoryProvider statics = InMemoryProvider.create();
        statics.put(Resource.builder(URI_TEXT, "shared").build(), ContentBody.text("x"));
        return new SubscriptionHub(new Router(statics, List.of(), List.of()), NotificationBus.inProcess(), threads);
    }

    private static List<Counting> subscribe(SubscriptionHub hub, int count, Set<Thread> threads) {
        List<Counting> subscribers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Counting s = new Counting(threads);
            hub.subscribe(URI_TEXT, s);
            hub.subscribeList(s);
            subscribers.add(s);
        }
        return subscribers;
    }

    @Test
    void manySubscribersAreHandedTheChangeByAsManyThreadsAsAllowedEachOnce() {
        // Returned: every subscriber has it already (the in-process bus delivers on this thread).
        assertThat(threadsHandingOneUpdate(4, 10 * SubscriptionHub.SUBSCRIBERS_PER_THREAD))
                .hasSize(4)
                .contains(Thread.currentThread());

        SubscriptionHub hub = hub(4);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        List<Counting> subscribers = subscribe(hub, 10 * SubscriptionHub.SUBSCRIBERS_PER_THREAD, threads);
        hub.resourceListChanged();
        assertThat(subscribers).allSatisfy(s -> assertThat(s.listChanges).hasValue(1));
        assertThat(threads).hasSize(4);
    }

    @Test
    void fewSubscribersAreHandedTheChangeOnTheCallersThread() {
        assertThat(threadsHandingOneUpdate(4, SubscriptionHub.SUBSCRIBERS_PER_THREAD))
                .containsExactly(Thread.currentThread());
    }

    @Test
    void oneThreadAllowedMeansTheCallersThreadOnly() {
        assertThat(threadsHandingOneUpdate(1, 4 * SubscriptionHub.SUBSCRIBERS_PER_THREAD))
                .containsExactly(Thread.currentThread());
    }

    /**
     * Hands one change to {@code count} subscribers of a hub allowed {@code allowed} threads, checks
     * that each has it once when the hub returns, and says which threads handed it over.
     */
    private static Set<Thread> threadsHandingOneUpdate(int allowed, int count) {
        SubscriptionHub hub = hub(allowed);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        List<Counting> subscribers = subscribe(hub, count, threads);

        hub.resourceUpdated(URI.create(URI_TEXT));
        assertThat(subscribers).allSatisfy(s -> assertThat(s.updates).hasValue(1));
        return threads;
    }

    @Test
    void aSubscriberThatThrowsDoesNotKeepTheChangeFromTheOthers() {
        SubscriptionHub hub = hub(2);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        hub.subscribe(URI_TEXT, new Subscriber() {
            @Override
            public void updated(ResourceUpdate update) {
                throw new IllegalStateException("broken subscriber");
            }

            @Override
            public void listChanged() {}
        });
        List<Counting> subscribers = subscribe(hub, 3 * SubscriptionHub.SUBSCRIBERS_PER_THREAD, threads);

        hub.resourceUpdated(URI.create(URI_TEXT));
        assertThat(subscribers).allSatisfy(s -> assertThat(s.updates).hasValue(1));
    }
}
