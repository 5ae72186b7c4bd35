package dev.reservoir.server.internal.rpc;

import java.util.concurrent.ThreadLocalRandom;

/**
 * An object made for every request (a request in flight, a stateless connection) and kept in hash
 * sets and maps: equal only to itself, as any object, but with a hash code of its own. The JVM's
 * identity hash of each new object went through the runtime ({@code JVM_IHashCode}, 4.5% of the
 * engine's part of a stdio read: reservoir-bench/PROFILE.md, twenty-second pass).
 */
public abstract class IdentityKey {

    private final int hash = ThreadLocalRandom.current().nextInt();

    @Override
    public final int hashCode() {
        return hash;
    }

    @Override
    public final boolean equals(Object other) {
        return this == other;
    }
}
