package dev.reservoir.server.memory;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Resources held in memory, listed in URI order. Thread-safe: resources can be added, replaced
 * and removed while clients page through the list, and pages never repeat or skip an entry that
 * stays (the cursor is the last URI returned). Changes are reported to watchers.
 *
 * <p>A resource marked {@code isCollection} is a collection: its children are the resources whose
 * URI continues its URI after a "/" with one more segment (a child collection may end in "/").
 * Its URI space is what it holds at the moment ({@link UriSpace#holding}).
 */
public final class InMemoryProvider implements ResourceProvider {

    private record Entry(Resource resource, List<ResourceContent> contents) {}

    private final ConcurrentSkipListMap<String, Entry> entries = new ConcurrentSkipListMap<>();
    private final Map<String, List<ChangeListener>> watchers = new ConcurrentHashMap<>();
    private final List<ChangeListener> listWatchers = new CopyOnWriteArrayList<>();

    private InMemoryProvider() {}

    public static InMemoryProvider create() {
        return new InMemoryProvider();
    }

    /** Adds or replaces a resource with one representation. */
    public void put(Resource resource, ContentBody body) {
        put(resource, List.of(new ResourceContent(resource, body)));
    }

    /**
     * Adds or replaces a resource. Several contents are alternative formats of it and must all have
     * its URI. Watchers hear {@code updated} for a replacement and {@code list_changed} for an addition.
     */
    public void put(Resource resource, List<ResourceContent> contents) {
        for (ResourceContent content : contents) {
            if (!content.resource().uri().equals(resource.uri())) {
                throw new IllegalArgumentException("every content of '" + resource.uri() + "' must have its URI, not '"
                        + content.resource().uri() + "'");
            }
        }
        Entry previous = entries.put(resource.uri(), new Entry(resource, List.copyOf(contents)));
        if (previous == null) {
            listWatchers.forEach(ChangeListener::resourceListChanged);
        } else {
            URI uri = URI.create(resource.uri());
            watchers.getOrDefault(resource.uri(), List.of()).forEach(w -> w.resourceUpdated(uri));
        }
    }

    /** Removes a resource; returns whether it was there. */
    public boolean remove(String uri) {
        boolean removed = entries.remove(uri) != null;
        if (removed) {
            listWatchers.forEach(ChangeListener::resourceListChanged);
            watchers.getOrDefault(uri, List.of()).forEach(w -> w.resourceUpdated(URI.create(uri)));
        }
        return removed;
    }

    /** Whether a resource with this URI is held. */
    public boolean contains(String uri) {
        return entries.containsKey(uri);
    }

    /** How many resources are held. */
    public int size() {
        return entries.size();
    }

    /** The URIs it holds at the moment: asked after templates and declared spaces. */
    @Override
    public UriSpace space() {
        return UriSpace.holding(this::contains);
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        if (request.parent() != null) {
            return children(request);
        }
        var tail = request.cursor() == null ? entries : entries.tailMap(request.cursor(), false);
        List<Resource> items = new ArrayList<>(Math.min(request.limit(), 1024));
        String last = null;
        for (Entry entry : tail.values()) {
            if (items.size() == request.limit()) {
                return Page.of(items, last);
            }
            items.add(entry.resource());
            last = entry.resource().uri();
        }
        return Page.last(items);
    }

    private Page<Resource> children(ListRequest request) {
        String parent = request.parent().toString();
        Entry collection = entries.get(parent);
        if (collection == null) {
            throw new ResourceNotFoundException(parent);
        }
        String prefix = parent.endsWith("/") ? parent : parent + "/";
        String from = request.cursor() == null ? prefix : request.cursor();
        List<Resource> items = new ArrayList<>();
        String last = null;
        for (Entry entry : entries.tailMap(from, false).values()) {
            String uri = entry.resource().uri();
            if (!uri.startsWith(prefix)) {
                break;
            }
            if (!isDirectChild(prefix, uri)) {
                continue;
            }
            if (items.size() == request.limit()) {
                return Page.of(items, last);
            }
            items.add(entry.resource());
            last = uri;
        }
        return Page.last(items);
    }

    private static boolean isDirectChild(String prefix, String uri) {
        String rest = uri.substring(prefix.length());
        int slash = rest.indexOf('/');
        return !rest.isEmpty() && (slash < 0 || slash == rest.length() - 1);
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        Entry entry = entries.get(request.uri().toString());
        return entry == null ? Optional.empty() : Optional.of(Metadata.of(entry.resource()));
    }

    /** The most content a read answers from memory on an I/O thread ({@link #readsFromMemory}). */
    private static final long AT_ONCE_BYTES = 256 * 1024;

    /**
     * True for a resource held as text or bytes of up to 256 KiB in all (and for a URI it does not
     * hold, which is refused at once); false for a collection and for streamed content.
     */
    @Override
    public boolean readsFromMemory(String uri) {
        Entry entry = entries.get(uri);
        if (entry == null) {
            return true;
        }
        if (entry.resource().collection()) {
            return false;
        }
        long bytes = 0;
        for (ResourceContent content : entry.contents()) {
            switch (content.body()) {
                case ContentBody.Text text -> bytes += 3L * text.text().length();
                case ContentBody.Utf8Text text -> bytes += text.utf8().length;
                case ContentBody.Bytes data -> bytes += data.data().length;
                default -> {
                    return false;
                }
            }
        }
        return bytes <= AT_ONCE_BYTES;
    }

    @Override
    public ReadResult read(ReadRequest request) {
        Entry entry = entries.get(request.uriText());
        if (entry == null) {
            throw new ResourceNotFoundException(request.uriText());
        }
        if (!entry.resource().collection()) {
            return ReadResult.of(entry.contents());
        }
        return ReadResult.of(collectionContents(entry, request.options()));
    }

    /** The children of a collection that fit the limits; the collection itself if none do. */
    private List<ResourceContent> collectionContents(Entry collection, ReadOptions options) {
        String prefix = collection.resource().uri().endsWith("/")
                ? collection.resource().uri()
                : collection.resource().uri() + "/";
        List<ResourceContent> contents = new ArrayList<>();
        long bytes = 0;
        for (Entry entry : entries.tailMap(prefix, false).values()) {
            String uri = entry.resource().uri();
            if (!uri.startsWith(prefix) || contents.size() >= options.maxCollectionItems()) {
                break;
            }
            if (!isDirectChild(prefix, uri) || entry.contents().isEmpty()) {
                continue;
            }
            ResourceContent first = entry.contents().getFirst();
            long size = first.body()
                    .size()
                    .orElse(
                            first.resource().size() == null
                                    ? 0
                                    : first.resource().size());
            if (bytes + size > options.maxCollectionBytes()) {
                continue;
            }
            bytes += size;
            contents.add(first);
        }
        if (contents.isEmpty()) {
            return collection.contents().isEmpty()
                    ? List.of(new ResourceContent(collection.resource(), ContentBody.text("")))
                    : collection.contents();
        }
        return contents;
    }

    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        String key = uri.toString();
        watchers.compute(key, (k, list) -> {
            List<ChangeListener> watching = list == null ? new CopyOnWriteArrayList<>() : list;
            watching.add(listener);
            return watching;
        });
        // Remove the list with its last watcher, so watching many URIs over time does not leak.
        return () -> watchers.computeIfPresent(key, (k, list) -> {
            list.remove(listener);
            return list.isEmpty() ? null : list;
        });
    }

    @Override
    public Watch watchList(ChangeListener listener) {
        listWatchers.add(listener);
        return () -> listWatchers.remove(listener);
    }

    @Override
    public String toString() {
        return "in-memory resources (" + entries.size() + ")";
    }
}
