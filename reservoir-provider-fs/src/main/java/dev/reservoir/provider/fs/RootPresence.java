package dev.reservoir.provider.fs;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices a root folder moved away, removed, or put back. A watcher inside a folder cannot see
 * that (on Linux its watches follow the folder wherever it is moved), so the folder that holds
 * each root is watched, not recursively, for its entries appearing and going; an event for a
 * root's own name compares what is at the root's path now (a folder, and which one: its file key)
 * with what was there, and tells the hub. Not noticed: a folder further up being moved (the root
 * is then gone from listings, but nobody is told), and the root "/", which has no parent.
 */
final class RootPresence implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RootPresence.class);

    private final WatchService service;
    private final Map<WatchKey, List<Root>> rootsByKey = new HashMap<>();
    private final Map<Integer, Object> present = new HashMap<>(); // root index -> file key, or NONE
    private final ChangeHub hub;
    private static final Object NONE = new Object();

    private RootPresence(WatchService service, ChangeHub hub) {
        this.service = service;
        this.hub = hub;
    }

    /** Starts watching the folders that hold the roots; returns null when there is no watch service. */
    static RootPresence start(List<Root> roots, ChangeHub hub) {
        WatchService service;
        try {
            service = FileSystems.getDefault().newWatchService();
        } catch (IOException | UnsupportedOperationException e) {
            log.warn("Cannot notice root folders moved away: {}", e.toString());
            return null;
        }
        RootPresence presence = new RootPresence(service, hub);
        Map<Path, WatchKey> byParent = new HashMap<>();
        for (Root root : roots) {
            Path parent = root.path().getParent();
            presence.present.put(root.index(), identity(root.path()));
            if (parent == null) {
                continue;
            }
            try {
                WatchKey key = byParent.get(parent);
                if (key == null) {
                    key = parent.register(
                            service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
                    byParent.put(parent, key);
                }
                presence.rootsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(root);
            } catch (IOException | RuntimeException e) {
                log.warn(
                        "Cannot notice if {} is moved away (watching {} failed: {})",
                        FileNames.show(root.path()),
                        FileNames.show(parent),
                        e.toString());
            }
        }
        Thread.ofPlatform().daemon().name("reservoir-fs-roots").start(presence::run);
        return presence;
    }

    private void run() {
        try {
            while (true) {
                WatchKey key = service.take();
                List<Root> roots = rootsByKey.getOrDefault(key, List.of());
                for (WatchEvent<?> event : key.pollEvents()) {
                    for (Root root : roots) {
                        boolean overflow = event.kind() == StandardWatchEventKinds.OVERFLOW;
                        if (overflow || root.path().getFileName().equals(event.context())) {
                            check(root);
                        }
                    }
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: stop
        } catch (RuntimeException e) {
            log.warn("Noticing root folders moved away stopped: {}", e.toString());
        }
    }

    /** Compares what is at the root's path with what was there, and tells the hub of a change. */
    private void check(Root root) {
        Object now = identity(root.path());
        Object before = present.put(root.index(), now);
        if (Objects.equals(now, before)) {
            return;
        }
        if (before != NONE) {
            hub.rootGone(root);
        }
        if (now != NONE) {
            hub.rootBack(root);
        }
    }

    /** The file key of the folder at a path (not a link), or NONE when there is none. */
    private static Object identity(Path path) {
        try {
            BasicFileAttributes attrs =
                    Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attrs.isDirectory()) {
                return NONE;
            }
            return attrs.fileKey() != null ? attrs.fileKey() : Boolean.TRUE;
        } catch (IOException e) {
            return NONE;
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            log.debug("Closing the root watch failed", e);
        }
    }
}
