package dev.reservoir.provider.git;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A map of at most {@code capacity} entries, least recently used first out, for answers that
 * never change (what a blob holds, the tree of a commit, when a path last changed at a commit).
 * The value is worked out outside the lock, so two threads may both work out a missing one.
 * Thread-safe.
 */
final class Lru<K, V> {

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<K, V> map;

    Lru(int capacity) {
        this.map = new LinkedHashMap<>(Math.min(capacity, 1024), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The value for {@code key}, made by {@code make} (and kept) when there is none. */
    <X extends Exception> V get(K key, Maker<K, V, X> make) throws X {
        lock.lock();
        try {
            V known = map.get(key);
            if (known != null) {
                return known;
            }
        } finally {
            lock.unlock();
        }
        V made = make.make(key);
        put(key, made);
        return made;
    }

    void put(K key, V value) {
        lock.lock();
        try {
            map.put(key, value);
        } finally {
            lock.unlock();
        }
    }

    /** Makes a missing value; may throw a checked exception. */
    @FunctionalInterface
    interface Maker<K, V, X extends Exception> {
        V make(K key) throws X;
    }
}
