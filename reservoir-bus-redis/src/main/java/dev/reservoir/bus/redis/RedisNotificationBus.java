package dev.reservoir.bus.redis;

import dev.reservoir.server.bus.BusStatus;
import dev.reservoir.server.bus.Change;
import dev.reservoir.server.bus.NotificationBus;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link NotificationBus} over Redis publish/subscribe, for the replicas of one service. Each
 * replica publishes the changes it detects to one channel and delivers to its subscribers what it
 * receives from that channel, its own changes included: a change detected anywhere reaches every
 * replica's subscribers.
 *
 * <p><b>Once per change, not once per replica.</b> When every replica watches the same storage,
 * each detects the same change. Before publishing, a replica claims the change's id in Redis with
 * {@code SET id NX PX ttl}, and only the replica whose claim succeeds publishes; claim and publish
 * run as one script, so no claim is left without its message. The id is a digest of the change and
 * of the state it led to ({@link NotificationBus.Delivery#version}: a resource's modification time
 * and size, a digest of the list), the same on every replica, so the replicas agree on "the same
 * change" without talking to each other, without a leader, and a second change of the same
 * resource (a new time) is a new id. A change whose state has no name (a resource without a
 * modification time) is published unclaimed: every replica that detects it publishes it, since
 * telling two detections of one change from two changes would need a name, and losing a change is
 * worse than hearing it twice.
 *
 * <p><b>Order.</b> One thread publishes, in the order changes were detected, over one connection,
 * and one thread delivers, in the order Redis sent them; Redis sends every subscriber a channel's
 * messages in the order it received them, so every replica delivers the changes of a URI in the
 * same order.
 *
 * <p><b>When Redis is away</b> replicas keep serving: a change is then delivered to the subscribers
 * of the replica that detected it (when all watch the same storage, each subscriber still hears of
 * it once). The bus says so once in the log and in {@link #status()}, and Lettuce reconnects and
 * subscribes again by itself. Thread-safe.
 */
public final class RedisNotificationBus implements NotificationBus {

    private static final Logger log = LoggerFactory.getLogger(RedisNotificationBus.class);

    /** How long a claim lasts: longer than replicas take to detect one change, shorter than a retry storm. */
    static final Duration CLAIM_TTL = Duration.ofSeconds(60);

    private static final String PUBLISH = "return redis.call('PUBLISH', KEYS[2], ARGV[2])";
    private static final String CLAIM_AND_PUBLISH = "if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then"
            + " return redis.call('PUBLISH', KEYS[2], ARGV[2]) end return -1";

    private final RedisURI uri;
    private final String prefix;
    private final String replicaId;
    private final String channel;
    private final RedisClient client;
    private final Connectivity connectivity;
    /** Publishes in detection order; may block on Redis (bounded by the command timeout). */
    private final ExecutorService publisher = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("reservoir-bus-publish").factory());
    /** Delivers in the order Redis sent, off Lettuce's event loop. */
    private final ExecutorService deliverer = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("reservoir-bus-deliver").factory());

    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("reservoir-bus-connect").factory());

    private volatile Delivery delivery;
    private volatile StatefulRedisConnection<String, String> commands;
    private volatile StatefulRedisPubSubConnection<String, String> pubsub;
    private volatile boolean closed;

    static {
        // Lettuce records Java Flight Recorder events by default; registering them takes seconds
        // at start on a small machine, for events nobody asked for.
        System.getProperties().putIfAbsent("io.lettuce.core.jfr", "false");
    }

    private RedisNotificationBus(String url, String prefix, String replicaId) {
        this.uri = RedisURI.create(url);
        this.uri.setTimeout(Duration.ofSeconds(2));
        this.prefix = prefix;
        this.replicaId = replicaId;
        this.channel = prefix + ":changes";
        this.client = RedisClient.create(uri);
        this.client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                // While Redis is away a publish fails at once (and is delivered here) instead of
                // waiting in a buffer to be sent late.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .pingBeforeActivateConnection(true)
                .build());
        this.connectivity = new Connectivity(redacted(uri));
        this.client.addListener(connectivity);
    }

    /**
     * A bus on the Redis at {@code url} ({@code redis://host:port}, {@code rediss://} for TLS).
     *
     * @param prefix names this service's channel and keys: replicas with the same prefix share changes
     * @param replicaId this replica's name (in the messages, for logs)
     */
    public static RedisNotificationBus create(String url, String prefix, String replicaId) {
        Objects.requireNonNull(url, "url");
        if (!url.startsWith("redis://") && !url.startsWith("rediss://")) {
            throw new IllegalArgumentException("a Redis bus needs a redis:// or rediss:// URL, not '" + url + "'");
        }
        return new RedisNotificationBus(url, Objects.requireNonNull(prefix, "prefix"), replicaId);
    }

    /**
     * Starts connecting, in the background: the server starts (and serves reads) whether Redis
     * answers or not; until it does, {@link #status()} says so and changes stay on this replica.
     */
    @Override
    public void start(Delivery delivery) {
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        retries.execute(this::connect);
    }

    /** Connects both connections; until Redis first answers, tries again every second. */
    private void connect() {
        if (closed) {
            return;
        }
        try {
            StatefulRedisPubSubConnection<String, String> listening = client.connectPubSub();
            listening.addListener(new RedisPubSubAdapter<>() {
                @Override
                public void message(String from, String message) {
                    received(message);
                }
            });
            listening.sync().subscribe(channel);
            pubsub = listening;
            commands = client.connect();
            connectivity.up();
        } catch (RuntimeException e) {
            connectivity.down(e);
            closeQuietly(pubsub);
            pubsub = null;
            retries.schedule(this::connect, 1, TimeUnit.SECONDS);
        }
    }

    @Override
    public void publish(Change change) {
        if (!closed) {
            publisher.execute(() -> claimAndPublish(change));
        }
    }

    private void claimAndPublish(Change change) {
        Delivery target = delivery;
        if (target == null) {
            return;
        }
        StatefulRedisConnection<String, String> connection = commands;
        if (connection == null) {
            target.deliver(change); // Redis never answered yet: this replica's subscribers still hear it
            return;
        }
        String version = target.version(change);
        String claim = prefix + ":claim:" + ChangeCodec.id(change, version == null ? "" : version);
        try {
            Long receivers = connection
                    .sync()
                    .eval(
                            version == null ? PUBLISH : CLAIM_AND_PUBLISH,
                            ScriptOutputType.INTEGER,
                            new String[] {claim, channel},
                            Long.toString(CLAIM_TTL.toMillis()),
                            ChangeCodec.encode(replicaId, change));
            connectivity.up();
            if (receivers != null && receivers < 0) {
                log.debug("{} was published by another replica", change);
            }
        } catch (RuntimeException e) {
            connectivity.down(e);
            target.deliver(change);
        }
    }

    private void received(String message) {
        Change change = ChangeCodec.decode(message);
        Delivery target = delivery;
        if (change == null) {
            log.warn("Ignored a message on {} that is not a change", channel);
        } else if (target != null && !closed) {
            deliverer.execute(() -> target.deliver(change));
        }
    }

    @Override
    public BusStatus status() {
        StatefulRedisPubSubConnection<String, String> listening = pubsub;
        StatefulRedisConnection<String, String> talking = commands;
        boolean open = listening != null && listening.isOpen() && talking != null && talking.isOpen();
        return connectivity.status(open);
    }

    @Override
    public void close() {
        closed = true;
        connectivity.closing();
        retries.shutdownNow();
        publisher.shutdown();
        try {
            publisher.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly(pubsub);
        closeQuietly(commands);
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        deliverer.shutdownNow();
    }

    private static void closeQuietly(AutoCloseable connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (Exception e) {
                log.debug("Closing a Redis connection failed", e);
            }
        }
    }

    /** The URL without its password, for logs and health reports. */
    private static String redacted(RedisURI uri) {
        return (uri.isSsl() ? "rediss://" : "redis://") + uri.getHost() + ":" + uri.getPort();
    }
}
