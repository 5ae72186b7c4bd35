package dev.reservoir.provider.fs;

import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns file system events into coalesced notifications. Watches are kept by canonical URI and
 * told under the URI they were opened with. Events mark what changed; the marks are sent when
 * events have paused for the coalescing window (or, during a long burst, at least every
 * {@value #MAX_WINDOWS} windows), so a checkout of thousands of files makes a handful of notifications: each changed,
 * watched URI once, and one list change. A changed file also marks its folder; a folder that
 * appears or goes marks every watched URI below it. The root watchers start with the first watch
 * and are shared by all. A root folder that is moved away or removed marks everything below it
 * and the list, and so does its coming back ({@link RootPresence}). Thread-safe.
 */
final class ChangeHub implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChangeHub.class);

    /** During changes that do not pause, notifications still go out after this many windows. */
    static final int MAX_WINDOWS = 30;

    enum Kind {
        CREATE,
        MODIFY,
        DELETE,
        OVERFLOW
    }

    /**
     * One subscriber's watch of an entry. Its equals is Object's, and the watch is given back by
     * identity: a record's equals is made at run time when first called, on an unsubscribe's way
     * to its answer (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
     */
    private static final class Registration {
        private final URI subscribed;
        private final ChangeListener listener;

        Registration(URI subscribed, ChangeListener listener) {
            this.subscribed = subscribed;
            this.listener = listener;
        }
    }

    private final List<Root> roots;
    private final Visibility visibility;
    private final OnceLog skipped;
    private final Mounts mounts = new Mounts();
    private final long windowNanos;
    private final ConcurrentSkipListMap<String, List<Registration>> watches = new ConcurrentSkipListMap<>();
    private final List<ChangeListener> listWatches = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final ScheduledExecutorService timer;
    private final Map<Integer, RootWatcher> watchers = new HashMap<>(); // by root index; guarded by lock
    private RootPresence presence; // guarded by lock

    // Guarded by lock.
    private final Set<String> pendingUris = new LinkedHashSet<>();
    private boolean pendingList;
    private boolean scheduled;
    private long firstEvent;
    private long lastEvent;
    private boolean started;
    private boolean closed;

    ChangeHub(List<Root> roots, Visibility visibility, OnceLog skipped, Duration window) {
        this.roots = List.copyOf(roots);
        this.visibility = visibility;
        this.skipped = skipped;
        this.windowNanos = Math.max(window.toNanos(), 1);
        this.timer = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("reservoir-fs-changes").factory());
    }

    /** Watches one entry (by its canonical URI), telling the listener under the URI it subscribed with. */
    Watch watch(String canonicalUri, URI subscribed, ChangeListener listener) {
        start();
        Registration registration = new Registration(subscribed, listener);
        watches.compute(canonicalUri, (key, list) -> {
            List<Registration> out = list == null ? new CopyOnWriteArrayList<>() : list;
            out.add(registration);
            return out;
        });
        return () -> watches.computeIfPresent(canonicalUri, (key, list) -> {
            list.remove(registration);
            return list.isEmpty() ? null : list;
        });
    }

    Watch watchList(ChangeListener listener) {
        // The server asks for this while it starts; registering a large tree takes a while, and
        // must not delay the first answer. Single watches (subscriptions) wait for it instead.
        starting = CompletableFuture.runAsync(this::start, r -> Thread.ofPlatform()
                        .daemon()
                        .name("reservoir-fs-start")
                        .start(r))
                .whenComplete((ignored, failure) -> {
                    if (failure != null) {
                        log.warn("Could not start watching for changes: {}", failure.toString());
                    }
                });
        listWatches.add(listener);
        return () -> listWatches.remove(listener);
    }

    /** Waits until the watchers registered the roots (tests, and subscriptions that must see every change). */
    void awaitStarted() {
        CompletableFuture<Void> pending = starting;
        if (pending != null) {
            try {
                pending.join();
            } catch (java.util.concurrent.CompletionException e) {
                // start() failed and was logged; single watches then start their own attempt
            }
        }
    }

    private volatile CompletableFuture<Void> starting;

    private void start() {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the file system provider is closed");
            }
            if (started) {
                return;
            }
            for (Root root : roots) {
                watchers.put(root.index(), RootWatcher.start(root, this, mounts, skipped));
            }
            presence = RootPresence.start(roots, this);
            started = true;
        } catch (RuntimeException e) {
            watchers.values().forEach(RootWatcher::close);
            watchers.clear();
            throw e;
        } finally {
            lock.unlock();
        }
    }

    /** One event from a root's watcher; {@code path} is absolute, below the root's real path. */
    void onEvent(Root root, Kind kind, Path path, boolean isDirectory) {
        if (kind == Kind.OVERFLOW) {
            mark(root.uri(), true, true, true); // events were lost: everything may have changed
            return;
        }
        if (path == null || !path.startsWith(root.path())) {
            return;
        }
        List<String> rel = FileNames.names(root.path().relativize(path));
        if (rel == null) {
            return; // a name no URI can carry: nothing anyone watches
        }
        rel.removeIf(String::isEmpty);
        if (rel.contains(".git")) {
            if (rel.equals(List.of(".git", "info", "exclude"))) {
                visibility.invalidate();
                mark(root.uri(), true, false, true);
            }
            return;
        }
        if (!rel.stream().allMatch(FileUris::isSafeName)) {
            return;
        }
        if (!rel.isEmpty() && rel.getLast().equals(".gitignore")) {
            // What a folder shows may have changed: the folder and the list change.
            visibility.invalidate();
            mark(FileUris.uri(root, rel.subList(0, rel.size() - 1)), true, false, false);
        }
        if (!rel.isEmpty() && !visibility.visiblePath(root, rel, isDirectory)) {
            return;
        }
        String uri = FileUris.uri(root, rel);
        boolean appearedOrWent = kind != Kind.MODIFY;
        if (!rel.isEmpty()) {
            mark(FileUris.uri(root, rel.subList(0, rel.size() - 1)), appearedOrWent, false, false);
        }
        if (!(kind == Kind.MODIFY && isDirectory)) {
            mark(uri, appearedOrWent, isDirectory && appearedOrWent, false);
        }
    }

    /**
     * A root folder was moved away or removed (or replaced by something that is not a folder):
     * its watcher stops (it would report on the folder where it went), and every watch below it
     * and the list hear of it. Called by {@link RootPresence}.
     */
    void rootGone(Root root) {
        if (rewatch(root, false)) {
            log.warn(
                    "The root folder {} was moved away or removed: its resources are gone until a folder is there again",
                    FileNames.show(root.path()));
            mark(root.uri(), true, true, true);
        }
    }

    /** A folder is at a root's path again (the same or a new one): it is watched and served again. */
    void rootBack(Root root) {
        if (rewatch(root, true)) {
            log.info("The root folder {} is there again: serving it", FileNames.show(root.path()));
            mark(root.uri(), true, true, true);
        }
    }

    /** Stops a root's watcher and, if asked, starts a new one; false when the hub is closed. */
    private boolean rewatch(Root root, boolean start) {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            RootWatcher old = watchers.remove(root.index());
            if (old != null) {
                old.close();
            }
            if (start) {
                watchers.put(root.index(), RootWatcher.start(root, this, mounts, skipped));
            }
        } catch (RuntimeException e) {
            log.warn("Could not watch {} again: {}", FileNames.show(root.path()), e.getMessage());
        } finally {
            lock.unlock();
        }
        return true;
    }

    /** Marks a URI (if watched), and optionally every watched URI below it, and optionally the list. */
    private void mark(String uri, boolean listChanged, boolean below, boolean everything) {
        lock.lock();
        try {
            if (watches.containsKey(uri)) {
                pendingUris.add(uri);
            }
            if (below || everything) {
                String folder = uri.endsWith("/") ? uri : uri + "/";
                // '0' follows '/' in ASCII: the sub-map holds exactly the URIs below the folder.
                pendingUris.addAll(watches.subMap(folder, folder.substring(0, folder.length() - 1) + "0")
                        .keySet());
            }
            pendingList |= listChanged;
            if (pendingUris.isEmpty() && !pendingList) {
                return;
            }
            long now = System.nanoTime();
            lastEvent = now;
            if (!scheduled && !closed) {
                scheduled = true;
                firstEvent = now;
                timer.schedule(this::tick, windowNanos, TimeUnit.NANOSECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    private void tick() {
        List<String> uris;
        boolean list;
        lock.lock();
        try {
            long now = System.nanoTime();
            long quiet = now - lastEvent;
            if (quiet < windowNanos && now - firstEvent < MAX_WINDOWS * windowNanos) {
                timer.schedule(this::tick, windowNanos - quiet, TimeUnit.NANOSECONDS);
                return;
            }
            uris = new ArrayList<>(pendingUris);
            list = pendingList;
            pendingUris.clear();
            pendingList = false;
            scheduled = false;
        } finally {
            lock.unlock();
        }
        for (String uri : uris) {
            for (Registration registration : watches.getOrDefault(uri, List.of())) {
                try {
                    registration.listener.resourceUpdated(registration.subscribed);
                } catch (RuntimeException e) {
                    log.warn("A change listener failed for {}", uri, e);
                }
            }
        }
        if (list) {
            for (ChangeListener listener : listWatches) {
                try {
                    listener.resourceListChanged();
                } catch (RuntimeException e) {
                    log.warn("A list change listener failed", e);
                }
            }
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (presence != null) {
                presence.close();
            }
            watchers.values().forEach(RootWatcher::close);
            watchers.clear();
        } finally {
            lock.unlock();
        }
        timer.shutdownNow();
        watches.clear();
        listWatches.clear();
    }
}
