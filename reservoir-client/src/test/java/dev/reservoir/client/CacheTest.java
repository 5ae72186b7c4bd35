package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.support.InProcessServer;
import dev.reservoir.client.support.Recorder;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.demo.DemoServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The cache against Reservoir's demo server, whose results carry ttlMs 30000 and cacheScope public (2026-07-28). */
@Timeout(60)
class CacheTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private InProcessServer server;

    @BeforeEach
    void start() {
        server = InProcessServer.demo();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aFreshReadIsServedFromTheCache() {
        try (McpClient client = server.client().connect()) {
            ReadResourceResult first = client.read("test://static-text");
            assertThat(first.cacheHint().ttl()).isEqualTo(Duration.ofSeconds(30));
            assertThat(client.read("test://static-text")).isSameAs(first);
            assertThat(client.cache().stats().hits()).isEqualTo(1);
            assertThat(client.cache().stats().misses()).isEqualTo(1);
        }
    }

    @Test
    void anUpdateNotificationDropsTheCachedRead() throws Exception {
        try (McpClient client = server.client().connect()) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(DemoServer.WATCHED, recorder)) {
                String before = client.read(DemoServer.WATCHED).text();
                assertThat(client.read(DemoServer.WATCHED).text()).isEqualTo(before);
                recorder.trigger(server.demoSet()::touchWatched, "updated " + DemoServer.WATCHED, WAIT);
                assertThat(client.read(DemoServer.WATCHED).text()).isNotEqualTo(before);
                assertThat(client.cache().stats().invalidations()).isGreaterThanOrEqualTo(1);
            }
        }
    }

    @Test
    void listPagesAreCachedUntilTheListChanges() throws Exception {
        try (McpClient client = server.client().connect()) {
            ListResourcesResult page = client.listResources(null);
            assertThat(client.listResources(null)).isSameAs(page);
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(List.of(), true, recorder)) {
                recorder.trigger(server.server()::resourceListChanged, "listChanged", WAIT);
                assertThat(client.listResources(null)).isNotSameAs(page).isEqualTo(page);
            }
        }
    }

    @Test
    void withoutTtlAStaleReadIsRevalidatedWithMetadataNotReRead() {
        // The session era has no ttlMs: the entry is stale at once, but lastModified can revalidate it.
        try (McpClient client =
                server.client().revision(ProtocolRevision.V2025_11_25).connect()) {
            ReadResourceResult first = client.read("test://static-text");
            assertThat(first.cacheHint()).isNull();
            assertThat(client.read("test://static-text")).isSameAs(first);
            assertThat(client.cache().stats().revalidations()).isEqualTo(1);
            // Without lastModified there is nothing to revalidate with: read again.
            ReadResourceResult item = client.read("demo://items/0001");
            assertThat(client.read("demo://items/0001")).isNotSameAs(item);
        }
    }

    @Test
    void withoutTtlASubscribedReadStaysFreshUntilItChanges() throws Exception {
        try (McpClient client = server.client()
                .revision(ProtocolRevision.V2025_11_25)
                .sep2093(false)
                .connect()) {
            Recorder recorder = new Recorder();
            try (Subscription sub = client.subscribe(DemoServer.WATCHED, recorder)) {
                ReadResourceResult first = client.read(DemoServer.WATCHED);
                assertThat(client.read(DemoServer.WATCHED)).isSameAs(first);
                recorder.trigger(server.demoSet()::touchWatched, "updated " + DemoServer.WATCHED, WAIT);
                assertThat(client.read(DemoServer.WATCHED).text()).isNotEqualTo(first.text());
            }
        }
    }

    @Test
    void aSharedCacheServesPublicResultsToAnotherClient() {
        ResourceCache shared = ResourceCache.create();
        try (McpClient a = server.client().cache(shared).connect();
                McpClient b = server.client().cache(shared).connect()) {
            // Different pipes, so different origins: public entries are shared per server name only.
            a.read("test://static-text");
            b.read("test://static-text");
            assertThat(shared.stats().misses()).isEqualTo(2);
        }
    }

    @Test
    void noCacheMeansEveryReadGoesToTheServer() {
        try (McpClient client = server.client().noCache().connect()) {
            assertThat(client.cache()).isNull();
            assertThat(client.read("test://static-text")).isNotSameAs(client.read("test://static-text"));
        }
    }
}
