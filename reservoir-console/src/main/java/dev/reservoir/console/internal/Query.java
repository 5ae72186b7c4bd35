package dev.reservoir.console.internal;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import java.time.Instant;
import java.util.Comparator;
import java.util.Locale;
import java.util.function.Function;

/**
 * What the list view shows: a search text (name, title, description and URI, ignoring case),
 * filters, and an order. Immutable.
 *
 * @param text search text, "" for none
 * @param mime a MIME type ("text/plain") or a family ("image/", "image/*", "image"), "" for any
 * @param audience only resources whose audience includes this role; null for any
 * @param since only resources modified at or after this instant; null for any
 * @param minSize only resources at least this large (bytes); null for no floor
 * @param maxSize only resources at most this large; null for no ceiling
 * @param sort the column to sort by
 * @param descending whether the order is reversed
 */
record Query(
        String text,
        String mime,
        Role audience,
        Instant since,
        Long minSize,
        Long maxSize,
        Sort sort,
        boolean descending) {

    /** The list view's columns, and the server's own order. */
    enum Sort {
        SERVER,
        NAME,
        TYPE,
        SIZE,
        MODIFIED,
        PRIORITY,
        AUDIENCE
    }

    static final Query ALL = new Query("", "", null, null, null, null, Sort.SERVER, false);

    Query {
        text = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        mime = mime == null ? "" : mime.strip().toLowerCase(Locale.ROOT);
        sort = sort == null ? Sort.SERVER : sort;
    }

    /** Whether every resource passes (no search, no filter). */
    boolean matchesAll() {
        return text.isEmpty()
                && mime.isEmpty()
                && audience == null
                && since == null
                && minSize == null
                && maxSize == null;
    }

    /** Whether the view is in the server's order (so it can grow as pages arrive). */
    boolean serverOrder() {
        return sort == Sort.SERVER && !descending;
    }

    /** Whether a resource passes; {@code haystack} is its searchable text in lower case. */
    boolean matches(Resource r, String haystack) {
        if (!text.isEmpty() && !haystack.contains(text)) {
            return false;
        }
        if (!mime.isEmpty() && !mimeMatches(r.mimeType())) {
            return false;
        }
        if (audience != null && !r.annotations().audience().contains(audience)) {
            return false;
        }
        Instant modified = r.annotations().lastModified();
        if (since != null && (modified == null || modified.isBefore(since))) {
            return false;
        }
        if ((minSize != null || maxSize != null) && r.size() == null) {
            return false;
        }
        return (minSize == null || r.size() >= minSize) && (maxSize == null || r.size() <= maxSize);
    }

    private boolean mimeMatches(String type) {
        if (type == null) {
            return false;
        }
        String t = type.toLowerCase(Locale.ROOT);
        int semi = t.indexOf(';');
        if (semi >= 0) {
            t = t.substring(0, semi).strip();
        }
        String family = mime.endsWith("/*") ? mime.substring(0, mime.length() - 1) : mime;
        if (family.endsWith("/")) {
            return t.startsWith(family);
        }
        return family.contains("/") ? t.equals(family) : t.startsWith(family + "/");
    }

    /** The searchable text of a resource, in lower case. */
    static String haystack(Resource r) {
        StringBuilder s = new StringBuilder(r.uri().length() + 64);
        s.append(r.name()).append('\n');
        if (r.title() != null) {
            s.append(r.title()).append('\n');
        }
        if (r.description() != null) {
            s.append(r.description()).append('\n');
        }
        return s.append(r.uri()).toString().toLowerCase(Locale.ROOT);
    }

    /** The order of the chosen column; resources without a value come last either way. */
    Comparator<Resource> comparator() {
        return switch (sort) {
            case SERVER -> (a, b) -> 0;
            case NAME -> byKey(r -> label(r).toLowerCase(Locale.ROOT));
            case TYPE -> byKey(r -> r.mimeType() == null ? null : r.mimeType().toLowerCase(Locale.ROOT));
            case SIZE -> byKey(Resource::size);
            case MODIFIED -> byKey(r -> r.annotations().lastModified());
            case PRIORITY -> byKey(r -> r.annotations().priority());
            case AUDIENCE ->
                byKey(r -> r.annotations().audience().isEmpty()
                        ? null
                        : String.join(
                                ",",
                                r.annotations().audience().stream()
                                        .map(Role::wire)
                                        .toList()));
        };
    }

    static String label(Resource r) {
        return r.title() != null ? r.title() : r.name();
    }

    private <T extends Comparable<? super T>> Comparator<Resource> byKey(Function<Resource, T> key) {
        return (a, b) -> {
            T x = key.apply(a);
            T y = key.apply(b);
            if (x == null || y == null) {
                return x == y ? 0 : x == null ? 1 : -1;
            }
            int order = x.compareTo(y);
            return descending ? -order : order;
        };
    }
}
