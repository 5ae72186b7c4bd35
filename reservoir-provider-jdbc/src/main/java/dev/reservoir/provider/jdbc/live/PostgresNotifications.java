package dev.reservoir.provider.jdbc.live;

import dev.reservoir.provider.jdbc.connect.Pool;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on a PostgreSQL channel ({@code LISTEN}) on a connection of its own and hands each
 * notification's payload over; for databases whose own triggers or applications {@code NOTIFY}
 * (Reservoir installs none). Reconnects after a failure. Thread-safe to close.
 */
public final class PostgresNotifications implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PostgresNotifications.class);

    private final Pool pool;
    private final String channel;
    private final Consumer<String> onPayload;
    private final Thread thread;
    private volatile boolean closed;
    private volatile Connection connection;
    /** Down once the first LISTEN is in place (or its first attempt failed). */
    private final CountDownLatch firstAttempt = new CountDownLatch(1);

    /**
     * Starts listening and returns once the LISTEN is in place, so that a NOTIFY sent after the
     * provider is built is heard (or after {@code wait}, or its first failure: it retries then).
     */
    public PostgresNotifications(Pool pool, String channel, Consumer<String> onPayload, java.time.Duration wait) {
        this.pool = pool;
        this.channel = channel;
        this.onPayload = onPayload;
        this.thread = Thread.ofVirtual().name("reservoir-jdbc-listen").start(this::run);
        try {
            if (!firstAttempt.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("LISTEN on channel {} is not in place after {}; going on while it connects", channel, wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (!closed) {
            try (Connection c = pool.openDedicated()) {
                connection = c;
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + Dialect.of(Engine.POSTGRES).quote(channel));
                }
                firstAttempt.countDown();
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] notes = pg.getNotifications(1000);
                    if (notes != null) {
                        for (PGNotification note : notes) {
                            onPayload.accept(note.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                firstAttempt.countDown();
                if (!closed) {
                    log.warn("listening on channel {} failed; trying again in 5 s: {}", channel, e.getMessage());
                    sleep();
                }
            }
        }
    }

    private void sleep() {
        try {
            Thread.sleep(5000); // the back-off between reconnections, not a synchronisation
        } catch (InterruptedException e) {
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            Connection c = connection;
            if (c != null) {
                c.close();
            }
            thread.join(5000);
        } catch (SQLException | InterruptedException e) {
            // shutting down
        }
    }
}
