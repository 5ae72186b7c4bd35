package dev.reservoir.provider.fs;

import io.methvin.watcher.DirectoryChangeEvent;
import io.methvin.watcher.DirectoryWatcher;
import io.methvin.watcher.visitor.FileTreeVisitor;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The recursive watcher of one root (directory-watcher: inotify per folder on Linux, registering
 * folders as they appear; FSEvents on macOS). File hashing is off (it would read every file at
 * start) and {@code .git} folders are not watched (git churns there; nothing in them is shown).
 * A folder that cannot be watched (no permission, or the system's limit of watches reached) is
 * skipped with one log line and the rest is watched; the mount points of pseudo file systems
 * ({@link Mounts}) are not entered, as they are not listed.
 */
final class RootWatcher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RootWatcher.class);

    private final DirectoryWatcher watcher;
    private final ExecutorService thread;

    private RootWatcher(DirectoryWatcher watcher, ExecutorService thread) {
        this.watcher = watcher;
        this.thread = thread;
    }

    /** Registers the root's folders (this walks the tree once) and starts delivering events to the hub. */
    static RootWatcher start(Root root, ChangeHub hub, Mounts mounts, OnceLog skipped) {
        ExecutorService thread = Executors.newSingleThreadExecutor(Thread.ofPlatform()
                .daemon()
                .name("reservoir-fs-watch-" + root.name())
                .factory());
        try {
            Visitor visitor = new Visitor(mounts, skipped);
            DirectoryWatcher watcher = DirectoryWatcher.builder()
                    .path(root.path())
                    .fileHashing(false)
                    .fileTreeVisitor(visitor::visit)
                    .listener(event -> hub.onEvent(root, kind(event), event.path(), event.isDirectory()))
                    .build();
            watcher.watchAsync(thread).whenComplete((ignored, failure) -> {
                if (failure != null && !watcher.isClosed()) {
                    log.warn("Watching {} stopped: {}", FileNames.show(root.path()), failure.toString());
                }
            });
            return new RootWatcher(watcher, thread);
        } catch (IOException | RuntimeException e) {
            thread.shutdownNow();
            throw new IllegalStateException(
                    "could not watch " + FileNames.show(root.path()) + ": " + e.getMessage()
                            + " (on Linux, raising fs.inotify.max_user_watches may help)",
                    e);
        }
    }

    private static ChangeHub.Kind kind(DirectoryChangeEvent event) {
        return switch (event.eventType()) {
            case CREATE -> ChangeHub.Kind.CREATE;
            case MODIFY -> ChangeHub.Kind.MODIFY;
            case DELETE -> ChangeHub.Kind.DELETE;
            case OVERFLOW -> ChangeHub.Kind.OVERFLOW;
        };
    }

    /** Walks a tree to register its folders, skipping what cannot or should not be watched. */
    record Visitor(Mounts mounts, OnceLog skipped) {

        void visit(Path start, FileTreeVisitor.Callback onDirectory, FileTreeVisitor.Callback onFile)
                throws IOException {
            Files.walkFileTree(start, new Walk(start, onDirectory, onFile));
        }

        private void notWatched(Path dir, Exception e) {
            if (e instanceof AccessDeniedException) {
                skipped.warn("watch " + dir, "Not watching {}: permission denied", FileNames.show(dir));
            } else {
                // The same cause (the limit of inotify watches, say) for many folders: logged once.
                skipped.warn(
                        "watch " + e.getClass().getName() + e.getMessage(),
                        "Not watching {} and other folders: {} (on Linux, raising fs.inotify.max_user_watches may help)",
                        FileNames.show(dir),
                        e.toString());
            }
        }

        /** One walk: registers each folder, skipping .git, pseudo file systems and what fails. */
        private final class Walk extends SimpleFileVisitor<Path> {
            private final Path start;
            private final FileTreeVisitor.Callback onDirectory;
            private final FileTreeVisitor.Callback onFile;
            private final Deque<Long> devices = new ArrayDeque<>();

            Walk(Path start, FileTreeVisitor.Callback onDirectory, FileTreeVisitor.Callback onFile) {
                this.start = start;
                this.onDirectory = onDirectory;
                this.onFile = onFile;
            }

            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                Path name = dir.getFileName();
                if (name != null && name.toString().equals(".git")) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                long device = Mounts.device(dir);
                // The start itself (a root, or a folder that just appeared) is never a mount point to avoid.
                if (!dir.equals(start) && mounts.pseudoType(dir, device, devices.peek()) != null) {
                    return FileVisitResult.SKIP_SUBTREE; // not listed either (PathResolver logs it)
                }
                try {
                    onDirectory.call(dir);
                } catch (IOException | RuntimeException e) {
                    notWatched(dir, e);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                devices.push(device);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                devices.poll();
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                try {
                    onFile.call(file);
                } catch (IOException | RuntimeException e) {
                    // hashing is off: nothing is read, so nothing to report
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                if (e instanceof AccessDeniedException) {
                    notWatched(file, e); // a folder that may not be read
                }
                return FileVisitResult.CONTINUE; // gone, or nothing to watch there
            }
        }
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            log.debug("Closing the watcher failed", e);
        }
        thread.shutdownNow();
    }
}
