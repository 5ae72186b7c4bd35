package dev.reservoir.console.internal;

import dev.reservoir.client.ListResourcesResult;
import dev.reservoir.core.model.Resource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * The server's {@code resources/list}, fetched a page at a time as the pages are needed (a window of
 * the list view, a search that has not found enough yet, a tree node), never all at once unless
 * the user asks. Views (filtered and sorted) are computed over what is loaded. A
 * {@code list_changed} empties it; it fills again on demand. Thread-safe: one lock, held while a
 * page is fetched so that two requests never fetch the same page.
 */
final class ResourceIndex {

    /**
     * A slice of a view.
     *
     * @param matches how many loaded resources pass the query
     * @param complete whether every page is loaded (else more may match)
     * @param loaded how many resources are loaded
     * @param pages how many pages were fetched since the index was last emptied
     */
    record Window(
            List<Resource> rows,
            int offset,
            int matches,
            boolean complete,
            int loaded,
            int pages,
            int generation,
            String problem) {}

    private final Function<String, ListResourcesResult> pageSource;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<Resource> rows = new ArrayList<>();
    private final List<String> haystacks = new ArrayList<>();
    private final Map<String, Integer> positions = new HashMap<>();
    private final NavigableMap<String, Resource> byUri = new TreeMap<>();
    private final Set<String> cursors = new HashSet<>();
    /** Every resource seen anywhere (listings, children, reads), for the context basket. */
    private final Map<String, Resource> seen = new ConcurrentHashMap<>();

    private String cursor;
    private boolean complete;
    private int pages;
    private int generation;
    private String problem;

    private Query viewQuery;
    private int viewGeneration = -1;
    private int viewLoaded;
    private int[] view = new int[0];
    private int viewSize;

    /** @param pageSource one page of {@code resources/list} for a cursor (null for the first) */
    ResourceIndex(Function<String, ListResourcesResult> pageSource) {
        this.pageSource = pageSource;
    }

    /** Forgets every page (the list changed, or the server was reconnected). */
    void reset() {
        lock.lock();
        try {
            rows.clear();
            haystacks.clear();
            positions.clear();
            byUri.clear();
            cursors.clear();
            cursor = null;
            complete = false;
            pages = 0;
            problem = null;
            generation++;
            viewGeneration = -1;
        } finally {
            lock.unlock();
        }
    }

    /**
     * A window of the view a query asks for, fetching pages until it is full, the listing ends, or
     * {@code maxPages} pages were fetched by this call.
     */
    Window window(Query query, int offset, int limit, int maxPages) {
        lock.lock();
        try {
            int fetched = 0;
            while (viewOf(query) < offset + limit && !complete && fetched < maxPages) {
                fetchPage();
                fetched++;
            }
            int size = viewOf(query);
            List<Resource> slice = new ArrayList<>();
            for (int i = offset; i < Math.min(size, offset + limit); i++) {
                slice.add(rows.get(view == null ? i : view[i]));
            }
            return new Window(slice, offset, size, complete, rows.size(), pages, generation, problem);
        } finally {
            lock.unlock();
        }
    }

    /** Runs something over the loaded resources (by URI) after loading at least {@code min}. */
    <T> T withLoaded(int min, int maxPages, Function<NavigableMap<String, Resource>, T> work) {
        lock.lock();
        try {
            int fetched = 0;
            while (rows.size() < min && !complete && fetched < maxPages) {
                fetchPage();
                fetched++;
            }
            return work.apply(Collections.unmodifiableNavigableMap(byUri));
        } finally {
            lock.unlock();
        }
    }

    /** Loads up to this many more pages (the tree's "load more"). */
    void loadMore(int maxPages) {
        lock.lock();
        try {
            for (int i = 0; i < maxPages && !complete; i++) {
                fetchPage();
            }
        } finally {
            lock.unlock();
        }
    }

    boolean complete() {
        lock.lock();
        try {
            return complete;
        } finally {
            lock.unlock();
        }
    }

    int loaded() {
        lock.lock();
        try {
            return rows.size();
        } finally {
            lock.unlock();
        }
    }

    /** Remembers a resource seen outside the listing (a collection's child, a read). */
    void saw(Resource resource) {
        seen.put(resource.uri(), resource);
    }

    /** The freshest metadata seen for a URI, or null. */
    Resource known(String uri) {
        return seen.get(uri);
    }

    private void fetchPage() {
        ListResourcesResult page = pageSource.apply(cursor);
        pages++;
        for (Resource r : page.resources()) {
            seen.put(r.uri(), r);
            byUri.put(r.uri(), r);
            Integer at = positions.get(r.uri());
            if (at != null) {
                rows.set(at, r); // listed twice: keep one row, with the latest metadata
                haystacks.set(at, Query.haystack(r));
            } else {
                positions.put(r.uri(), rows.size());
                rows.add(r);
                haystacks.add(Query.haystack(r));
            }
        }
        String next = page.nextCursor();
        if (next == null) {
            complete = true;
        } else if (!cursors.add(next)) {
            complete = true;
            problem = "the server repeated a cursor (" + next + "); the listing stops there";
        }
        cursor = next;
    }

    /** Brings the view up to date for a query; returns its size. Call with the lock held. */
    private int viewOf(Query query) {
        if (query.matchesAll() && query.serverOrder()) {
            view = null;
            viewQuery = query;
            viewGeneration = generation;
            viewLoaded = rows.size();
            return rows.size();
        }
        boolean same = query.equals(viewQuery) && viewGeneration == generation && view != null;
        if (same && viewLoaded == rows.size()) {
            return viewSize;
        }
        if (same && query.serverOrder()) {
            extend(query, viewLoaded); // in the server's order a view only grows at its end
        } else {
            viewSize = 0;
            view = new int[Math.max(16, rows.size())];
            extend(query, 0);
            if (!query.serverOrder()) {
                sortView(query);
            }
        }
        viewQuery = query;
        viewGeneration = generation;
        viewLoaded = rows.size();
        return viewSize;
    }

    private void extend(Query query, int from) {
        for (int i = from; i < rows.size(); i++) {
            if (query.matches(rows.get(i), haystacks.get(i))) {
                if (viewSize == view.length) {
                    view = Arrays.copyOf(view, view.length * 2);
                }
                view[viewSize++] = i;
            }
        }
    }

    private void sortView(Query query) {
        var order = query.comparator();
        Integer[] boxed = new Integer[viewSize];
        for (int i = 0; i < viewSize; i++) {
            boxed[i] = view[i];
        }
        // Ties keep the server's order (a stable sort over positions in server order).
        Arrays.sort(boxed, (a, b) -> order.compare(rows.get(a), rows.get(b)));
        for (int i = 0; i < viewSize; i++) {
            view[i] = boxed[i];
        }
    }
}
