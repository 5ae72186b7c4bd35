package dev.reservoir.server.spi;

import java.net.URI;

/** Receives changes from a provider. Thread-safe; calls return quickly and never throw. */
public interface ChangeListener {

    /** The content or metadata of a resource changed. */
    void resourceUpdated(URI uri);

    /** Resources appeared or disappeared. */
    void resourceListChanged();
}
