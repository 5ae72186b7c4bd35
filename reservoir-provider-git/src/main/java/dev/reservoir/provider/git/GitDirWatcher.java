package dev.reservoir.provider.git;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the files git changes when refs move: HEAD, packed-refs, the loose refs under refs/
 * (folders registered as they appear), reftable/, and the index (for the work tree's status). JGit's
 * RefsChangedListener hears only changes made through JGit in this process, so commits, fetches
 * and checkouts by other programs are seen here, in the files. Objects are not watched: a new commit
 * matters only once a ref points to it. Each event calls the listener on this watcher's thread;
 * the listener coalesces. A periodic poll (elsewhere) catches what events miss.
 */
final class GitDirWatcher implements AutoCloseable {

    /** Told that something under the git folders changed; {@code index} when it was the index. */
    @FunctionalInterface
    interface Listener {
        void changed(boolean index);
    }

    private static final Logger log = LoggerFactory.getLogger(GitDirWatcher.class);

    private final WatchService service;
    private final Thread thread;
    private final Listener listener;

    private GitDirWatcher(WatchService service, Listener listener, String name) {
        this.service = service;
        this.listener = listener;
        this.thread =
                Thread.ofPlatform().daemon().name("reservoir-git-watch-" + name).unstarted(this::run);
    }

    /** Starts watching a repository's git folders. */
    static GitDirWatcher start(GitRepository repo, Listener listener) throws IOException {
        WatchService service = FileSystems.getDefault().newWatchService();
        GitDirWatcher watcher = new GitDirWatcher(service, listener, repo.name());
        try {
            watcher.register(repo.gitDir());
            if (!repo.commonDir().equals(repo.gitDir())) {
                watcher.register(repo.commonDir());
            }
            watcher.registerTree(repo.commonDir().resolve("refs"));
            watcher.registerTree(repo.commonDir().resolve("reftable"));
        } catch (IOException | RuntimeException e) {
            service.close();
            throw e;
        }
        watcher.thread.start();
        return watcher;
    }

    private void register(Path dir) throws IOException {
        dir.register(
                service,
                StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_DELETE);
    }

    private void registerTree(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> dirs = Files.walk(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                register(dir);
            }
        }
    }

    private void run() {
        try {
            while (true) {
                WatchKey key = service.take();
                Path dir = (Path) key.watchable();
                boolean relevant = false;
                boolean index = false;
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                        relevant = true;
                        continue;
                    }
                    Path child = dir.resolve((Path) event.context());
                    String name = child.getFileName().toString();
                    if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE
                            && Files.isDirectory(child)
                            && isRefFolder(child)) {
                        registerQuietly(child);
                    }
                    if (name.endsWith(".lock")) {
                        continue; // the rename that follows is the change
                    }
                    index |= name.equals("index");
                    relevant |= isRefFolder(dir)
                            || List.of("HEAD", "packed-refs", "index").contains(name)
                            || (name.equals("refs") || name.equals("reftable"));
                }
                key.reset();
                if (relevant) {
                    listener.changed(index);
                }
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            // closed: stop
        } catch (RuntimeException e) {
            log.warn("Watching the git folders stopped: {}", e.toString());
        }
    }

    private static boolean isRefFolder(Path dir) {
        for (Path part : dir) {
            String name = part.toString();
            if (name.equals("refs") || name.equals("reftable")) {
                return true;
            }
        }
        return false;
    }

    private void registerQuietly(Path dir) {
        try {
            registerTree(dir);
        } catch (IOException e) {
            log.debug("Could not watch {}: {}", dir, e.toString());
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            log.debug("Closing the watch service failed", e);
        }
        thread.interrupt();
    }
}
