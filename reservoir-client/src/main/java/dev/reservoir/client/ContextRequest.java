package dev.reservoir.client;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import java.util.List;

/**
 * What {@link McpClient#selectContext} should choose: a byte budget and optional filters. Start with
 * {@link #budget(long)} and refine with the {@code with...} methods.
 *
 * @param budgetBytes the most content bytes to include (raw bytes, as {@code size} counts them)
 * @param audience only resources for this audience (or for no one in particular); null for any
 * @param minPriority leave out resources whose priority is lower; null for no floor
 * @param candidates the resources to choose from; null for every resource the server lists
 * @param includeUnknownSizes also consider resources whose size neither the list nor
 *     {@code resources/metadata} gives; they come last, are read, and are dropped if they do not fit
 * @param readContents read the chosen resources (else only plan)
 */
public record ContextRequest(
        long budgetBytes,
        Role audience,
        Double minPriority,
        List<Resource> candidates,
        boolean includeUnknownSizes,
        boolean readContents) {

    public ContextRequest {
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("the budget must not be negative: " + budgetBytes);
        }
        candidates = candidates == null ? null : List.copyOf(candidates);
    }

    /** Every listed resource, any audience, read once chosen. */
    public static ContextRequest budget(long bytes) {
        return new ContextRequest(bytes, null, null, null, false, true);
    }

    public ContextRequest withAudience(Role role) {
        return new ContextRequest(budgetBytes, role, minPriority, candidates, includeUnknownSizes, readContents);
    }

    public ContextRequest withMinPriority(Double floor) {
        return new ContextRequest(budgetBytes, audience, floor, candidates, includeUnknownSizes, readContents);
    }

    public ContextRequest withCandidates(List<Resource> resources) {
        return new ContextRequest(budgetBytes, audience, minPriority, resources, includeUnknownSizes, readContents);
    }

    public ContextRequest withUnknownSizes(boolean include) {
        return new ContextRequest(budgetBytes, audience, minPriority, candidates, include, readContents);
    }

    /** Only plans: nothing is read. */
    public ContextRequest planOnly() {
        return new ContextRequest(budgetBytes, audience, minPriority, candidates, includeUnknownSizes, false);
    }
}
