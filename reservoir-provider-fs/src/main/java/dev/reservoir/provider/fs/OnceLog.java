package dev.reservoir.provider.fs;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warnings about entries that are skipped (unreadable, not nameable, not entered), each logged
 * once per entry: pages and watchers meet the same entry again and again, and the log should say
 * it once. Remembers at most {@value #MAX_KEYS} entries, then says that it stops. Thread-safe.
 */
final class OnceLog {

    static final int MAX_KEYS = 10_000;

    private static final Logger log = LoggerFactory.getLogger(FileSystemProvider.class);

    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    /** Logs the warning unless one was already logged for {@code key}; true when it was logged. */
    boolean warn(String key, String format, Object... args) {
        if (seen.size() >= MAX_KEYS || !seen.add(key)) {
            return false;
        }
        log.warn(format, args);
        if (seen.size() == MAX_KEYS) {
            log.warn("{} entries were skipped; further ones are not logged", MAX_KEYS);
        }
        return true;
    }
}
