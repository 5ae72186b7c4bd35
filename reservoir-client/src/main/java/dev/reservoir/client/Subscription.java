package dev.reservoir.client;

import java.util.List;

/**
 * An open subscription: {@code resources/subscribe} per URI in the session era, one
 * {@code subscriptions/listen} stream from 2026-07-28. Thread-safe; closing twice is harmless.
 */
public interface Subscription extends AutoCloseable {

    /** The URIs the server agreed to report on (its acknowledgement; may be fewer than asked). */
    List<String> uris();

    /** Whether the server agreed to report list changes. */
    boolean listChanged();

    /** Whether the subscription is still open. */
    boolean isOpen();

    /** Ends the subscription (unsubscribes, or cancels the listen stream). */
    @Override
    void close();
}
