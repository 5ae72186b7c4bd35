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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A change to many subscribers is handed over by several threads, each subscriber gets it once,
 * the change is with all of them when the hub returns, and a subscriber that stalls holds up only
 * the few its thread had taken with it.
 */
class SubscriptionHubFanOutTest {

    private static final String URI_TEXT = "mem://shared";

    /**
     * Counts what it is handed, and on which threads. Handed a change, it waits until {@code
     * threadsToWaitFor} threads have handed changes over, or {@code giveUp} (shared by all, so a
     * failing test ends): the threads take subscribers as they come, so without the wait one that
     * started early could take them all.
     */
    private static final class Counting implements Subscriber {
        final AtomicInteger updates = new AtomicInteger();
        final AtomicInteger listChanges = new AtomicInteger();
        final Set<Thread> threads;
        final int threadsToWaitFor;
        final long giveUp;

        Counting(Set<Thread> threads, int threadsToWaitFor, long giveUp) {
            this.threads = threads;
            this.threadsToWaitFor = threadsToWaitFor;
            this.giveUp = giveUp;
        }

        @Override
        public void updated(ResourceUpdate update) {
            assertThat(update.uri()).isEqualTo(URI_TEXT);
            handed();
            updates.incrementAndGet();
        }

        @Override
        public void listChanged() {
            handed();
            listChanges.incrementAndGet();
        }

        private void handed() {
            threads.add(Thread.currentThread());
            waitUntil(() -> threads.size() >= threadsToWaitFor, giveUp);
        }
    }

    /** Waits, a millisecond at a time, until {@code done} or {@code giveUp} ({@link System#nanoTime}). */
    private static void waitUntil(BooleanSupplier done, long giveUp) {
        while (!done.getAsBoolean() && System.nanoTime() < giveUp) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static SubscriptionHub hub(int threads) {
        InMemoryProvider statics = InMemoryProvider.create();
        statics.put(Resource.builder(URI_TEXT, "shared").build(), ContentBody.text("x"));
        return new SubscriptionHub(new Router(statics, List.of(), List.of()), NotificationBus.inProcess(), threads);
    }

    private static List<Counting> subscribe(SubscriptionHub hub, int count, Set<Thread> threads) {
        return subscribe(hub, count, threads, 0);
    }

    private static List<Counting> subscribe(SubscriptionHub hub, int count, Set<Thread> threads, int threadsToWaitFor) {
        List<Counting> subscribers = new ArrayList<>();
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (int i = 0; i < count; i++) {
            Counting s = new Counting(threads, threadsToWaitFor, giveUp);
            hub.subscribe(URI_TEXT, s);
            hub.subscribeList(s);
            subscribers.add(s);
        }
        return subscribers;
    }

    @Test
    void manySubscribersAreHandedTheChangeByAsManyThreadsAsAllowedEachOnce() {
        // Returned: every subscriber has it already (the in-process bus delivers on this thread).
        assertThat(threadsHandingOneUpdate(4, 10 * SubscriptionHub.SUBSCRIBERS_PER_THREAD, 4))
                .hasSize(4)
                .contains(Thread.currentThread());

        SubscriptionHub hub = hub(4);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        List<Counting> subscribers = subscribe(hub, 10 * SubscriptionHub.SUBSCRIBERS_PER_THREAD, threads, 4);
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
        return threadsHandingOneUpdate(allowed, count, 0);
    }

    private static Set<Thread> threadsHandingOneUpdate(int allowed, int count, int threadsToWaitFor) {
        SubscriptionHub hub = hub(allowed);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        List<Counting> subscribers = subscribe(hub, count, threads, threadsToWaitFor);

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

    @Test
    void aSubscriberThatStallsHoldsUpOnlyTheSubscribersItsThreadHadTaken() {
        SubscriptionHub hub = hub(2);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        int others = 8 * SubscriptionHub.SUBSCRIBERS_PER_THREAD;
        AtomicInteger handedBeforeRelease = new AtomicInteger(-1);
        List<Counting> subscribers = new ArrayList<>();
        // Stalls until the others have the change, but no more than SUBSCRIBERS_PER_CLAIM - 1 of
        // them (those its thread had taken with it): a fixed share a thread would leave half of
        // them waiting with it.
        hub.subscribe(URI_TEXT, new Subscriber() {
            @Override
            public void updated(ResourceUpdate update) {
                waitUntil(
                        () -> handed(subscribers) >= others - (SubscriptionHub.SUBSCRIBERS_PER_CLAIM - 1),
                        System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
                handedBeforeRelease.set(handed(subscribers));
            }

            @Override
            public void listChanged() {}
        });
        subscribers.addAll(subscribe(hub, others, threads));

        hub.resourceUpdated(URI.create(URI_TEXT));
        assertThat(handedBeforeRelease.get())
                .isGreaterThanOrEqualTo(others - (SubscriptionHub.SUBSCRIBERS_PER_CLAIM - 1));
        assertThat(subscribers).allSatisfy(s -> assertThat(s.updates).hasValue(1));
    }

    private static int handed(List<Counting> subscribers) {
        int handed = 0;
        for (Counting s : subscribers) {
            handed += s.updates.get();
        }
        return handed;
    }
}
