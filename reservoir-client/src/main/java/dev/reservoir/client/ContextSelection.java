package dev.reservoir.client;

import dev.reservoir.core.model.Resource;
import java.util.List;

/**
 * What {@link McpClient#selectContext} chose, in the order it ranked them, and what it left out and
 * why. Close it to release the chosen contents' temporary files.
 *
 * @param usedBytes the bytes of the included resources (their real sizes once read)
 */
public record ContextSelection(List<Included> included, List<Excluded> excluded, long usedBytes, long budgetBytes)
        implements AutoCloseable {

    public ContextSelection {
        included = List.copyOf(included);
        excluded = List.copyOf(excluded);
    }

    /**
     * A chosen resource.
     *
     * @param bytes its size as planned, or as read
     * @param contents what was read, or null when only planning
     */
    public record Included(Resource resource, long bytes, ReadResourceResult contents) {}

    /** A resource left out. */
    public record Excluded(Resource resource, Reason reason) {}

    /** Why a resource was left out. */
    public enum Reason {
        /** A collection (a folder), not content. */
        COLLECTION,
        /** Its audience does not include the one asked for. */
        WRONG_AUDIENCE,
        /** Its priority is below the floor asked for. */
        LOW_PRIORITY,
        /** Its size is unknown (and unknown sizes were not asked for). */
        UNKNOWN_SIZE,
        /** It does not fit in what was left of the budget. */
        OVER_BUDGET,
        /** Read, it turned out larger than its declared size and than what was left. */
        GREW_PAST_BUDGET,
        /** It could not be read (not found, or an error). */
        UNREADABLE
    }

    /** The included resources' URIs, in rank order. */
    public List<String> uris() {
        return included.stream().map(i -> i.resource().uri()).toList();
    }

    @Override
    public void close() {
        for (Included item : included) {
            if (item.contents() != null) {
                item.contents().close();
            }
        }
    }
}
