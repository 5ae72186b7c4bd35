package dev.reservoir.provider.git;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns changes in a repository into notifications. Watching starts with the first watch: the git
 * folders are watched for ref, HEAD and index changes ({@link GitDirWatcher}), refs are also polled
 * every poll interval, and the work tree is watched while its status or diff is. Events are
 * coalesced for one window, then one scan on this class's thread compares where refs point now
 * with before: each watched URI whose {@link Fingerprints fingerprint} changed is updated (so a
 * moved branch updates only the paths whose blobs changed), and the list changed when a branch or
 * tag was created or deleted, HEAD moved to another branch, or the default branch's tree changed.
 * Status and diff are updated when what they read changed. Thread-safe.
 */
final class Changes implements AutoCloseable {

    /** Where notifications go. Calls return quickly and do not throw. */
    interface Sink {
        void updated(String uri);

        void listChanged();
    }

    /** A running watch; closing it stops it. */
    @FunctionalInterface
    interface Handle {
        void close();
    }

    private static final Logger log = LoggerFactory.getLogger(Changes.class);
    private static final long MAX_DIFF_FINGERPRINT = 64L << 20;

    private static final class Watched {
        final Address address;
        final List<Sink> sinks = new CopyOnWriteArrayList<>();
        Object fingerprint;

        Watched(Address address, Object fingerprint) {
            this.address = address;
            this.fingerprint = fingerprint;
        }
    }

    private final GitResources resources;
    private final Fingerprints fingerprints;
    private final Duration pollInterval;
    private final Duration window;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Watched> watched = new HashMap<>();
    private final List<Sink> listSinks = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService thread;
    private GitDirWatcher gitDirWatcher;
    private WorkTreeWatcher workTreeWatcher;
    private RefState refs;
    private boolean scanPending;
    private boolean workTreeDirty;
    private boolean closed;

    Changes(GitResources resources, Duration pollInterval, Duration window) {
        this.resources = resources;
        this.fingerprints = new Fingerprints(resources);
        this.pollInterval = pollInterval;
        this.window = window;
    }

    /** Watches one URI: {@code sink} hears when its content changes. */
    Handle watch(String uri, Sink sink) {
        Address address =
                resources.address(uri).orElseThrow(() -> new dev.reservoir.core.ResourceNotFoundException(uri));
        lock.lock();
        try {
            start();
            Watched entry = watched.get(uri);
            if (entry == null) {
                entry = new Watched(address, fingerprint(uri, address, refs));
                watched.put(uri, entry);
                if (isWorkTree(address)) {
                    startWorkTree();
                }
            }
            entry.sinks.add(sink);
        } finally {
            lock.unlock();
        }
        return () -> unwatch(uri, sink);
    }

    /** Watches the list of resources. */
    Handle watchList(Sink sink) {
        lock.lock();
        try {
            start();
            listSinks.add(sink);
        } finally {
            lock.unlock();
        }
        return () -> listSinks.remove(sink);
    }

    private void unwatch(String uri, Sink sink) {
        lock.lock();
        try {
            Watched entry = watched.get(uri);
            if (entry != null && entry.sinks.remove(sink) && entry.sinks.isEmpty()) {
                watched.remove(uri);
                if (workTreeWatcher != null && watched.values().stream().noneMatch(w -> isWorkTree(w.address))) {
                    workTreeWatcher.close();
                    workTreeWatcher = null;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private static boolean isWorkTree(Address address) {
        return address instanceof Address.Status || address instanceof Address.Diff;
    }

    /** Starts the thread and the git folder watcher (under the lock). */
    private void start() {
        if (closed) {
            throw new IllegalStateException("the git provider is closed");
        }
        if (thread != null) {
            return;
        }
        refs = RefState.read(resources.repository().repository());
        thread = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform()
                .daemon()
                .name("reservoir-git-changes-" + resources.uris().name())
                .factory());
        thread.scheduleWithFixedDelay(
                this::scanQuietly, pollInterval.toMillis(), pollInterval.toMillis(), TimeUnit.MILLISECONDS);
        try {
            gitDirWatcher = GitDirWatcher.start(resources.repository(), this::gitDirChanged);
        } catch (IOException e) {
            log.warn(
                    "Could not watch the git folders of {} ({}); polling every {}",
                    resources.uris().name(),
                    e,
                    pollInterval);
        }
    }

    private void startWorkTree() {
        if (workTreeWatcher == null && resources.repository().workTree() != null) {
            workTreeWatcher = WorkTreeWatcher.start(
                    resources.repository().workTree(), resources.uris().name(), this::workTreeChanged);
        }
    }

    private void gitDirChanged(boolean index) {
        poke(index);
    }

    private void workTreeChanged() {
        poke(true);
    }

    /** Schedules one scan after the coalescing window, unless one is already waiting. */
    private void poke(boolean workTree) {
        lock.lock();
        try {
            workTreeDirty |= workTree;
            if (scanPending || thread == null) {
                return;
            }
            scanPending = true;
            thread.schedule(this::scanQuietly, window.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
    }

    private void scanQuietly() {
        try {
            scan();
        } catch (RuntimeException e) {
            log.warn("Looking for changes in {} failed: {}", resources.uris().name(), e.toString());
        }
    }

    /** Compares refs and fingerprints with the last scan and notifies (on this class's thread). */
    void scan() {
        List<Runnable> notifications = new ArrayList<>();
        lock.lock();
        try {
            scanPending = false;
            if (closed) {
                return;
            }
            RefState now = RefState.read(resources.repository().repository());
            boolean refsChanged = !now.equals(refs);
            boolean workTree = workTreeDirty || now.headMoved(refs);
            workTreeDirty = false;
            if (refsChanged && listChanged(refs, now)) {
                for (Sink sink : listSinks) {
                    notifications.add(sink::listChanged);
                }
            }
            for (Map.Entry<String, Watched> entry : watched.entrySet()) {
                Watched w = entry.getValue();
                if (!(isWorkTree(w.address) ? workTree : refsChanged)) {
                    continue;
                }
                Object next = fingerprint(entry.getKey(), w.address, now);
                if (!Objects.equals(next, w.fingerprint)) {
                    w.fingerprint = next;
                    for (Sink sink : w.sinks) {
                        notifications.add(() -> sink.updated(entry.getKey()));
                    }
                }
            }
            refs = now;
        } finally {
            lock.unlock();
        }
        notifications.forEach(Runnable::run);
    }

    private boolean listChanged(RefState before, RefState now) {
        if (now.refsAddedOrRemoved(before) || !Objects.equals(before.head(), now.head())) {
            return true;
        }
        if (Objects.equals(before.headId(), now.headId())) {
            return false;
        }
        if (before.headId() == null || now.headId() == null) {
            return true;
        }
        return !Objects.equals(tree(before), tree(now));
    }

    private Object tree(RefState state) {
        try {
            return resources.entriesRootTree(state.headId());
        } catch (RuntimeException e) {
            return null; // HEAD names no commit (a tag of a tree): treat as changed
        }
    }

    /** A URI's fingerprint; null for pinned content, which never changes. */
    private Object fingerprint(String uri, Address address, RefState state) {
        if (isWorkTree(address)) {
            return workTreeFingerprint(address);
        }
        try {
            Optional<Object> print = fingerprints.of(uri, address, state);
            return print.orElse(null);
        } catch (RuntimeException e) {
            log.debug("No fingerprint for {}: {}", uri, e.toString());
            return Fingerprints.MISSING;
        }
    }

    /** The status text, or a digest of the diff: what their reads would give now. */
    private Object workTreeFingerprint(Address address) {
        if (resources.repository().bare()) {
            return Fingerprints.MISSING;
        }
        try {
            WorkTree tree = new WorkTree(resources.repository().repository());
            if (address instanceof Address.Status) {
                return tree.porcelain();
            }
            try {
                return digest(tree.diff(MAX_DIFF_FINGERPRINT));
            } catch (java.io.UncheckedIOException e) {
                // Too large to read anyway: its status still tells when it changes.
                return List.of("too large", tree.porcelain());
            }
        } catch (IOException | RuntimeException e) {
            return List.of("failed", e.toString());
        }
    }

    private static String digest(byte[] bytes) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (gitDirWatcher != null) {
                gitDirWatcher.close();
            }
            if (workTreeWatcher != null) {
                workTreeWatcher.close();
            }
            if (thread != null) {
                thread.shutdownNow();
            }
            watched.clear();
            listSinks.clear();
        } finally {
            lock.unlock();
        }
    }
}
