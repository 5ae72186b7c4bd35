package dev.reservoir.server.internal.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.RequestId;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** A request's drop callbacks: what a read's answer holds is released once, and only when the request is dropped. */
class InFlightTest {

    private static InFlight call() {
        return new InFlight(RequestId.of(1), "resources/read", null, null);
    }

    @Test
    void aReleaseRegisteredBeforeTheRequestIsDroppedRunsOnceOnAnotherThread() throws Exception {
        InFlight call = call();
        CountDownLatch ran = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        AtomicReference<Thread> on = new AtomicReference<>();
        call.releaseIfDropped(() -> {
            on.set(Thread.currentThread());
            runs.incrementAndGet();
            ran.countDown();
        });

        assertThat(call.cancel()).isTrue();
        call.interrupt();
        call.interrupt(); // a second drop finds nothing left to run

        assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(50);
        assertThat(runs).hasValue(1);
        assertThat(on.get()).isNotSameAs(Thread.currentThread());
    }

    @Test
    void aReleaseRegisteredAfterTheRequestWasDroppedRunsAtOnce() {
        InFlight call = call();
        assertThat(call.timeOut()).isTrue();
        call.interrupt();
        AtomicInteger runs = new AtomicInteger();

        call.releaseIfDropped(runs::incrementAndGet);

        assertThat(runs).hasValue(1);
    }

    @Test
    void aFinishedRequestReleasesNothing() throws Exception {
        InFlight call = call();
        AtomicInteger runs = new AtomicInteger();
        call.releaseIfDropped(runs::incrementAndGet);

        assertThat(call.finish()).isTrue();
        assertThat(call.cancel()).isFalse(); // the answer won: no drop, so no interrupt either

        Thread.sleep(50);
        assertThat(runs).hasValue(0);
    }

    @Test
    void hooksRegisteredBeforeAndAfterTheDropEachRunOnce() throws Exception {
        InFlight call = call();
        CountDownLatch before = new CountDownLatch(1);
        call.cancelHooks().add(before::countDown, false);
        call.releaseIfDropped(() -> {});
        assertThat(call.cancel()).isTrue();
        call.interrupt();
        assertThat(before.await(5, TimeUnit.SECONDS)).isTrue();

        AtomicInteger after = new AtomicInteger();
        call.cancelHooks().add(after::incrementAndGet, true);
        call.releaseIfDropped(after::incrementAndGet); // a second release goes the way of a hook

        assertThat(after).hasValue(2);
    }

    @Test
    void aDropWithNoCallbacksInterruptsTheRequestsThread() throws Exception {
        InFlight call = call();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Thread worker = Thread.ofVirtual().start(() -> {
            call.enter();
            entered.countDown();
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        });
        assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

        assertThat(call.cancel()).isTrue();
        call.interrupt();

        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
        worker.join();
    }

    @Test
    void aHookThatStopsTheWorkItselfSparesTheThreadItsInterrupt() throws Exception {
        InFlight call = call();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicReference<Boolean> wasInterrupted = new AtomicReference<>();
        Thread worker = Thread.ofVirtual().start(() -> {
            call.enter();
            entered.countDown();
            try {
                wasInterrupted.set(!stopped.await(5, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                wasInterrupted.set(true);
            }
        });
        assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();
        call.cancelHooks().add(stopped::countDown, true);

        assertThat(call.cancel()).isTrue();
        call.interrupt();

        worker.join(5_000);
        assertThat(wasInterrupted.get()).isFalse();
    }

    /** Registration racing the drop: the release runs exactly once whichever comes first. */
    @RepeatedTest(100)
    void aReleaseRacingTheDropRunsExactlyOnce() throws Exception {
        InFlight call = call();
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        Thread dropper = Thread.ofPlatform().start(() -> {
            try {
                start.await();
            } catch (InterruptedException e) {
                return;
            }
            call.cancel();
            call.interrupt();
        });
        start.countDown();
        call.releaseIfDropped(runs::incrementAndGet);
        dropper.join();

        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (runs.get() == 0 && System.nanoTime() < until) {
            Thread.sleep(1);
        }
        Thread.sleep(5);
        assertThat(runs).hasValue(1);
    }

    @Test
    void equalityIsIdentity() {
        InFlight one = call();
        InFlight other = call();
        assertThat(one).isEqualTo(one).isNotEqualTo(other);
        assertThat(one.hashCode()).isEqualTo(one.hashCode());
    }
}
