package dev.reservoir.provider.git;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;

/**
 * Keeps JGit from running programs and from writing files while we only read a repository.
 *
 * <p>Left alone, JGit (7.x) does two things on the first repository it opens: it runs
 * {@code git --version} and {@code git config --system --list} to find the system-wide
 * configuration, and it measures the file system's timestamp resolution by writing
 * {@code .probe-*} files into the repository's {@code .git} folder and saving the result in
 * {@code ~/.config/jgit/config}. Both go through {@link SystemReader}, so this installs, once per
 * JVM, a delegate that gives JGit an empty system configuration (the system-wide gitconfig is not
 * read) and an in-memory JGit configuration that is never saved, in which {@link #prepare} records a
 * conservative timestamp resolution (2 s, JGit's own fallback) for the file stores of each
 * repository before it is opened. The user's {@code ~/.gitconfig} is still read (never written).
 * The installation is JVM-wide: other JGit users in the same process see the same two changes.
 */
final class JGitSandbox {

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static volatile InMemoryConfig jgitConfig;

    private JGitSandbox() {}

    /** An in-memory configuration: never loaded from nor saved to a file. */
    private static final class InMemoryConfig extends FileBasedConfig {
        InMemoryConfig(Config base, FS fs) {
            super(base, null, fs);
        }

        @Override
        public void load() {}

        @Override
        public void save() {}

        @Override
        public boolean isOutdated() {
            return false;
        }
    }

    /** The delegate; recognised so that it is installed once. */
    private static final class Reader extends SystemReader.Delegate {
        private final InMemoryConfig jgit;

        Reader(SystemReader delegate, InMemoryConfig jgit) {
            super(delegate);
            this.jgit = jgit;
        }

        @Override
        public FileBasedConfig openSystemConfig(Config parent, FS fs) {
            return new InMemoryConfig(parent, fs);
        }

        @Override
        public FileBasedConfig openJGitConfig(Config parent, FS fs) {
            return jgit;
        }
    }

    /** Installs the delegate (once) and records the file stores of these folders; null folders are skipped. */
    static void prepare(Path... folders) throws IOException {
        LOCK.lock();
        try {
            if (!(SystemReader.getInstance() instanceof Reader)) {
                InMemoryConfig jgit = new InMemoryConfig(null, FS.DETECTED);
                SystemReader.setInstance(new Reader(SystemReader.getInstance(), jgit));
                jgitConfig = jgit;
            }
            for (Path folder : folders) {
                if (folder != null && Files.isDirectory(folder)) {
                    record(Files.getFileStore(folder));
                }
            }
        } finally {
            LOCK.unlock();
        }
    }

    /** JGit's key for a file store is "vendor|version|store name" (FS.FileStoreAttributes.getConfigKey). */
    private static void record(FileStore store) {
        String key = System.getProperty("java.vendor") + '|' + System.getProperty("java.version") + '|' + store.name();
        jgitConfig.setString("filesystem", key, "timestampResolution", "2 seconds");
        jgitConfig.setString("filesystem", key, "minRacyThreshold", "0 seconds");
    }
}
