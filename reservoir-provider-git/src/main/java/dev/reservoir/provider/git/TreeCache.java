package dev.reservoir.provider.git;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;

/**
 * The raw bytes of recently read tree objects, least recently used first out, bounded in bytes.
 * A tree never changes, and in a pack it is often a long chain of deltas that JGit would resolve
 * again on every read of a path below it (its delta base cache holds bases, not results); keeping
 * the result makes a read at a busy branch cost what a read at an old commit costs. Thread-safe.
 */
final class TreeCache {

    private final long maxBytes;
    private final long maxTree;
    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashMap<ObjectId, byte[]> trees = new LinkedHashMap<>(256, 0.75f, true);
    private long bytes;

    TreeCache(long maxBytes) {
        this.maxBytes = maxBytes;
        this.maxTree = maxBytes / 8;
    }

    /** A parser over the tree {@code id}, read through the cache. */
    CanonicalTreeParser parser(ObjectReader reader, ObjectId id) throws IOException {
        CanonicalTreeParser parser = new CanonicalTreeParser();
        parser.reset(raw(reader, id));
        return parser;
    }

    private byte[] raw(ObjectReader reader, ObjectId id) throws IOException {
        lock.lock();
        try {
            byte[] cached = trees.get(id);
            if (cached != null) {
                return cached;
            }
        } finally {
            lock.unlock();
        }
        byte[] raw = reader.open(id, Constants.OBJ_TREE).getCachedBytes(Integer.MAX_VALUE);
        if (raw.length <= maxTree) {
            lock.lock();
            try {
                if (trees.put(id.copy(), raw) == null) {
                    bytes += raw.length;
                }
                var eldest = trees.entrySet().iterator();
                while (bytes > maxBytes && eldest.hasNext()) {
                    Map.Entry<ObjectId, byte[]> out = eldest.next();
                    bytes -= out.getValue().length;
                    eldest.remove();
                }
            } finally {
                lock.unlock();
            }
        }
        return raw;
    }
}
