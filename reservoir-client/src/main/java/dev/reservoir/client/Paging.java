package dev.reservoir.client;

import dev.reservoir.client.common.McpClientException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** A lazy stream over paginated results that follows {@code nextCursor} and refuses a repeated one. */
final class Paging {

    record Page<T>(List<T> items, String nextCursor) {}

    private Paging() {}

    static <T> Stream<T> stream(Function<String, Page<T>> fetch, String what) {
        return StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(
                        new Pages<>(fetch, what), Spliterator.ORDERED | Spliterator.NONNULL),
                false);
    }

    private static final class Pages<T> implements Iterator<T> {
        private final Function<String, Page<T>> fetch;
        private final String what;
        private final Set<String> seen = new HashSet<>();
        private Iterator<T> current;
        private String cursor;
        private boolean started;
        private int pages;

        Pages(Function<String, Page<T>> fetch, String what) {
            this.fetch = fetch;
            this.what = what;
        }

        @Override
        public boolean hasNext() {
            while (current == null || !current.hasNext()) {
                if (started && cursor == null) {
                    return false;
                }
                Page<T> page = fetch.apply(cursor);
                started = true;
                pages++;
                String next = page.nextCursor();
                if (next != null && !seen.add(next)) {
                    throw new McpClientException(what + ": the server gave cursor \"" + abbreviate(next)
                            + "\" a second time (page " + pages + "); stopping, as following it would never end");
                }
                cursor = next;
                current = page.items().iterator();
            }
            return true;
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }

        private static String abbreviate(String cursor) {
            return cursor.length() > 40 ? cursor.substring(0, 40) + "..." : cursor;
        }
    }
}
