package dev.reservoir.provider.git;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.RepositoryCache;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.util.FS;

/**
 * One repository opened for reading: a work tree (with a {@code .git} folder, or a {@code .git}
 * file as linked work trees and submodules have), a bare repository, or a {@code .git} folder.
 * The environment ({@code GIT_DIR} and friends) is ignored and no parent folder is searched: the
 * path given is the repository. Nothing here writes to the repository (see {@link JGitSandbox}).
 * Thread-safe; close it once.
 *
 * @param name the repository's name (the authority of its URIs)
 * @param repository the JGit repository, shared by all readers
 * @param gitDir this work tree's git folder (for a linked work tree, {@code .git/worktrees/NAME})
 * @param commonDir the folder holding objects and shared refs (the git folder, except for linked work trees)
 * @param workTree the work tree, or null for a bare repository
 */
record GitRepository(String name, Repository repository, Path gitDir, Path commonDir, Path workTree)
        implements AutoCloseable {

    /** Opens the repository at {@code path}; throws IllegalArgumentException when it is not one. */
    static GitRepository open(Path path, String name) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!Files.isDirectory(absolute)) {
            throw new IllegalArgumentException("git repository " + path + " is not a folder");
        }
        FileRepositoryBuilder builder = new FileRepositoryBuilder().setMustExist(true);
        if (Files.exists(absolute.resolve(".git"))) {
            builder.setWorkTree(absolute.toFile());
        } else if (RepositoryCache.FileKey.isGitRepository(absolute.toFile(), FS.DETECTED)) {
            builder.setGitDir(absolute.toFile());
        } else {
            throw new IllegalArgumentException("git repository " + path
                    + " is neither a work tree (no .git in it) nor a git folder (no HEAD, objects and refs)");
        }
        try {
            builder.setup();
            File common = builder.getGitCommonDir() != null ? builder.getGitCommonDir() : builder.getGitDir();
            File work = builder.getWorkTree();
            JGitSandbox.prepare(builder.getGitDir().toPath(), common.toPath(), work == null ? null : work.toPath());
            Repository repository = builder.build();
            return new GitRepository(
                    name,
                    repository,
                    repository.getDirectory().toPath().toAbsolutePath().normalize(),
                    repository.getCommonDirectory().toPath().toAbsolutePath().normalize(),
                    repository.isBare()
                            ? null
                            : repository.getWorkTree().toPath().toAbsolutePath().normalize());
        } catch (IOException e) {
            throw new UncheckedIOException("could not open git repository " + path + ": " + e.getMessage(), e);
        }
    }

    boolean bare() {
        return workTree == null;
    }

    @Override
    public void close() {
        repository.close();
    }
}
