package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ServerDescription;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.core.McpException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's one connection to its server, kept alive: a quiet server is pinged now and then,
 * a lost one (its process ended, its address stopped answering, a ping failed) is reconnected with
 * a growing pause, and every change of state goes to the open pages. Calls go through
 * {@link #call}, which fails at once with {@link ServerDown} while there is no connection.
 * Thread-safe.
 */
final class Link implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Link.class);
    private static final Duration PING_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration MAX_PAUSE = Duration.ofSeconds(5);

    /** Where the connection stands. */
    enum State {
        UP,
        DOWN,
        CLOSED
    }

    /** No connection to the server right now. */
    static final class ServerDown extends RuntimeException {
        ServerDown(String message) {
            super(message);
        }
    }

    private final Settings settings;
    private final EventHub events;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private McpClient client;
    private ServerDescription description;
    private State state = State.DOWN;
    private String problem = "not connected yet";
    private boolean suspect;
    private int connections;
    private Consumer<McpClient> onConnected = c -> {};
    private Thread supervisor;

    Link(Settings settings, EventHub events) {
        this.settings = settings;
        this.events = events;
    }

    /** What to do after each (re)connection, before pages hear of it: subscribe again and the like. */
    void onConnected(Consumer<McpClient> action) {
        this.onConnected = action;
    }

    /** Connects once (failing if the server cannot be reached), then keeps the connection alive. */
    void start() {
        McpClient first = settings.connector().get();
        adopt(first);
        supervisor = Thread.ofVirtual().name("console-link").start(this::supervise);
    }

    /** Runs a call on the connection; a client-side failure makes the link check the server at once. */
    <T> T call(Function<McpClient, T> work) {
        McpClient current = current();
        try {
            return work.apply(current);
        } catch (McpClientException e) {
            suspect();
            throw e;
        }
    }

    /** The connected client, or ServerDown. */
    McpClient current() {
        lock.lock();
        try {
            if (state != State.UP) {
                throw new ServerDown("the server is not connected: " + problem);
            }
            return client;
        } finally {
            lock.unlock();
        }
    }

    /** Asks the supervisor to check the server now (a call failed, or a subscription ended). */
    void suspect() {
        lock.lock();
        try {
            suspect = true;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether this client is the connection in use (events from an older one are ignored). */
    boolean isCurrent(McpClient candidate) {
        lock.lock();
        try {
            return state == State.UP && client == candidate;
        } finally {
            lock.unlock();
        }
    }

    /** The state as the page shows it. */
    ObjectNode status() {
        lock.lock();
        try {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            node.put("state", state.name().toLowerCase(java.util.Locale.ROOT));
            node.put("connections", connections);
            if (state != State.UP) {
                node.put("problem", problem);
            }
            node.set("server", description == null ? null : Json.description(description));
            node.put("target", settings.target());
            return node;
        } finally {
            lock.unlock();
        }
    }

    private void adopt(McpClient fresh) {
        lock.lock();
        try {
            client = fresh;
            description = fresh.server();
            state = State.UP;
            problem = null;
            suspect = false;
            connections++;
        } finally {
            lock.unlock();
        }
        try {
            onConnected.accept(fresh);
        } catch (RuntimeException e) {
            log.warn("After connecting: {}", e.toString());
        }
        events.publish("status", status());
    }

    /** The supervisor: pings while up, reconnects while down. */
    private void supervise() {
        Duration pause = Duration.ofMillis(250);
        while (true) {
            State now;
            McpClient checked;
            lock.lock();
            try {
                if (state == State.UP && !suspect) {
                    wake.await(settings.healthEvery().toMillis(), TimeUnit.MILLISECONDS);
                } else if (state == State.DOWN) {
                    wake.await(pause.toMillis(), TimeUnit.MILLISECONDS);
                }
                now = state;
                checked = client;
                suspect = false;
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
            if (now == State.CLOSED) {
                return;
            }
            if (now == State.UP) {
                String failure = ping(checked);
                if (failure != null) {
                    lose(checked, failure);
                    pause = Duration.ofMillis(250);
                }
            } else if (reconnect()) {
                pause = Duration.ofMillis(250);
            } else {
                pause = pause.multipliedBy(2).compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : pause.multipliedBy(2);
            }
        }
    }

    /** Null when the server answered (even with an error), else why not. */
    private static String ping(McpClient c) {
        try {
            c.withTimeout(PING_TIMEOUT).request("ping", JsonNodeFactory.instance.objectNode());
            return null;
        } catch (McpException e) {
            return null; // it answered: it is there
        } catch (RuntimeException e) {
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }
    }

    /** Marks the connection lost (if it still is the one in use) and closes it. */
    void lose(McpClient lost, String why) {
        lock.lock();
        try {
            if (client != lost || state != State.UP) {
                return;
            }
            state = State.DOWN;
            problem = why;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
        log.info("Lost the server: {}", why);
        events.publish("status", status());
        closeQuietly(lost);
    }

    private boolean reconnect() {
        McpClient fresh;
        try {
            fresh = settings.connector().get();
        } catch (RuntimeException e) {
            lock.lock();
            try {
                problem = e.getMessage() == null ? e.toString() : e.getMessage();
            } finally {
                lock.unlock();
            }
            return false;
        }
        lock.lock();
        try {
            if (state == State.CLOSED) {
                closeQuietly(fresh);
                return true;
            }
        } finally {
            lock.unlock();
        }
        adopt(fresh);
        log.info("Reconnected to the server");
        return true;
    }

    private static void closeQuietly(McpClient c) {
        try {
            c.close();
        } catch (RuntimeException e) {
            log.debug("Closing a lost connection: {}", e.toString());
        }
    }

    @Override
    public void close() {
        McpClient last;
        lock.lock();
        try {
            if (state == State.CLOSED) {
                return;
            }
            state = State.CLOSED;
            last = client;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
        if (supervisor != null) {
            supervisor.interrupt();
        }
        if (last != null) {
            closeQuietly(last);
        }
    }
}
