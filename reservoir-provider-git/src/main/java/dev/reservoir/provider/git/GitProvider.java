package dev.reservoir.provider.git;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.uri.ValueCheck;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.server.spi.Watch;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A git repository, its history and its changes as live MCP resources under {@code git://NAME/}
 * (see the module README for the URIs). Built on JGit: nothing runs {@code git}, no hook, filter
 * or textconv of the repository's configuration ever runs, and the repository is never written.
 * Thread-safe; build one with {@link #builder(Path)}.
 *
 * <p>This class is the only one that knows the server's provider SPI: it adapts the repository's
 * resources ({@code GitResources}, {@code Changes}) to it. It declares {@code git://NAME}, its
 * templates take path values as bytes (a file name need not be UTF-8), and a history walk stops
 * when its request is cancelled or times out (without the interrupt, which JGit ignores).
 *
 * <pre>{@code
 * McpServer server = McpServer.builder()
 *         .provider(GitProvider.builder(Path.of("repo")).name("app").build())
 *         .build();
 * }</pre>
 */
public final class GitProvider implements ResourceProvider {

    /** The builder's settings. */
    record Settings(
            CacheScope cacheScope,
            Duration pinnedTtl,
            long maxReadBytes,
            Duration pollInterval,
            Duration coalesceWindow) {}

    private final GitResources resources;
    private final Settings settings;
    private final Changes changes;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    GitProvider(GitResources resources, Settings settings) {
        this.resources = resources;
        this.settings = settings;
        this.changes = new Changes(resources, settings.pollInterval(), settings.coalesceWindow());
        BlobTypes.preload();
    }

    /** A builder for the repository at {@code path}: a work tree, a linked work tree, a bare repository or a .git folder. */
    public static GitProviderBuilder builder(Path path) {
        return new GitProviderBuilder(path);
    }

    /** A builder for a {@code git:PATH[#NAME]} spec (see {@link GitSpec}). */
    public static GitProviderBuilder builder(GitSpec spec) {
        GitProviderBuilder builder = new GitProviderBuilder(spec.path());
        return spec.name() == null ? builder : builder.name(spec.name());
    }

    /** The repository's name, the authority of its URIs. */
    public String name() {
        return resources.uris().name();
    }

    /** {@code git://NAME/}, the repository's own URI. */
    public URI rootUri() {
        return URI.create(resources.uris().root());
    }

    /** {@code git://NAME} and everything below it. */
    @Override
    public UriSpace space() {
        return UriSpace.of(UriPrefix.parse(resources.uris().root()));
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        Catalog.Listing listing = request.parent() == null
                ? resources.list(request.cursor(), request.limit())
                : resources.children(request.parent().toString(), request.cursor(), request.limit());
        return Page.of(listing.resources(), listing.next());
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        return stoppable(
                        request.context(),
                        stop -> resources.metadata(request.uri().toString(), stop))
                .map(Metadata::of);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        ReadOptions options = request.options();
        Limits limits = new Limits(
                options.maxCollectionItems(),
                options.maxCollectionBytes(),
                Math.min(options.maxReadBytes(), settings.maxReadBytes()));
        GitResources.Reading reading =
                stoppable(request.context(), stop -> resources.read(request.uriText(), limits, stop));
        List<ResourceContent> contents = new ArrayList<>(reading.items().size());
        for (Item item : reading.items()) {
            contents.add(new ResourceContent(item.resource(), body(item.content())));
        }
        ReadResult result = ReadResult.of(contents);
        return reading.pinned()
                ? result.withCacheHint(CacheHint.of(settings.pinnedTtl(), settings.cacheScope()))
                : result;
    }

    /**
     * Runs work whose history walks stop when the request is cancelled or times out. The callback
     * registered meanwhile spares the thread its interrupt: an interrupt closes the NIO channel a
     * JGit pack read is blocked in, which the walk's stop does not need.
     */
    private static <T> T stoppable(CallContext context, java.util.function.Function<Stop, T> work) {
        try (CallContext.Registration ignored = context.onCancel(() -> {})) {
            return work.apply(context::isCancelled);
        } catch (Stop.Stopped e) {
            throw ProviderException.of(ProviderException.Kind.CANCELLED, null, e.getMessage(), null);
        }
    }

    private static ContentBody body(Content content) {
        return switch (content) {
            case Content.Text t -> ContentBody.text(t.text());
            case Content.Utf8Text u -> ContentBody.utf8Text(u.utf8());
            case Content.Bytes b -> ContentBody.bytes(b.data());
            case Content.Stream s
            when s.text() ->
                ContentBody.textStream(
                        () -> (Reader) new InputStreamReader(
                                s.opener().open(),
                                StandardCharsets.UTF_8
                                        .newDecoder()
                                        .onMalformedInput(CodingErrorAction.REPLACE)
                                        .onUnmappableCharacter(CodingErrorAction.REPLACE)),
                        s.size());
            case Content.Stream s -> ContentBody.binaryStream(s.opener()::open, s.size());
        };
    }

    @Override
    public List<ProviderTemplate> templates() {
        return resources.templates().stream()
                .map(t -> new ProviderTemplate(t, ValueCheck.PATH_BYTES))
                .toList();
    }

    @Override
    public Completion complete(CompletionRequest request) {
        Completer.Result result =
                resources.complete(request.template(), request.argument(), request.value(), request.context());
        return new Completion(result.values(), result.total(), result.more());
    }

    /** Watches one URI: the server calls this when a client first subscribes to it. */
    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        return changes.watch(uri.toString(), new Bridge(listener))::close;
    }

    @Override
    public String toString() {
        return "git repository " + name();
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        return changes.watchList(new Bridge(listener))::close;
    }

    /** Stops watching and closes the repository; closing twice is harmless. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            changes.close();
            resources.repository().close();
        }
    }

    /** The domain's change sink, fed to the SPI's listener. */
    private record Bridge(ChangeListener listener) implements Changes.Sink {
        @Override
        public void updated(String uri) {
            listener.resourceUpdated(URI.create(uri));
        }

        @Override
        public void listChanged() {
            listener.resourceListChanged();
        }
    }
}
