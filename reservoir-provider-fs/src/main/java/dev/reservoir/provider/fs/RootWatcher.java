package dev.reservoir.provider.fs;

import io.methvin.watcher.DirectoryChangeEvent;
import io.methvin.watcher.DirectoryWatcher;
import io.methvin.watcher.visitor.FileTreeVisitor;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The recursive watcher of one root (directory-watcher: inotify per folder on Linux, registering
 * folders as they appear; FSEvents on macOS). File hashing is off (it would read every file at
 * start) and {@code .git} folders are not watched (git churns there; nothing in them is shown).
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
    static RootWatcher start(Root root, ChangeHub hub) {
        ExecutorService thread = Executors.newSingleThreadExecutor(Thread.ofPlatform()
                .daemon()
                .name("reservoir-fs-watch-" + root.name())
                .factory());
        try {
            DirectoryWatcher watcher = DirectoryWatcher.builder()
                    .path(root.path())
                    .fileHashing(false)
                    .fileTreeVisitor(RootWatcher::visitSkippingGit)
                    .listener(event -> hub.onEvent(root, kind(event), event.path(), event.isDirectory()))
                    .build();
            watcher.watchAsync(thread).whenComplete((ignored, failure) -> {
                if (failure != null && !watcher.isClosed()) {
                    log.warn("Watching {} stopped: {}", root.path(), failure.toString());
                }
            });
            return new RootWatcher(watcher, thread);
        } catch (IOException | RuntimeException e) {
            thread.shutdownNow();
            throw new IllegalStateException(
                    "could not watch " + root.path() + ": " + e.getMessage()
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

    private static void visitSkippingGit(
            Path start, FileTreeVisitor.Callback onDirectory, FileTreeVisitor.Callback onFile) throws IOException {
        Files.walkFileTree(start, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path name = dir.getFileName();
                if (name != null && name.toString().equals(".git")) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                onDirectory.call(dir);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                onFile.call(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // gone or unreadable: nothing to watch there
            }
        });
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
