package dev.reservoir.cli;

import static dev.reservoir.cli.ReplicaCluster.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.ListResourcesResult;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ResourceListener;
import dev.reservoir.client.Subscription;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three replicas of the jar behind HAProxy (docs/replicas/haproxy.cfg), sharing changes through a
 * real Redis and a cursor key, all watching one folder: what "many replicas, one service" promises.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int FILES = 230;

    @TempDir
    static Path dir;

    static ReplicaCluster cluster;
    static Path folder;

    @BeforeAll
    static void start() throws Exception {
        folder = Files.createDirectories(dir.resolve("docs"));
        for (int i = 0; i < FILES; i++) {
            Files.writeString(folder.resolve(String.format("note-%03d.md", i)), "note " + i + "\n");
        }
        // Kept after the run (target/), for whoever has to find out why a replica misbehaved.
        Path logs = Files.createDirectories(Path.of("target", "replicas-it"));
        for (String name : List.of("r1.log", "r2.log", "r3.log", "redis.log", "haproxy.log")) {
            Files.deleteIfExists(logs.resolve(name));
        }
        cluster = new ReplicaCluster(folder, logs);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Counts what a subscription hears. */
    static final class Heard implements ResourceListener {
        final Map<String, AtomicInteger> updates = new ConcurrentHashMap<>();
        final AtomicInteger listChanges = new AtomicInteger();

        @Override
        public void updated(String uri) {
            updates.computeIfAbsent(uri, u -> new AtomicInteger()).incrementAndGet();
        }

        @Override
        public void listChanged() {
            listChanges.incrementAndGet();
        }

        int of(String uri) {
            AtomicInteger n = updates.get(uri);
            return n == null ? 0 : n.get();
        }
    }

    private static String uri(String name) {
        return folder.resolve(name).toUri().toString();
    }

    private static McpClient client(String url, ProtocolRevision revision) {
        return McpClient.builder()
                .http(url)
                .revision(revision)
                .requestTimeout(Duration.ofSeconds(30))
                .connect();
    }

    @Test
    @Order(1)
    void subscribersOnEveryReplicaHearEachChangeOnceWhateverReplicaDetectsIt() throws Exception {
        String x = uri("note-001.md");
        String y = uri("note-002.md");
        Heard listening = new Heard();
        Heard session = new Heard();
        try (McpClient onR1 = client(cluster.replicaUrl(0), ProtocolRevision.V2026_07_28);
                McpClient onR2 = client(cluster.replicaUrl(1), ProtocolRevision.V2025_11_25);
                Subscription listen = onR1.subscribe(List.of(x, y), true, listening);
                Subscription subscribed = onR2.subscribe(List.of(x, y), true, session)) {
            Files.writeString(folder.resolve("note-001.md"), "changed once\n");
            await(
                    WAIT,
                    () -> listening.of(x) == 1 && session.of(x) == 1,
                    () -> "x: " + listening.updates + session.updates);
            // A later change of another file: once it is heard, a duplicate of the first would have been.
            Files.writeString(folder.resolve("note-002.md"), "changed too\n");
            await(
                    WAIT,
                    () -> listening.of(y) == 1 && session.of(y) == 1,
                    () -> "y: " + listening.updates + session.updates);
            assertThat(listening.of(x))
                    .as("the 2026-07-28 listen stream on r1 heard x once")
                    .isEqualTo(1);
            assertThat(session.of(x))
                    .as("the 2025-11-25 session on r2 heard x once")
                    .isEqualTo(1);

            // All three replicas watch the list and see the new file; each subscriber hears it once.
            Files.writeString(folder.resolve("new.md"), "new\n");
            await(WAIT, () -> listening.listChanges.get() >= 1 && session.listChanges.get() >= 1, () -> "list");
            Files.writeString(folder.resolve("note-002.md"), "changed again\n");
            await(WAIT, () -> listening.of(y) == 2 && session.of(y) == 2, () -> "y again");
            assertThat(listening.listChanges.get()).isEqualTo(1);
            assertThat(session.listChanges.get()).isEqualTo(1);

            // A change published by a replica that is none of these two (as r3 would): both hear it.
            cluster.redis.command("PUBLISH", "reservoir:changes", "r3\nU\n" + x);
            await(WAIT, () -> listening.of(x) == 2 && session.of(x) == 2, () -> "published elsewhere");
        }
    }

    @Test
    @Order(2)
    void thePagesOfOneListingComeFromDifferentReplicas() {
        McpClient[] replicas = new McpClient[3];
        try {
            for (int i = 0; i < 3; i++) {
                replicas[i] = client(cluster.replicaUrl(i), ProtocolRevision.V2026_07_28);
            }
            Set<String> uris = new HashSet<>();
            String cursor = null;
            int page = 0;
            do {
                ListResourcesResult result = replicas[page % 3].listResources(cursor);
                result.resources().forEach(r -> uris.add(r.uri()));
                cursor = result.nextCursor();
                page++;
            } while (cursor != null);
            assertThat(page).as("pages served by r1, r2, r3 in turn").isGreaterThanOrEqualTo(3);
            assertThat(uris).hasSizeGreaterThanOrEqualTo(FILES).contains(uri("note-229.md"));
        } finally {
            for (McpClient c : replicas) {
                if (c != null) {
                    c.close();
                }
            }
        }
        try (McpClient balanced = client(cluster.balancerUrl(), ProtocolRevision.V2026_07_28)) {
            assertThat(balanced.resources()
                            .map(r -> r.uri())
                            .filter(u -> u.contains("/note-"))
                            .count())
                    .as("round robin through HAProxy, one page per replica")
                    .isEqualTo(FILES);
        }
    }

    @Test
    @Order(3)
    void aStatefulClientWhoseReplicaIsKilledStartsOverOnAnotherAndHearsChangesAgain() throws Exception {
        cluster.haproxy("clear table reservoir");
        String z = uri("note-100.md");
        Heard heard = new Heard();
        try (McpClient client = client(cluster.balancerUrl(), ProtocolRevision.V2025_11_25);
                Subscription subscription = client.subscribe(z, heard)) {
            Files.writeString(folder.resolve("note-100.md"), "before\n");
            await(WAIT, () -> heard.of(z) == 1, () -> "z before the kill");
            Set<Integer> victims = cluster.replicasHoldingSessions();
            assertThat(victims)
                    .as("the client's sessions, on one or two replicas")
                    .hasSizeBetween(1, 2);
            for (int victim : victims) {
                cluster.kill(victim);
            }
            AtomicInteger version = new AtomicInteger();
            // The client meets 404 on another replica, starts a new session there and subscribes
            // again; until it has, a change goes unheard, so change z until one is heard.
            await(
                    Duration.ofSeconds(120),
                    () -> {
                        try {
                            Files.writeString(
                                    folder.resolve("note-100.md"), "after " + version.incrementAndGet() + "\n");
                            ReplicaCluster.await(Duration.ofSeconds(5), () -> heard.of(z) > 1, () -> "");
                            return true;
                        } catch (AssertionError notYet) {
                            return false;
                        } catch (java.io.IOException e) {
                            throw new AssertionError(e);
                        }
                    },
                    () -> "the client never heard of z again after its replicas " + victims + " were killed");
            assertThat(client.read(z).text()).startsWith("after ");
            Set<Integer> now = new HashSet<>(cluster.replicasHoldingSessions());
            now.removeAll(victims);
            assertThat(now).as("a new session on a replica that lives").isNotEmpty();
            for (int victim : victims) {
                cluster.startReplica(victim);
            }
            for (int victim : victims) {
                cluster.awaitReady(victim, "ready");
            }
            cluster.awaitBalanced(3);
        }
    }

    @Test
    @Order(4)
    void withRedisAwayReplicasKeepServingAndNotificationsResumeWhenItIsBack() throws Exception {
        String w = uri("note-200.md");
        Heard heard = new Heard();
        try (McpClient onR1 = client(cluster.replicaUrl(0), ProtocolRevision.V2026_07_28);
                Subscription listen = onR1.subscribe(List.of(w), false, heard);
                McpClient balanced = client(cluster.balancerUrl(), ProtocolRevision.V2026_07_28)) {
            cluster.redis.stop();
            for (int i = 0; i < 3; i++) {
                cluster.awaitReady(i, "degraded");
                assertThat(cluster.readiness(i).at("/bus/detail").asText()).contains("cannot reach");
            }
            for (int i = 0; i < 3; i++) {
                assertThat(balanced.read(uri("note-00" + i + ".md")).text()).isNotEmpty();
            }
            Files.writeString(folder.resolve("note-200.md"), "while Redis is away\n");
            await(WAIT, () -> heard.of(w) == 1, () -> "the replica's own detection during the outage");

            cluster.redis.start();
            for (int i = 0; i < 3; i++) {
                cluster.awaitReady(i, "ready");
            }
            int before = heard.of(w);
            await(
                    WAIT,
                    () -> {
                        try {
                            cluster.redis.command("PUBLISH", "reservoir:changes", "elsewhere\nU\n" + w);
                        } catch (java.io.IOException e) {
                            throw new AssertionError(e);
                        }
                        try {
                            ReplicaCluster.await(Duration.ofSeconds(2), () -> heard.of(w) > before, () -> "");
                            return true;
                        } catch (AssertionError notYet) {
                            return false; // Lettuce subscribes again a moment after it reconnects
                        }
                    },
                    () -> "r1 never heard from the bus again after Redis came back");
        }
    }
}
