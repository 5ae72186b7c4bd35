package dev.reservoir.server.bus;

/**
 * Carries resource changes from where they are detected to every subscriber, in one process or
 * across the replicas of one service. A server publishes each change its providers (or its
 * owner, through {@code McpServer.resourceUpdated}) report, and delivers to its own subscribers
 * only what the bus hands back to it, so a change detected on one replica reaches the
 * subscribers of all of them. A bus for many replicas should hand back a change detected by
 * several replicas (all watching the same storage) once, not once per replica, and keep the
 * order of the changes of one URI. Thread-safe; {@link #publish} returns quickly and never
 * throws.
 */
public interface NotificationBus extends AutoCloseable {

    /** A bus that hands every change straight back to its own server: one process, no sharing. */
    static NotificationBus inProcess() {
        return new InProcessBus();
    }

    /** Called once, by the server the bus was given to, before any {@link #publish}. */
    void start(Delivery delivery);

    /** Publishes a change this process detected. */
    void publish(Change change);

    /** Whether changes reach the other replicas now. */
    BusStatus status();

    /** Stops publishing and delivering; the server calls it when it closes. */
    @Override
    void close();

    /** What a server gives its bus. Thread-safe. */
    interface Delivery {

        /** Tells the subscribers of this process of a change (returns quickly, never throws). */
        void deliver(Change change);

        /**
         * Names the state a change led to, so that replicas which all detected the same change
         * name it alike (a resource's modification time and size; a digest of the list), or null
         * when it cannot be named. May block (it asks the providers); never throws.
         */
        String version(Change change);
    }
}
