package dev.reservoir.bus.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.bus.Change;
import dev.reservoir.server.bus.NotificationBus;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.RedisServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two buses on one real Redis, as two replicas would use them. */
class RedisNotificationBusIT {

    @TempDir
    static Path dir;

    static RedisServerProcess redis;

    private final List<RedisNotificationBus> buses = new ArrayList<>();

    @BeforeAll
    static void startRedis() throws Exception {
        redis = RedisServerProcess.start(dir.resolve("redis.log"));
    }

    @AfterAll
    static void stopRedis() throws Exception {
        redis.close();
    }

    @AfterEach
    void closeBuses() {
        buses.forEach(RedisNotificationBus::close);
    }

    /** What one replica's server would see: the changes delivered, and the versions it names. */
    static final class Replica implements NotificationBus.Delivery {
        final List<Change> delivered = new CopyOnWriteArrayList<>();
        final Map<String, String> versions = new ConcurrentHashMap<>();

        @Override
        public void deliver(Change change) {
            delivered.add(change);
        }

        @Override
        public String version(Change change) {
            if (change instanceof Change.ResourceUpdated u && u.uri().startsWith("mem:")) {
                return null; // a resource without a modification time
            }
            return change instanceof Change.ResourceUpdated u ? versions.getOrDefault(u.uri(), "v1") : "list-1";
        }
    }

    private RedisNotificationBus bus(String prefix, String id, Replica replica) {
        RedisNotificationBus bus = RedisNotificationBus.create(redis.url(), prefix, id);
        buses.add(bus);
        bus.start(replica);
        await(() -> bus.status().connected());
        return bus;
    }

    @Test
    void aChangeDetectedByOneReplicaReachesTheOther() {
        Replica a = new Replica();
        Replica b = new Replica();
        RedisNotificationBus busA = bus("cross", "a", a);
        bus("cross", "b", b);

        busA.publish(new Change.ResourceUpdated("file:///x.txt"));

        await(() -> b.delivered.size() == 1 && a.delivered.size() == 1);
        assertThat(b.delivered).containsExactly(new Change.ResourceUpdated("file:///x.txt"));
    }

    @Test
    void oneChangeDetectedByEveryReplicaIsDeliveredOnceOnEach() {
        Replica a = new Replica();
        Replica b = new Replica();
        Replica c = new Replica();
        List<RedisNotificationBus> all = List.of(bus("same", "a", a), bus("same", "b", b), bus("same", "c", c));
        all.forEach(bus -> bus.publish(new Change.ResourceUpdated("file:///x.txt")));
        all.forEach(bus -> bus.publish(Change.LIST_CHANGED));
        // A marker published after them by each bus: once it arrives, the duplicates would have too.
        List.of(a, b, c).forEach(r -> r.versions.put("file:///marker", "m"));
        all.forEach(bus -> bus.publish(new Change.ResourceUpdated("file:///marker")));
        await(() -> List.of(a, b, c).stream()
                .allMatch(r -> r.delivered.contains(new Change.ResourceUpdated("file:///marker"))));

        for (Replica replica : List.of(a, b, c)) {
            assertThat(replica.delivered)
                    .containsExactly(
                            new Change.ResourceUpdated("file:///x.txt"),
                            Change.LIST_CHANGED,
                            new Change.ResourceUpdated("file:///marker"));
        }
    }

    @Test
    void changesWithoutANamedStateAreNeverDroppedNotEvenOneAfterAnother() {
        Replica a = new Replica();
        Replica b = new Replica();
        RedisNotificationBus busA = bus("unnamed", "a", a);
        bus("unnamed", "b", b);
        busA.publish(new Change.ResourceUpdated("mem:x"));
        busA.publish(new Change.ResourceUpdated("mem:x"));
        await(() -> b.delivered.size() == 2);
        assertThat(b.delivered)
                .containsExactly(new Change.ResourceUpdated("mem:x"), new Change.ResourceUpdated("mem:x"));
    }

    @Test
    void aNewVersionOfTheSameResourceIsANewChangeAndOrderIsKept() {
        Replica a = new Replica();
        Replica b = new Replica();
        RedisNotificationBus busA = bus("order", "a", a);
        bus("order", "b", b);
        List<Change> sent = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String uri = "file:///" + (i % 3) + ".txt";
            // Each change names a new version (the time changed), as a watch would see it.
            int version = i;
            a.versions.put(uri, "v" + version);
            Change change = new Change.ResourceUpdated(uri);
            busA.publish(change);
            sent.add(change);
            await(() -> a.delivered.size() == sent.size()); // versions are read when published
        }
        await(() -> b.delivered.size() == 50);
        assertThat(b.delivered).containsExactlyElementsOf(sent);
    }

    @Test
    void withoutRedisEachReplicaDeliversWhatItDetectsAndSharingResumesWhenRedisIsBack() throws Exception {
        Replica a = new Replica();
        Replica b = new Replica();
        RedisNotificationBus busA = bus("outage", "a", a);
        RedisNotificationBus busB = bus("outage", "b", b);

        redis.stop();
        await(() -> !busA.status().connected() && !busB.status().connected());
        assertThat(busA.status().detail()).contains("cannot reach " + redis.url());
        busA.publish(new Change.ResourceUpdated("file:///during.txt"));
        await(() -> a.delivered.size() == 1);
        assertThat(b.delivered).isEmpty();

        redis.start();
        await(() -> busA.status().connected() && busB.status().connected());
        a.versions.put("file:///after.txt", "2");
        await(() -> {
            // Lettuce subscribes again right after it reconnects; publish until B hears (it may
            // miss a message sent in between, as any subscriber that was away would).
            busA.publish(new Change.ResourceUpdated("file:///after.txt"));
            return b.delivered.contains(new Change.ResourceUpdated("file:///after.txt"));
        });
        assertThat(b.delivered).containsOnly(new Change.ResourceUpdated("file:///after.txt"));
    }

    static void await(BooleanSupplier condition) {
        Eventually.await("the buses to agree", Duration.ofSeconds(30), condition::getAsBoolean);
    }
}
