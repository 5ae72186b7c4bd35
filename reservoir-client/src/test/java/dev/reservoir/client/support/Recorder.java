package dev.reservoir.client.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.ResourceListener;
import dev.reservoir.testkit.Eventually;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;

/** Records what a subscription hears, as lines ("updated URI", "listChanged", "closed"). */
public final class Recorder implements ResourceListener {

    private final LinkedBlockingDeque<String> events = new LinkedBlockingDeque<>();

    @Override
    public void updated(String uri) {
        events.add("updated " + uri);
    }

    @Override
    public void listChanged() {
        events.add("listChanged");
    }

    @Override
    public void closed(Throwable cause) {
        events.add("closed");
    }

    /** The next event; fails when none comes in time. */
    public String next(Duration timeout) throws InterruptedException {
        String event = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(event).as("an event within " + timeout).isNotNull();
        return event;
    }

    /**
     * Triggers a change until the expected event arrives, then drains repeats of it. Reservoir's
     * server acknowledges a listen stream just before it registers the stream, so a change made the
     * instant the client sees the acknowledgement can be missed; triggering again covers that.
     */
    public void trigger(Runnable change, String expected, Duration timeout) throws InterruptedException {
        String event = Eventually.awaitValue("the event " + expected, timeout, () -> {
            change.run();
            return events.poll(300, TimeUnit.MILLISECONDS);
        });
        assertThat(event).isEqualTo(expected);
        // Repeats of the same change (one per trigger) are dropped; anything else is kept.
        for (String more; (more = events.poll(200, TimeUnit.MILLISECONDS)) != null; ) {
            if (!more.equals(expected)) {
                events.addFirst(more);
                break;
            }
        }
    }

    /** Waits a quiet period and asserts nothing else arrived. */
    public void assertExhausted(Duration quiet) throws InterruptedException {
        String event = events.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(event).as("no further event").isNull();
    }
}
