package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.protocol.Errors;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How many resource subscriptions each client, and all clients together, may hold. Per-connection
 * limits alone do not bound a client: over HTTP each 2026-07-28 request is a connection of its
 * own, so one client can open thousands of listen streams. A transport names the client of each
 * connection (a bearer token's identity, or a remote address); a connection without a name is a
 * client of its own. Clients are map keys: a name, or the unnamed connection itself.
 *
 * <p>A subscription costs one unit per started {@value #UNIT_CHARS} characters of its URI, so the
 * budget bounds memory and not just a count. Measured in a real server (JDK 25, serving a folder
 * over HTTP, heap after a full GC): a subscription to a URI that others subscribe to as well holds
 * about 100 bytes; one to a URI of its own about 400 bytes (the hub's topic, the provider's watch)
 * plus about 4.3 bytes per character of the URI (it is kept in several forms). So one unit holds at
 * most about 400 + 4.3 x 128 = 950 bytes, and the default 200,000 units in all at most about 190
 * MB; next to it, the 10,000 SSE streams the HTTP transport allows by default hold about 12.6 KB
 * each when idle, 126 MB: together within a 512 MiB heap (the JVM's default on a 2 GiB machine).
 * Before these budgets, 250 listen streams of 10,000 URIs each filled such a heap. Thread-safe.
 */
final class SubscriptionBudget {

    /** A URI of up to this many characters costs one unit; each further started block one more. */
    static final int UNIT_CHARS = 128;

    private final int perClient;
    private final int total;
    private final ReentrantLock lock = new ReentrantLock();
    /** Units held per client; a client holding none has no entry (names may come and go by the million). */
    private final Map<Object, Integer> held = new HashMap<>();

    private int heldTotal;

    SubscriptionBudget(int perClient, int total) {
        this.perClient = perClient;
        this.total = total;
    }

    /** The units one subscription to {@code uri} costs. */
    static int cost(String uri) {
        return 1 + Math.max(0, uri.length() - 1) / UNIT_CHARS;
    }

    /** The units subscriptions to all of {@code uris} cost. */
    static int cost(Collection<String> uris) {
        int units = 0;
        for (String uri : uris) {
            units += cost(uri);
        }
        return units;
    }

    /**
     * Takes units for a client, all or nothing.
     *
     * @throws McpException with code {@link ErrorCodes#SUBSCRIPTION_LIMIT} when the client's or
     *     the server's budget is spent
     */
    void take(Object client, int units) {
        if (units <= 0) {
            return;
        }
        lock.lock();
        try {
            int mine = held.getOrDefault(client, 0);
            if (mine + units > perClient) {
                throw spent("client", perClient, mine, units);
            }
            if (heldTotal + units > total) {
                throw spent("server", total, heldTotal, units);
            }
            held.put(client, mine + units);
            heldTotal += units;
        } finally {
            lock.unlock();
        }
    }

    /** Gives back units {@link #take} took. */
    void give(Object client, int units) {
        if (units <= 0) {
            return;
        }
        lock.lock();
        try {
            int left = held.getOrDefault(client, 0) - units;
            if (left > 0) {
                held.put(client, left);
            } else {
                held.remove(client);
            }
            heldTotal = Math.max(0, heldTotal - units);
        } finally {
            lock.unlock();
        }
    }

    /** Units held by one client now (for tests and metrics). */
    int held(Object client) {
        lock.lock();
        try {
            return held.getOrDefault(client, 0);
        } finally {
            lock.unlock();
        }
    }

    /** Units held by all clients now (for tests and metrics). */
    int heldTotal() {
        lock.lock();
        try {
            return heldTotal;
        } finally {
            lock.unlock();
        }
    }

    private static McpException spent(String scope, int limit, int heldNow, int requested) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("scope", scope).put("limit", limit).put("held", heldNow).put("requested", requested);
        String who = scope.equals("client")
                ? "this client holds " + heldNow + " of its " + limit
                        + " subscription units; unsubscribe or end a listen stream first"
                : "the server holds " + heldNow + " of its " + limit + " subscription units; retry later";
        return new McpException(Errors.tooManySubscriptions(
                who + " (this request needs " + requested + "; a URI costs one unit per " + UNIT_CHARS + " characters)",
                data));
    }
}
