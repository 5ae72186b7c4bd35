package dev.reservoir.provider.git;

import dev.reservoir.core.model.CacheScope;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/** Builds a {@link GitProvider}. Not thread-safe; {@link #build()} opens the repository. */
public final class GitProviderBuilder {

    private final Path path;
    private String name;
    private CacheScope cacheScope = CacheScope.PRIVATE;
    private Duration pinnedTtl = Duration.ofDays(365);
    private long maxReadBytes = 64L << 20;
    private Duration pollInterval = Duration.ofSeconds(2);
    private Duration coalesceWindow = Duration.ofMillis(100);

    GitProviderBuilder(Path path) {
        this.path = Objects.requireNonNull(path, "path");
    }

    /**
     * The repository's name, the authority of its URIs ({@code git://NAME/}): lower-case letters,
     * digits, '.', '_' and '-'. By default it comes from the folder's name ({@code ~/src/App.git}
     * gives {@code app}); give each repository of a server its own.
     */
    public GitProviderBuilder name(String value) {
        if (!RepoNames.isValid(value)) {
            throw new IllegalArgumentException(RepoNames.explain(value));
        }
        this.name = value;
        return this;
    }

    /**
     * Who may cache content named by full commit ids, which never changes (2026-07-28
     * {@code cacheScope}); default {@link CacheScope#PRIVATE}. Choose PUBLIC only for a repository
     * anyone who can reach a shared cache may read.
     */
    public GitProviderBuilder cacheScope(CacheScope scope) {
        this.cacheScope = Objects.requireNonNull(scope, "scope");
        return this;
    }

    /** How long content named by full commit ids may be cached (2026-07-28 {@code ttlMs}); default 365 days. */
    public GitProviderBuilder pinnedTtl(Duration ttl) {
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("pinned ttl must not be negative, not " + ttl);
        }
        this.pinnedTtl = ttl;
        return this;
    }

    /**
     * The largest content sent, and the most a generated view (a patch, a blame, a diff) may
     * grow to while it is made; default 64 MiB. The server's own read limit applies as well.
     */
    public GitProviderBuilder maxReadBytes(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("max read bytes must be positive, not " + bytes);
        }
        this.maxReadBytes = bytes;
        return this;
    }

    /**
     * How often refs are looked at again when no file event came (events from the file system
     * wake the watcher at once; this catches what they miss, e.g. on network file systems);
     * default 2 s.
     */
    public GitProviderBuilder pollInterval(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("poll interval must be positive, not " + interval);
        }
        this.pollInterval = interval;
        return this;
    }

    /** How long changes are gathered before subscribers are told (default 100 ms). */
    public GitProviderBuilder coalesceWindow(Duration window) {
        if (window.isNegative()) {
            throw new IllegalArgumentException("coalesce window must not be negative, not " + window);
        }
        this.coalesceWindow = window;
        return this;
    }

    /** Opens the repository; throws IllegalArgumentException when the path is not one. */
    public GitProvider build() {
        String effective = name != null ? name : RepoNames.derive(path);
        GitRepository repository = GitRepository.open(path, effective);
        return new GitProvider(
                new GitResources(repository),
                new GitProvider.Settings(cacheScope, pinnedTtl, maxReadBytes, pollInterval, coalesceWindow));
    }
}
