package dev.reservoir.server.internal;

/** Something that hears resource changes: a stateful session or a listen stream. */
interface Subscriber {

    /** A subscribed resource changed: the change's notification is shared by every subscriber. */
    void updated(ResourceUpdate update);

    /** The resource list changed (only called on subscribers that asked for it). */
    void listChanged();
}
