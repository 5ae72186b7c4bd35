package dev.reservoir.bus.redis;

import dev.reservoir.server.bus.BusStatus;
import io.lettuce.core.RedisConnectionStateListener;
import java.net.SocketAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether Redis is reachable, told once in the log per change (not once per failed publish) and
 * on request to health checks. Thread-safe.
 */
final class Connectivity implements RedisConnectionStateListener {

    private static final Logger log = LoggerFactory.getLogger(RedisNotificationBus.class);

    /** Why Redis is away and since when, or null while it is reachable. */
    private final AtomicReference<String> down = new AtomicReference<>("not connected yet");

    private final String where;
    private volatile boolean closing;

    Connectivity(String where) {
        this.where = where;
    }

    void up() {
        if (down.getAndSet(null) != null) {
            log.info("Notification bus connected to {}: changes reach every replica", where);
        }
    }

    void down(Throwable cause) {
        down(cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
    }

    private void down(String reason) {
        String since = Instant.now().truncatedTo(ChronoUnit.SECONDS) + ": " + reason;
        String before = down.getAndUpdate(
                previous -> previous == null || previous.equals("not connected yet") ? since : previous);
        if (before == null || before.equals("not connected yet")) {
            log.warn(
                    "Notification bus cannot reach {} ({}); this replica keeps serving, and until Redis is back"
                            + " its subscribers hear only of the changes it detects itself",
                    where,
                    reason);
        }
    }

    @Override
    public void onRedisConnected(io.lettuce.core.RedisChannelHandler<?, ?> connection, SocketAddress address) {
        // Reconnected by Lettuce: up() is called by the next successful command or status check.
    }

    @Override
    public void onRedisDisconnected(io.lettuce.core.RedisChannelHandler<?, ?> connection) {
        if (!closing) {
            down("connection lost");
        }
    }

    /** The bus is closing: its connections end on purpose. */
    void closing() {
        closing = true;
    }

    BusStatus status(boolean open) {
        if (open) {
            up();
            return new BusStatus("redis", true, "connected to " + where);
        }
        String reason = down.get();
        if (reason == null) {
            down("connection lost");
            reason = down.get();
        }
        return new BusStatus(
                "redis",
                false,
                "cannot reach " + where + " since " + reason
                        + "; subscribers hear only of changes this replica detects");
    }
}
