package dev.reservoir.server.internal;

import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Resource;
import java.util.List;

/**
 * How full one {@code resources/list} page may get: at most a number of resources, and about a
 * number of bytes as written (estimated from the lengths of the resources' strings, one byte a
 * character). A page is filled by asking providers for chunks: a small first one, then as many as
 * the bytes left allow at the size seen so far, so a page of small resources takes two provider
 * calls and a page of large ones stops near its budget instead of one chunk past it. Not
 * thread-safe: one per page.
 */
final class PageBudget {

    /** The first chunk's size, before anything is known of the resources' size. */
    static final int FIRST_ASK = 64;

    private final int most;
    private final long bytes;
    private int count;
    private long used;

    PageBudget(int most, long bytes) {
        this.most = most;
        this.bytes = bytes;
    }

    /** How many resources to ask a provider for next: at least 1 unless {@link #full()}. */
    int nextAsk() {
        int room = most - count;
        if (count == 0) {
            return bytes == Long.MAX_VALUE ? room : Math.min(room, FIRST_ASK);
        }
        long average = Math.max(1, used / count);
        return (int) Math.min(room, Math.max(0, (bytes - used) / average));
    }

    /** Whether the page holds all it may: no room for one more resource of the average size. */
    boolean full() {
        return count >= most || (count > 0 && nextAsk() < 1);
    }

    /** Counts resources added to the page. */
    void add(List<Resource> resources) {
        for (Resource resource : resources) {
            used += estimate(resource);
        }
        count += resources.size();
    }

    /** About how many bytes a resource takes in a page: its strings, field names and punctuation. */
    static long estimate(Resource r) {
        long n = 48 + r.uri().length() + r.name().length(); // {"uri":"","name":""} with size and flags
        n += optional(r.title()) + optional(r.description()) + optional(r.mimeType());
        if (!r.icons().isEmpty()) { // most have none: no iterator made for them
            for (Icon icon : r.icons()) {
                n += 64
                        + icon.src().length()
                        + optional(icon.mimeType())
                        + 16L * icon.sizes().size();
            }
        }
        if (r.annotations() != Annotations.NONE) {
            n += 96;
        }
        if (r.meta() != null) {
            n += r.meta().toString().length(); // rare: its text is the simplest honest measure
        }
        return n;
    }

    private static long optional(String s) {
        return s == null ? 0 : 16 + s.length();
    }

    /**
     * The most bytes a resource can take in a page, in any wire format: every character of a
     * string at 6 bytes (a control character is written as an escape of six; any other character
     * takes at most 3 bytes of UTF-8), with room for the field names, punctuation and numbers, and
     * {@code _meta} as the codec writes it. Unlike {@link #estimate} it is never less than what is
     * written ({@code PageBudgetTest} checks it against the writer of every format).
     */
    static long most(Resource r) {
        // Braces, uri, name, and room for size, isCollection and capabilities.
        long n = 320 + mostChars(r.uri()) + mostChars(r.name());
        n += mostOptional(r.title()) + mostOptional(r.description()) + mostOptional(r.mimeType());
        if (!r.icons().isEmpty()) {
            n += 16;
            for (Icon icon : r.icons()) {
                n += 88 + mostChars(icon.src()) + mostOptional(icon.mimeType()); // theme: light or dark
                for (String size : icon.sizes()) {
                    n += 4 + mostChars(size);
                }
            }
        }
        if (r.annotations() != Annotations.NONE) {
            // A role takes at most 12 bytes, the priority (a double) 24, lastModified (an instant) 40.
            n += 144 + 16L * r.annotations().audience().size();
        }
        if (r.meta() != null) {
            n += 16 + ContentMeter.written(JsonWritable.of(r.meta()));
        }
        return n;
    }

    /** A string's most bytes written: every character escaped. */
    static long mostChars(String s) {
        return (long) ContentMeter.MOST_ESCAPED_PER_CHAR * s.length();
    }

    /** An optional string's most bytes written, with room for its field's name; 0 when absent. */
    static long mostOptional(String s) {
        return s == null ? 0 : 24 + mostChars(s);
    }
}
