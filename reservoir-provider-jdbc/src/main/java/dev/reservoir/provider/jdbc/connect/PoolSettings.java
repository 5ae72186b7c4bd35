package dev.reservoir.provider.jdbc.connect;

import java.time.Duration;

/**
 * How connections are made and kept.
 *
 * @param maxSize the most connections open at once (requests beyond wait up to {@code connectTimeout})
 * @param connectTimeout how long to wait for a connection from the pool or the server
 * @param statementTimeout the most a statement may run (set on the server as well, for PostgreSQL)
 */
public record PoolSettings(int maxSize, Duration connectTimeout, Duration statementTimeout) {

    public static final PoolSettings DEFAULT = new PoolSettings(4, Duration.ofSeconds(10), Duration.ofSeconds(15));

    public PoolSettings {
        if (maxSize < 1) {
            throw new IllegalArgumentException("a pool needs at least one connection, not " + maxSize);
        }
        if (connectTimeout.toMillis() < 250 || statementTimeout.toMillis() < 1) {
            throw new IllegalArgumentException(
                    "connect timeout must be at least 250 ms and statement timeout positive");
        }
    }
}
