package dev.reservoir.server.internal;

import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.Watch;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a server's providers in order, watches their lists, and closes them: each provider is
 * started once before it is asked anything, and closed once; a provider that cannot start fails
 * the server's building with its message, after the ones started before it are closed. Used by
 * one thread at a time (building, then closing).
 */
final class ProviderLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ProviderLifecycle.class);

    private final List<ResourceProvider> providers;
    private final List<Watch> listWatches = new ArrayList<>();

    /** Starts every provider; throws IllegalStateException naming the one that could not start, and why. */
    ProviderLifecycle(List<ResourceProvider> providers, ChangeListener listChanges) {
        this.providers = List.copyOf(providers);
        for (int i = 0; i < this.providers.size(); i++) {
            ResourceProvider provider = this.providers.get(i);
            try {
                provider.start();
            } catch (RuntimeException e) {
                closeAll(this.providers.subList(0, i + 1));
                throw new IllegalStateException("provider " + provider + " could not start: " + e.getMessage(), e);
            }
        }
        for (ResourceProvider provider : this.providers) {
            try {
                listWatches.add(provider.watchList(listChanges));
            } catch (RuntimeException e) {
                // A provider that cannot watch (an inotify limit, say) still serves; clients just
                // hear of fewer changes.
                log.warn("Provider {} cannot report list changes: {}", provider, e.toString());
            }
        }
    }

    /** Stops the list watches, then closes every provider (each failure logged, none stopping the rest). */
    void close() {
        listWatches.forEach(Watch::close);
        closeAll(providers);
    }

    private static void closeAll(List<ResourceProvider> providers) {
        for (ResourceProvider provider : providers) {
            try {
                provider.close();
            } catch (Exception e) {
                log.warn("Closing provider {} failed", provider, e);
            }
        }
    }
}
