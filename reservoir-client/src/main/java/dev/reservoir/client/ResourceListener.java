package dev.reservoir.client;

/**
 * Hears about changes on a {@link Subscription}. Called on one thread per client, in the order the
 * server sent the notifications; a slow listener delays the next call, never the connection.
 */
public interface ResourceListener {

    /** A subscribed resource changed ({@code notifications/resources/updated}). */
    void updated(String uri);

    /** The list of resources changed ({@code notifications/resources/list_changed}), if asked for. */
    default void listChanged() {}

    /**
     * The subscription ended without {@link Subscription#close()}: the server ended it, or the
     * connection closed.
     */
    default void closed(Throwable cause) {}
}
