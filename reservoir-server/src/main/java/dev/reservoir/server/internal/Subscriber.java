package dev.reservoir.server.internal;

import java.util.function.Supplier;

/** Something that hears resource changes: a stateful session or a listen stream. */
interface Subscriber {

    /**
     * A subscribed resource changed.
     *
     * @param title the resource's title, looked up at most once per change and only if asked for
     */
    void updated(String uri, Supplier<String> title);

    /** The resource list changed (only called on subscribers that asked for it). */
    void listChanged();
}
