package dev.reservoir.provider.fs;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ContentSearch;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Folders as live MCP resources. Each root folder is served under the {@code file:} URIs of its
 * real absolute path ({@code file:///home/me/docs/notes/a.txt}, names percent-encoded per RFC 3986,
 * folders without a trailing slash), so roots are told apart by their paths and must not overlap.
 * Files are leaves, folders are SEP-2093 collections ({@code inode/directory}). Every URI is decoded
 * and walked name by name from a root; anything that would leave the roots, is hidden or ignored,
 * or is not a regular file or folder is "not found". Thread-safe; build one with {@link #builder()}.
 *
 * <pre>{@code
 * FileSystemProvider fs = FileSystemProvider.builder()
 *         .root(Path.of("docs"))
 *         .exclude("*.tmp")
 *         .build();
 * }</pre>
 */
public final class FileSystemProvider implements ResourceProvider, ContentSearch {

    private static final int MAX_COMPLETIONS = 100;

    private final PathResolver resolver;
    private final Describer describer;
    private final TreeLister lister;
    private final ContentReader reader;
    private final ChangeHub changes;
    private final List<ProviderTemplate> templates;

    FileSystemProvider(PathResolver resolver, long maxReadBytes, Duration coalesceWindow) {
        this.resolver = resolver;
        ContentTypes.preload();
        ContentTypes types = new ContentTypes(resolver);
        this.describer = new Describer(types);
        this.lister = new TreeLister(resolver, types);
        this.reader = new ContentReader(resolver, describer, lister, maxReadBytes);
        this.changes = new ChangeHub(resolver.roots(), resolver.visibility(), resolver.skipped(), coalesceWindow);
        List<ProviderTemplate> list = new ArrayList<>();
        for (Root root : resolver.roots()) {
            list.add(ProviderTemplate.of(ResourceTemplate.builder(root.template(), root.name())
                    .title("Files in " + root.path())
                    .description("A file or folder below " + root.path() + "; path is relative to it")
                    .build()));
        }
        this.templates = List.copyOf(list);
    }

    public static FileSystemProviderBuilder builder() {
        return new FileSystemProviderBuilder();
    }

    /** A provider for these folders with the default options. */
    public static FileSystemProvider create(Path... roots) {
        return builder().roots(List.of(roots)).build();
    }

    /** The URIs of the root folders, in order. */
    public List<URI> rootUris() {
        return resolver.roots().stream().map(r -> URI.create(r.uri())).toList();
    }

    /** The {@code file:} URIs of the roots and everything below them. */
    @Override
    public UriSpace space() {
        return new UriSpace.Prefixes(
                resolver.roots().stream().map(r -> UriPrefix.parse(r.uri())).toList());
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        if (request.parent() == null) {
            TreeLister.Slice slice = lister.page(request.cursor(), request.limit());
            return Page.of(describeAll(slice.entries()), slice.next());
        }
        Entry folder = find(request.parent().toString());
        if (!folder.isDirectory()) {
            return Page.last(List.of());
        }
        TreeLister.Slice slice = lister.children(folder, request.cursor(), request.limit());
        return Page.of(describeAll(slice.entries()), slice.next());
    }

    private List<Resource> describeAll(List<Entry> entries) {
        List<Resource> out = new ArrayList<>(entries.size());
        for (Entry entry : entries) {
            out.add(describer.describe(entry));
        }
        return out;
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        return resolver.resolve(request.uri().toString())
                .map(describer::describe)
                .map(Metadata::of);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        return reader.read(find(request.uriText()), request.options());
    }

    /** A bounded grep over the text files served (at most 1 MiB each), through this provider's own reads. */
    @Override
    public List<ContentMatch> searchContent(ContentQuery query) {
        return ContentGrep.search(this, query);
    }

    @Override
    public List<ProviderTemplate> templates() {
        return templates;
    }

    /**
     * Completes the {@code path} of a root's template with the entries of the folder typed so far
     * whose names start with the last, partly typed name (folders end in "/"); at most 100, sorted.
     */
    @Override
    public Completion complete(CompletionRequest request) {
        Root root = null;
        for (Root candidate : resolver.roots()) {
            if (candidate.template().equals(request.template())) {
                root = candidate;
            }
        }
        if (root == null || !request.argument().equals("path")) {
            return Completion.EMPTY;
        }
        String value = request.value();
        int slash = value.lastIndexOf('/');
        String folderPart = slash < 0 ? "" : value.substring(0, slash);
        String prefix = value.substring(slash + 1);
        // "/x" or "a//x" leave an empty name, which is refused like any other unsafe name.
        List<String> names = slash < 0 ? List.of() : List.of(folderPart.split("/", -1));
        if (!names.stream().allMatch(FileUris::isSafeName) || prefix.indexOf('\\') >= 0 || prefix.indexOf('\0') >= 0) {
            return Completion.EMPTY;
        }
        Optional<Entry> folder = resolver.find(root, names).filter(Entry::isDirectory);
        if (folder.isEmpty()) {
            return Completion.EMPTY;
        }
        TreeLister.Names found = lister.startingWith(folder.get(), prefix, MAX_COMPLETIONS);
        String base = folderPart.isEmpty() ? "" : folderPart + "/";
        List<String> values = found.entries().stream()
                .map(e -> base + e.name() + (e.isDirectory() ? "/" : ""))
                .toList();
        return new Completion(values, found.total(), found.total() > values.size());
    }

    /**
     * Watches a file or folder: changes to it, and for a folder changes to its entries, are
     * reported (coalesced) under the URI given. Events arrive for real paths, so a watch through a
     * link is kept under the URI of what the link leads to.
     */
    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        Entry entry = find(uri.toString());
        return changes.watch(FileUris.uri(entry.realRoot(), entry.realRel()), uri, listener);
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        return changes.watchList(listener);
    }

    /** Waits until the folders are watched (watchList starts that in the background); for tests. */
    void awaitWatching() {
        changes.awaitStarted();
    }

    /** Stops the watchers; reads and listings keep working. */
    @Override
    public void close() {
        changes.close();
        resolver.close();
    }

    private Entry find(String uri) {
        return resolver.resolve(uri).orElseThrow(() -> new ResourceNotFoundException(uri));
    }

    @Override
    public String toString() {
        return "folders " + rootUris();
    }
}
