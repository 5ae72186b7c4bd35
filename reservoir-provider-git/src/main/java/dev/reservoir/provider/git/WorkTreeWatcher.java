package dev.reservoir.provider.git;

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
 * Watches a work tree recursively (directory-watcher, without hashing files and without entering
 * {@code .git}), only while someone subscribes to its status or diff. Every event calls the
 * listener; the listener coalesces.
 */
final class WorkTreeWatcher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WorkTreeWatcher.class);

    private final DirectoryWatcher watcher;
    private final ExecutorService thread;

    private WorkTreeWatcher(DirectoryWatcher watcher, ExecutorService thread) {
        this.watcher = watcher;
        this.thread = thread;
    }

    static WorkTreeWatcher start(Path workTree, String name, Runnable listener) {
        ExecutorService thread = Executors.newSingleThreadExecutor(Thread.ofPlatform()
                .daemon()
                .name("reservoir-git-worktree-" + name)
                .factory());
        try {
            DirectoryWatcher watcher = DirectoryWatcher.builder()
                    .path(workTree)
                    .fileHashing(false)
                    .fileTreeVisitor(WorkTreeWatcher::visitSkippingGit)
                    .listener(event -> listener.run())
                    .build();
            watcher.watchAsync(thread);
            return new WorkTreeWatcher(watcher, thread);
        } catch (IOException | RuntimeException e) {
            thread.shutdownNow();
            throw new IllegalStateException("could not watch the work tree " + workTree + ": " + e.getMessage(), e);
        }
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
                return FileVisitResult.CONTINUE;
            }
        });
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            log.debug("Closing the work tree watcher failed", e);
        }
        thread.shutdownNow();
    }
}
