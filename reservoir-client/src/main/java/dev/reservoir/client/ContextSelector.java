package dev.reservoir.client;

import dev.reservoir.client.ContextSelection.Excluded;
import dev.reservoir.client.ContextSelection.Included;
import dev.reservoir.client.ContextSelection.Reason;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The context selection policy: which resources go into a model's context within a byte budget.
 *
 * <ol>
 *   <li><b>Candidates</b>: the ones given, else every resource the server lists. Collections are
 *       left out, and so is a resource whose {@code annotations.audience} is set and lacks the
 *       audience asked for (no audience means "for anyone"), and one whose priority is below the
 *       floor asked for.
 *   <li><b>Size</b> is the resource's {@code size} (raw bytes). When the list did not give it and the
 *       server speaks SEP-2093, {@code resources/metadata} is asked (content is never read to learn
 *       a size). A resource whose size stays unknown is left out, unless asked for: then it comes
 *       after every sized one, and is read and kept only if it fits what is left.
 *   <li><b>Rank</b>: higher {@code annotations.priority} first (none counts as 0.5, the middle of
 *       the 0 to 1 scale); then the more recent {@code lastModified} (none counts as oldest); then
 *       the smaller size (more fits); then the URI, so the order is stable.
 *   <li><b>Fill</b> greedily in rank order: a resource goes in when its size fits in what is left of
 *       the budget; one that does not fit is skipped, and smaller ones after it may still go in. So
 *       a high-priority resource larger than the budget is left out (OVER_BUDGET), never cut.
 *   <li><b>Read</b> what was chosen, in rank order. A resource that turns out larger than declared
 *       stays in only if its real size still fits; otherwise it is dropped (GREW_PAST_BUDGET).
 * </ol>
 */
public final class ContextSelector {

    /** Priority assumed for a resource that has none: the middle of the scale. */
    public static final double DEFAULT_PRIORITY = 0.5;

    /** The rank order: priority, recency, size, URI. Sizes must be known (use {@link #withSize}). */
    public static final Comparator<Resource> RANK = Comparator.comparingDouble(ContextSelector::priority)
            .reversed()
            .thenComparing(ContextSelector::lastModified, Comparator.reverseOrder())
            .thenComparing(r -> r.size() == null ? Long.MAX_VALUE : r.size())
            .thenComparing(Resource::uri);

    private ContextSelector() {}

    static double priority(Resource r) {
        Double p = r.annotations().priority();
        return p == null ? DEFAULT_PRIORITY : p;
    }

    private static Instant lastModified(Resource r) {
        Instant t = r.annotations().lastModified();
        return t == null ? Instant.MIN : t;
    }

    /**
     * Plans without reading: which candidates fit, in rank order. Resources without a size count as
     * unknown here (the client's {@code selectContext} asks the server first).
     */
    public static ContextSelection plan(List<Resource> candidates, ContextRequest request) {
        List<Excluded> excluded = new ArrayList<>();
        List<Resource> sized = new ArrayList<>();
        List<Resource> unknown = new ArrayList<>();
        for (Resource r : candidates) {
            Reason reason = filter(r, request);
            if (reason != null) {
                excluded.add(new Excluded(r, reason));
            } else if (r.size() == null) {
                if (request.includeUnknownSizes()) {
                    unknown.add(r);
                } else {
                    excluded.add(new Excluded(r, Reason.UNKNOWN_SIZE));
                }
            } else {
                sized.add(r);
            }
        }
        sized.sort(RANK);
        unknown.sort(RANK);
        List<Included> included = new ArrayList<>();
        long left = request.budgetBytes();
        for (Resource r : sized) {
            if (r.size() <= left) {
                included.add(new Included(r, r.size(), null));
                left -= r.size();
            } else {
                excluded.add(new Excluded(r, Reason.OVER_BUDGET));
            }
        }
        for (Resource r : unknown) {
            included.add(new Included(r, 0, null)); // sized when read
        }
        return new ContextSelection(included, excluded, request.budgetBytes() - left, request.budgetBytes());
    }

    private static Reason filter(Resource r, ContextRequest request) {
        if (r.collection()) {
            return Reason.COLLECTION;
        }
        if (request.audience() != null
                && !r.annotations().audience().isEmpty()
                && !r.annotations().audience().contains(request.audience())) {
            return Reason.WRONG_AUDIENCE;
        }
        if (request.minPriority() != null && priority(r) < request.minPriority()) {
            return Reason.LOW_PRIORITY;
        }
        return null;
    }

    /** A copy of the resource with its size from {@code resources/metadata}, when the list lacked it. */
    static Resource withSize(McpClient client, Resource r) {
        if (r.size() != null
                || r.collection()
                || !client.server().capabilities().sep2093()) {
            return r;
        }
        try {
            Long size = client.metadata(r.uri()).size();
            return size == null ? r : r.toBuilder().size(size).build();
        } catch (McpException | McpClientException e) {
            return r;
        }
    }

    static ContextSelection select(McpClient client, ContextRequest request) {
        List<Resource> candidates = request.candidates() != null
                ? request.candidates()
                : client.resources().toList();
        List<Resource> sized = candidates.stream()
                .map(r -> filter(r, request) == null ? withSize(client, r) : r)
                .toList();
        ContextSelection plan = plan(sized, request);
        if (!request.readContents()) {
            return plan;
        }
        List<Included> included = new ArrayList<>();
        List<Excluded> excluded = new ArrayList<>(plan.excluded());
        long used = 0;
        for (Included chosen : plan.included()) {
            ReadResourceResult contents;
            try {
                contents = client.read(chosen.resource().uri());
            } catch (McpException | McpClientException e) {
                excluded.add(new Excluded(chosen.resource(), Reason.UNREADABLE));
                continue;
            }
            long bytes = bytes(contents);
            if (used + bytes > request.budgetBytes()) {
                contents.close();
                Long declared = chosen.resource().size();
                excluded.add(new Excluded(
                        chosen.resource(),
                        declared != null && bytes > declared ? Reason.GREW_PAST_BUDGET : Reason.OVER_BUDGET));
                continue;
            }
            used += bytes;
            included.add(new Included(chosen.resource(), bytes, contents));
        }
        return new ContextSelection(included, excluded, used, request.budgetBytes());
    }

    /** The real size of what was read: text in UTF-8 bytes, blobs decoded. */
    static long bytes(ReadResourceResult result) {
        return result.contents().stream().mapToLong(ResourceContents::byteSize).sum();
    }
}
