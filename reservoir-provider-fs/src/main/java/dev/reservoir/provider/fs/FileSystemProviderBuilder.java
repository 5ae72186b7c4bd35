package dev.reservoir.provider.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jgit.ignore.FastIgnoreRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds a {@link FileSystemProvider}. Not thread-safe; {@link #build()} may be called once. */
public final class FileSystemProviderBuilder {

    private static final Logger log = LoggerFactory.getLogger(FileSystemProvider.class);
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    /** The default largest file a read returns: 64 MiB. */
    public static final long DEFAULT_MAX_READ_BYTES = 64L << 20;

    /** The default coalescing window for change notifications. */
    public static final Duration DEFAULT_COALESCE_WINDOW = Duration.ofMillis(100);

    private final List<Path> roots = new ArrayList<>();
    private final List<String> excludes = new ArrayList<>();
    private boolean showHidden;
    private boolean gitignore = true;
    private boolean followLinks = true;
    private long maxReadBytes = DEFAULT_MAX_READ_BYTES;
    private Duration coalesceWindow = DEFAULT_COALESCE_WINDOW;
    private boolean built;

    FileSystemProviderBuilder() {}

    /** Adds a folder to serve; roots are listed in the order they were added. */
    public FileSystemProviderBuilder root(Path folder) {
        roots.add(Objects.requireNonNull(folder, "folder"));
        return this;
    }

    /** Adds folders to serve, in order. */
    public FileSystemProviderBuilder roots(Collection<Path> folders) {
        folders.forEach(this::root);
        return this;
    }

    /** Whether names starting with a dot are shown (default false); {@code .git} never is. */
    public FileSystemProviderBuilder showHidden(boolean show) {
        this.showHidden = show;
        return this;
    }

    /**
     * Whether {@code .gitignore} files (nested ones included) and the root's
     * {@code .git/info/exclude} hide what they ignore (default true).
     */
    public FileSystemProviderBuilder gitignore(boolean honour) {
        this.gitignore = honour;
        return this;
    }

    /**
     * Hides what a pattern matches, in {@code .gitignore} syntax relative to each root:
     * {@code *.log} anywhere, {@code /build} at the root only, {@code tmp/} folders only,
     * {@code docs/**}{@code /draft*} and so on; a later {@code !pattern} shows again.
     */
    public FileSystemProviderBuilder exclude(String pattern) {
        Objects.requireNonNull(pattern, "pattern");
        if (pattern.isBlank() || new FastIgnoreRule(pattern).isEmpty()) {
            throw new IllegalArgumentException("exclude pattern '" + pattern
                    + "' matches nothing; give a .gitignore-style pattern such as '*.log' or 'build/'");
        }
        excludes.add(pattern);
        return this;
    }

    /** Adds several exclude patterns (see {@link #exclude(String)}). */
    public FileSystemProviderBuilder excludes(Collection<String> patterns) {
        patterns.forEach(this::exclude);
        return this;
    }

    /**
     * Whether symbolic links are followed when their real target is inside a root and shown there
     * (default true); links that lead elsewhere are never followed. A linked folder is listed once,
     * as itself, and not entered by the whole list (its entries are listed where they really are).
     */
    public FileSystemProviderBuilder followSymlinks(boolean follow) {
        this.followLinks = follow;
        return this;
    }

    /**
     * The largest file a read returns (default {@value #DEFAULT_MAX_READ_BYTES} bytes); a larger one
     * fails with error -31000 naming its size and the limit. The server's own limit applies too.
     */
    public FileSystemProviderBuilder maxReadBytes(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("max read bytes must be at least 1, not " + bytes);
        }
        this.maxReadBytes = bytes;
        return this;
    }

    /** How long events must pause before their notifications go out (default 100 ms). */
    public FileSystemProviderBuilder coalesceWindow(Duration window) {
        if (window.isNegative() || window.isZero() || window.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("coalesce window must be between 1 ms and 1 minute, not " + window);
        }
        this.coalesceWindow = window;
        return this;
    }

    /**
     * Builds the provider. Throws IllegalArgumentException when a root is not an existing folder,
     * or when two roots are the same folder or one is inside the other.
     */
    public FileSystemProvider build() {
        if (built) {
            throw new IllegalStateException("build() may be called once per builder");
        }
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("a file system provider needs at least one root; call root(Path)");
        }
        built = true;
        warnIfNamesAreNotUtf8();
        List<Root> real = new ArrayList<>();
        for (Path folder : roots) {
            Path path;
            try {
                path = absolute(folder).toRealPath();
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "root '" + FileNames.show(folder) + "' does not exist; pass an existing folder", e);
            }
            if (!Files.isDirectory(path)) {
                throw new IllegalArgumentException("root '" + folder + "' is not a folder; pass a folder");
            }
            for (Root other : real) {
                if (path.startsWith(other.path()) || other.path().startsWith(path)) {
                    throw new IllegalArgumentException(
                            "roots '" + other.path() + "' and '" + path + "' overlap; pass only the outer folder");
                }
            }
            real.add(Root.of(real.size(), path));
        }
        Visibility visibility = new Visibility(showHidden, gitignore, excludes);
        return new FileSystemProvider(new PathResolver(real, visibility, followLinks), maxReadBytes, coalesceWindow);
    }

    /**
     * Once per JVM, when file names are not UTF-8 to the JVM (a bare environment, as MCP hosts give
     * their servers): the folders are still served with every name, but command-line arguments
     * outside ASCII were decoded wrongly before the program started.
     */
    private static void warnIfNamesAreNotUtf8() {
        if (!FileNames.UTF8 && WARNED.compareAndSet(false, true)) {
            log.warn(
                    "The locale is not UTF-8 (the JVM decodes file names as {}): names are still served exactly, "
                            + "but arguments with characters outside ASCII arrive garbled. Run under a UTF-8 locale, "
                            + "for example LC_ALL=C.UTF-8 (./reservoir does this by itself)",
                    FileNames.ENCODING.name());
        }
    }

    /**
     * A relative folder against the real working folder. The JVM's own idea of it ({@code user.dir})
     * was decoded with the locale, so outside ASCII it is wrong unless the locale is UTF-8; on Linux
     * {@code /proc/self/cwd} gives it byte-exact.
     */
    private static Path absolute(Path folder) {
        Path cwd = Path.of("/proc/self/cwd");
        if (folder.isAbsolute() || FileNames.UTF8 || !Files.isDirectory(cwd)) {
            return folder;
        }
        try {
            return cwd.toRealPath().resolve(folder);
        } catch (IOException e) {
            return folder;
        }
    }
}
