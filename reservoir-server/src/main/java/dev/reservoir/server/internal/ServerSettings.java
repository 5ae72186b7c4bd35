package dev.reservoir.server.internal;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.spi.ReadOptions;
import java.time.Duration;
import java.util.Set;

/**
 * Everything a server was built with.
 *
 * @param pageSize the most items per page of the lists people or models read a page at a time
 *     (templates, skills, the tools' resource pages)
 * @param listPageSize the most resources per {@code resources/list} page
 * @param listPageBytes about the most bytes of resources per {@code resources/list} page
 * @param cursorKey the key page cursors are signed with, or null for a random one (made on first use)
 * @param maxMessageBytes the largest message sent where the client reads messages whole (stdio)
 * @param maxBatchLength the most messages a JSON-RPC batch may hold
 * @param maxOpenStreams the most content streams open at once, over all connections (0 or less:
 *     derived from the process's file descriptor limit)
 * @param observer told about every request, or null
 * @param bus where changes go and come back from (in-process unless the server is one of many replicas)
 * @param replicaId the name of this replica, for health reports and logs
 */
public record ServerSettings(
        Implementation serverInfo,
        String instructions,
        int pageSize,
        int listPageSize,
        long listPageBytes,
        Duration requestTimeout,
        int maxConcurrentRequests,
        int maxSubscriptions,
        int maxListens,
        int maxSubscriptionsPerClient,
        int maxSubscriptionsTotal,
        CacheHint cacheHint,
        CacheHint discoverCacheHint,
        byte[] cursorKey,
        Set<ProtocolRevision> revisions,
        ReadOptions readOptions,
        long maxMessageBytes,
        int maxBatchLength,
        int maxOpenStreams,
        dev.reservoir.server.spi.RequestObserver observer,
        dev.reservoir.server.bus.NotificationBus bus,
        String replicaId) {

    public ServerSettings {
        revisions = Set.copyOf(revisions);
        cursorKey = cursorKey == null ? null : cursorKey.clone();
    }

    /** The versions this server speaks, newest first. */
    java.util.List<String> supportedVersions() {
        return ProtocolRevision.idsNewestFirst(revisions);
    }

    /** The newest session-era revision this server speaks, or null when it speaks none. */
    ProtocolRevision latestStateful() {
        return ProtocolRevision.newestStateful(revisions).orElse(null);
    }
}
