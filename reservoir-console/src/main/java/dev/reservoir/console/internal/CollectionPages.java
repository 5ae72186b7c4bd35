package dev.reservoir.console.internal;

import dev.reservoir.client.ListResourcesResult;
import dev.reservoir.core.model.Resource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * The children of SEP-2093 collections ({@code resources/list} with {@code uri}), a page at a time
 * as the tree shows them. Emptied on {@code list_changed}. Thread-safe.
 */
final class CollectionPages {

    /** A slice of one collection's children; {@code complete} once the last page is in. */
    record Slice(List<Resource> children, int total, boolean complete) {}

    private static final class Listing {
        final List<Resource> children = new ArrayList<>();
        String cursor;
        boolean complete;
    }

    private final BiFunction<String, String, ListResourcesResult> pageSource;
    private final ResourceIndex index;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Listing> listings = new HashMap<>();

    /** @param pageSource one page of a collection's children, for (collection URI, cursor) */
    CollectionPages(BiFunction<String, String, ListResourcesResult> pageSource, ResourceIndex index) {
        this.pageSource = pageSource;
        this.index = index;
    }

    void reset() {
        lock.lock();
        try {
            listings.clear();
        } finally {
            lock.unlock();
        }
    }

    /** Children {@code offset} to {@code offset + limit}, fetching at most {@code maxPages} pages. */
    Slice children(String collection, int offset, int limit, int maxPages) {
        lock.lock();
        try {
            Listing listing = listings.computeIfAbsent(collection, c -> new Listing());
            for (int fetched = 0;
                    listing.children.size() < offset + limit && !listing.complete && fetched < maxPages;
                    fetched++) {
                ListResourcesResult page = pageSource.apply(collection, listing.cursor);
                page.resources().forEach(index::saw);
                listing.children.addAll(page.resources());
                boolean repeated =
                        page.nextCursor() != null && page.nextCursor().equals(listing.cursor);
                listing.cursor = page.nextCursor();
                listing.complete = listing.cursor == null || repeated;
            }
            int end = Math.min(listing.children.size(), offset + limit);
            List<Resource> slice = offset >= end ? List.of() : List.copyOf(listing.children.subList(offset, end));
            return new Slice(slice, listing.children.size(), listing.complete);
        } finally {
            lock.unlock();
        }
    }
}
